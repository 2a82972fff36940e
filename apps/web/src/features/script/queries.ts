import type { ScriptDraft } from '@reelsmith/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchDraft, fetchProjectVideo } from './api.ts';

export type SavedDraft = ScriptDraft & { video_id: string };

export const scriptKeys = {
  draft: (userId: string, projectId: string | null) => ['script-draft', userId, projectId ?? 'latest'] as const,
  video: (userId: string, projectId: string | null) => ['project-video', userId, projectId] as const,
};

/**
 * The project's script as last saved. This page is the script's only writer and keeps the cache in step with every
 * save (useDraftCache), so a cached draft is never stale and is not fetched again while the app is open.
 */
export function useDraft(userId: string, projectId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: scriptKeys.draft(userId, projectId),
    queryFn: () => fetchDraft(userId, projectId),
    enabled,
    staleTime: Infinity,
  });
}

export function useDraftCache(userId: string) {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      put: (draft: SavedDraft) => queryClient.setQueryData(scriptKeys.draft(userId, draft.video_id), draft),
      putScript: (projectId: string, script: string) =>
        queryClient.setQueryData<ScriptDraft>(scriptKeys.draft(userId, projectId), (draft) => (draft ? { ...draft, script } : draft)),
    }),
    [queryClient, userId],
  );
}

/** The project's video, for the video-first page; a signed URL expires, so it is fetched each time the page opens. */
export function useProjectVideo(userId: string, projectId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: scriptKeys.video(userId, projectId),
    queryFn: () => fetchProjectVideo(userId, projectId!),
    enabled: enabled && projectId !== null,
    staleTime: 0,
  });
}
