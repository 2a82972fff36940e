import {
  genericMessages,
  ugcEndpoints,
  ugcTexts,
  type UgcConfig,
  type UgcLength,
} from '@reelsmith/contracts';
import { ApiError, call, failureText } from '../../lib/client.ts';

/** A session that ended while the page was open reads as the creation flows' 'You need to be logged in'. */
const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * A start's failure as the page shows it: the server's own refusal as it is; no answer at all SPEC §8's 'Something
 * went wrong while starting…', an answer outside the contract 'Unexpected response from server.', else `fallback`.
 */
function startFailure(error: unknown, fallback: string): Error {
  if (signedOut(error)) return new Error(genericMessages.signInRequired, { cause: error });
  if (!(error instanceof ApiError) || error.unreachable) return new Error(ugcTexts.startUnreachable, { cause: error });
  if (error.unreadable) return new Error(ugcTexts.unexpected, { cause: error });
  return new Error(failureText(error, fallback), { cause: error });
}

export const fetchUgcSettings = () => call(ugcEndpoints.settings, undefined);

export const fetchLatestConfig = (userId: string, projectId: string | null) =>
  call(ugcEndpoints.latestConfig, { user_id: userId, ...(projectId ? { video_id: projectId } : {}) });

export const fetchLatestImage = (userId: string, projectId: string | null) =>
  call(ugcEndpoints.latestImage, { user_id: userId, ...(projectId ? { video_id: projectId } : {}) });

export interface UgcImageRequest {
  userId: string;
  projectId: string | null;
  config: UgcConfig;
  /** Null keeps the project's product photo (a restored form). */
  productImage: File | null;
}

/** SPEC §7 generate-ugc-image; answers the project the still is made in. */
export async function startUgcImage(request: UgcImageRequest): Promise<string> {
  const form = new FormData();
  form.set('user_id', request.userId);
  if (request.projectId) form.set('video_id', request.projectId);
  for (const [name, value] of Object.entries(request.config)) form.set(name, value);
  if (request.productImage) form.set('productImage', request.productImage, request.productImage.name);
  try {
    return (await call(ugcEndpoints.generateImage, form, { fallback: ugcTexts.imageFailed })).video_id;
  } catch (error) {
    throw startFailure(error, ugcTexts.imageFailed);
  }
}

/** SPEC §7 check-image-status; a failed poll is SPEC §8's 'Failed to check image status'. */
export async function checkUgcImage(userId: string, projectId: string) {
  try {
    return await call(ugcEndpoints.checkImageStatus, { user_id: userId, video_id: projectId });
  } catch (error) {
    if (signedOut(error)) throw new Error(genericMessages.signInRequired, { cause: error });
    throw new Error(ugcTexts.imageCheckFailed, { cause: error });
  }
}

/** SPEC §7 ugc-generate-video (form). */
export async function startUgcVideo(request: { userId: string; projectId: string; prompt: string; length: UgcLength }): Promise<string> {
  try {
    const body = { user_id: request.userId, video_id: request.projectId, prompt: request.prompt, video_length: request.length };
    return (await call(ugcEndpoints.generateVideo, body, { fallback: ugcTexts.videoStartFailed })).video_id;
  } catch (error) {
    throw startFailure(error, ugcTexts.videoStartFailed);
  }
}
