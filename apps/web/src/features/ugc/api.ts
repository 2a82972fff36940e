import {
  genericMessages,
  ugcEndpoints,
  ugcTexts,
  type UgcConfig,
  type UgcLength,
} from '@reelsmith/contracts';
import { attempt, call } from '../../lib/client.ts';

/** A session that ended while the page was open reads as the creation flows' 'You need to be logged in'. */
const signedOut = genericMessages.signInRequired;

/**
 * A start's failure as the page shows it: the server's own refusal as it is; no answer at all SPEC §8's 'Something
 * went wrong while starting…', an answer outside the contract 'Unexpected response from server.', else `fallback`.
 */
const startTexts = (fallback: string) => ({ fallback, signedOut, unreachable: ugcTexts.startUnreachable, unexpected: ugcTexts.unexpected });

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
  return (await attempt(call(ugcEndpoints.generateImage, form), startTexts(ugcTexts.imageFailed))).video_id;
}

/** SPEC §7 check-image-status; a failed poll is SPEC §8's 'Failed to check image status'. */
export function checkUgcImage(userId: string, projectId: string) {
  return attempt(call(ugcEndpoints.checkImageStatus, { user_id: userId, video_id: projectId }), { fallback: ugcTexts.imageCheckFailed, signedOut, words: false });
}

/** SPEC §7 ugc-generate-video (form). */
export async function startUgcVideo(request: { userId: string; projectId: string; prompt: string; length: UgcLength; motionTemplate?: boolean }): Promise<string> {
  const body = { user_id: request.userId, video_id: request.projectId, prompt: request.prompt, video_length: request.length, ...(request.motionTemplate ? { motion_template: true } : {}) };
  return (await attempt(call(ugcEndpoints.generateVideo, body), startTexts(ugcTexts.videoStartFailed))).video_id;
}
