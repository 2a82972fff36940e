import {
  convertImagesResponse,
  imageEffectsResponse,
  imageFieldNames,
  imageToVideoTexts,
  videoStatusResponse,
  workflowMessages,
  type ImageEffect,
  type ImageEffectItem,
  type VideoStatusResponse,
} from '@reelsmith/contracts';
import { apiPost, apiRequest, readBody, type ApiResult } from '../../lib/api.ts';
import type { PickedImage } from './images.ts';

/**
 * The server's own text when it gave one (a refused image says which), else the page's fallback. A session that
 * ended while the page was open reads as SPEC §5 says: 'User not logged in'.
 */
function failure(result: ApiResult, fallback: string): Error {
  if (result.status === 401) return new Error(imageToVideoTexts.notLoggedIn);
  const text = (result.body as { error?: unknown } | null)?.error;
  return new Error(typeof text === 'string' && text ? text : fallback);
}

export async function fetchEffects(): Promise<ImageEffectItem[]> {
  const result = await apiRequest('/api/image-effects');
  const body = result.ok ? readBody(imageEffectsResponse, result.body) : null;
  if (!body) throw failure(result, workflowMessages.somethingWentWrong);
  return body.effects;
}

/** SPEC §7 convert-images-to-video: image1..N (a file, or imageN_url for a stock image already stored), zoom, effect. */
export async function startConversion(request: {
  userId: string;
  projectId: string | null;
  images: PickedImage[];
  zoom: boolean;
  effect: ImageEffect;
}): Promise<string> {
  const form = new FormData();
  form.set('user_id', request.userId);
  if (request.projectId) form.set('video_id', request.projectId);
  form.set('zoom', request.zoom ? 'yes' : 'no');
  form.set('effect', request.effect);
  request.images.forEach((image, index) => {
    const names = imageFieldNames(index + 1);
    if (image.source.kind === 'file') form.set(names.file, image.source.file, image.name);
    else form.set(names.url, image.source.url);
  });
  let result: ApiResult;
  try {
    result = await apiRequest('/api/convert-images-to-video', { form });
  } catch {
    throw new Error(imageToVideoTexts.failed);
  }
  if (!result.ok) throw failure(result, imageToVideoTexts.failed);
  const body = readBody(convertImagesResponse, result.body);
  if (!body) throw new Error(imageToVideoTexts.unexpected);
  return body.video_id;
}

/** One poll of check-video-status for the project; anything unreadable is SPEC §4's 'Unexpected response'. */
export async function checkStatus(userId: string, projectId: string): Promise<VideoStatusResponse> {
  const result = await apiPost('/api/check-video-status', { user_id: userId, video_id: projectId }).catch(() => null);
  if (result?.status === 401) throw new Error(imageToVideoTexts.notLoggedIn);
  const body = result?.ok ? readBody(videoStatusResponse, result.body) : null;
  if (!body) throw new Error(imageToVideoTexts.unexpected);
  return body;
}
