import { subtitleStyleNames, type SubtitleFontSize, type SubtitlePosition, type SubtitleStyleName, type SubtitleStylePreview } from '@reelsmith/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ProjectRef } from '../../lib/finalVideoStep.ts';
import { fetchLatestSubtitles, fetchStylePreview } from './api.ts';

/** A style's preview depends only on its inputs, so it is fetched once per combination. */
const previewQuery = (style: SubtitleStyleName, fontSize: SubtitleFontSize, position: SubtitlePosition) => ({
  queryKey: ['subtitle-preview', style, fontSize, position] as const,
  queryFn: () => fetchStylePreview(style, fontSize, position),
  staleTime: Infinity,
});

export function useStylePreview(style: SubtitleStyleName, fontSize: SubtitleFontSize, position: SubtitlePosition) {
  return useQuery({ ...previewQuery(style, fontSize, position), placeholderData: (previous) => previous });
}

/** Every style's look for the picker, which shows fonts and colours only: one size and place is enough. */
export function useStyleLooks(): Partial<Record<SubtitleStyleName, SubtitleStylePreview>> {
  return useQueries({
    queries: subtitleStyleNames.map((style) => previewQuery(style, 'medium', 'bottom')),
    combine: (results) => Object.fromEntries(subtitleStyleNames.flatMap((style, i) => (results[i]?.data ? [[style, results[i].data]] : []))),
  });
}

export function useLatestSubtitles(project: ProjectRef) {
  return useQuery({
    queryKey: ['subtitles', project.userId, project.videoId ?? 'latest'],
    queryFn: () => fetchLatestSubtitles(project),
    // The editor owns the state once loaded; a refetch would only fight the user's typing.
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
  });
}
