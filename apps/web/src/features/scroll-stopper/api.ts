import {
  dashboardEndpoints,
  mediaEndpoints,
  platformEndpoints,
  scrollStopperBackgrounds,
  scrollStopperTexts,
  uploadMessages,
  type BackgroundItem,
  type UploadResponse,
} from '@reelsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { attempt, call } from '../../lib/client.ts';

function fetchBackgrounds(): Promise<BackgroundItem[]> {
  return attempt(call(mediaEndpoints.backgrounds, undefined), { fallback: scrollStopperTexts.noBackgrounds });
}

/** The library makes its backgrounds on a fresh install over a few minutes: until all are there, ask again. */
export function useBackgrounds() {
  return useQuery({
    queryKey: ['scroll-stopper-backgrounds'],
    queryFn: fetchBackgrounds,
    staleTime: 5 * 60_000,
    refetchInterval: (query) => ((query.state.data?.length ?? 0) < scrollStopperBackgrounds.length ? 10_000 : false),
  });
}

export function uploadScrollStopperVideo(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.set('file', file);
  return attempt(call(platformEndpoints.upload, form, { params: { purpose: 'scroll-stopper-video' } }), { fallback: uploadMessages.failed });
}

/** SPEC §7 create-video-entry: the chosen video starts the project. Failure: the server's text, else the spec's. */
export async function createScrollStopperEntry(userId: string, videoUrl: string): Promise<string> {
  const request = { user_id: userId, user_video_url: videoUrl, video_type: 'scroll-stopper' as const };
  return (await attempt(call(dashboardEndpoints.createVideoEntry, request), { fallback: scrollStopperTexts.createFailed })).video_id;
}
