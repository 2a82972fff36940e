import {
  imageFieldNames,
  imageToVideoTexts,
  ownMediaEndpoints,
  voiceoverEndpoints,
  workflowMessages,
  type ImageEffect,
  type ImageEffectItem,
  type VideoStatusResponse,
} from '@reelsmith/contracts';
import { ApiError, call, failureText } from '../../lib/client.ts';
import type { PickedImage } from './images.ts';

/** A session that ended while the page was open reads as SPEC §5 says: 'User not logged in'. */
const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

export async function fetchEffects(): Promise<ImageEffectItem[]> {
  try {
    return (await call(ownMediaEndpoints.imageEffects, undefined)).effects;
  } catch (error) {
    throw new Error(signedOut(error) ? imageToVideoTexts.notLoggedIn : failureText(error, workflowMessages.somethingWentWrong), { cause: error });
  }
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
  try {
    return (await call(ownMediaEndpoints.convertImages, form, { fallback: imageToVideoTexts.failed })).video_id;
  } catch (error) {
    if (signedOut(error)) throw new Error(imageToVideoTexts.notLoggedIn, { cause: error });
    if (error instanceof ApiError && error.unreadable) throw new Error(imageToVideoTexts.unexpected, { cause: error });
    throw new Error(failureText(error, imageToVideoTexts.failed), { cause: error });
  }
}

/** One poll of check-video-status for the project; anything unreadable is SPEC §4's 'Unexpected response'. */
export async function checkStatus(userId: string, projectId: string): Promise<VideoStatusResponse> {
  try {
    return await call(voiceoverEndpoints.checkVideoStatus, { user_id: userId, video_id: projectId });
  } catch (error) {
    throw new Error(signedOut(error) ? imageToVideoTexts.notLoggedIn : imageToVideoTexts.unexpected, { cause: error });
  }
}
