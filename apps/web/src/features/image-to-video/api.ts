import {
  formatImageFocus,
  imageFieldNames,
  imageToVideoTexts,
  ownMediaEndpoints,
  voiceoverEndpoints,
  workflowMessages,
  type ImageEffect,
  type ImageEffectItem,
  type VideoStatusResponse,
} from '@reelsmith/contracts';
import { attempt, call } from '../../lib/client.ts';
import type { PickedImage } from './images.ts';

/** A session that ended while the page was open reads as SPEC §5 says: 'User not logged in'. */
const signedOut = imageToVideoTexts.notLoggedIn;

export async function fetchEffects(): Promise<ImageEffectItem[]> {
  return (await attempt(call(ownMediaEndpoints.imageEffects, undefined), { fallback: workflowMessages.somethingWentWrong, signedOut })).effects;
}

/**
 * SPEC §7 convert-images-to-video: image1..N (a file, or imageN_url for a stock image already stored) with its framing
 * imageN_focus, zoom, effect.
 */
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
    form.set(names.focus, formatImageFocus(image.focus));
  });
  const texts = { fallback: imageToVideoTexts.failed, signedOut, unexpected: imageToVideoTexts.unexpected };
  return (await attempt(call(ownMediaEndpoints.convertImages, form), texts)).video_id;
}

/** One poll of check-video-status for the project; anything unreadable is SPEC §4's 'Unexpected response'. */
export function checkStatus(userId: string, projectId: string): Promise<VideoStatusResponse> {
  return attempt(call(voiceoverEndpoints.checkVideoStatus, { user_id: userId, video_id: projectId }), { fallback: imageToVideoTexts.unexpected, signedOut, words: false });
}
