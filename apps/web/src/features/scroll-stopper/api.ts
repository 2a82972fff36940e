import {
  backgroundsResponse,
  createVideoEntryResponse,
  scrollStopperBackgrounds,
  scrollStopperTexts,
  uploadMessages,
  uploadResponse,
  type BackgroundItem,
  type CreateVideoEntryBody,
  type UploadResponse,
} from '@reelsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPost, apiRequest, readBody, type ApiResult } from '../../lib/api.ts';

/** The server's own text when it gave one, else the page's fallback. */
function failure(result: ApiResult | null, fallback: string): Error {
  const text = (result?.body as { error?: unknown } | null)?.error;
  return new Error(typeof text === 'string' && text ? text : fallback);
}

async function fetchBackgrounds(): Promise<BackgroundItem[]> {
  const result = await apiRequest('/api/backgrounds');
  const body = result.ok ? readBody(backgroundsResponse, result.body) : null;
  if (!body) throw failure(result, scrollStopperTexts.noBackgrounds);
  return body;
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

export async function uploadScrollStopperVideo(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.set('file', file);
  const result = await apiRequest('/api/uploads/scroll-stopper-video', { form }).catch(() => null);
  const body = result?.ok ? readBody(uploadResponse, result.body) : null;
  if (!body) throw failure(result, uploadMessages.failed);
  return body;
}

/** SPEC §7 create-video-entry: the chosen video starts the project. Failure: the server's text, else the spec's. */
export async function createScrollStopperEntry(userId: string, videoUrl: string): Promise<string> {
  const request: CreateVideoEntryBody = { user_id: userId, user_video_url: videoUrl, video_type: 'scroll-stopper' };
  const result = await apiPost('/api/create-video-entry', request).catch(() => null);
  const body = result?.ok ? readBody(createVideoEntryResponse, result.body) : null;
  if (!body) throw failure(result, scrollStopperTexts.createFailed);
  return body.video_id;
}
