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
import { call, failureText } from '../../lib/client.ts';

/** The server's own text when it gave one, else the page's fallback. */
async function shown<T>(request: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new Error(failureText(error, fallback), { cause: error });
  }
}

function fetchBackgrounds(): Promise<BackgroundItem[]> {
  return shown(() => call(mediaEndpoints.backgrounds, undefined), scrollStopperTexts.noBackgrounds);
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
  return shown(() => call(platformEndpoints.upload, form, { params: { purpose: 'scroll-stopper-video' } }), uploadMessages.failed);
}

/** SPEC §7 create-video-entry: the chosen video starts the project. Failure: the server's text, else the spec's. */
export async function createScrollStopperEntry(userId: string, videoUrl: string): Promise<string> {
  const request = { user_id: userId, user_video_url: videoUrl, video_type: 'scroll-stopper' as const };
  return (await shown(() => call(dashboardEndpoints.createVideoEntry, request), scrollStopperTexts.createFailed)).video_id;
}
