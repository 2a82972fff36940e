import {
  genericMessages,
  ownMediaEndpoints,
  productShowcaseEndpoints,
  showcaseFieldNames,
  showcaseTexts,
  voiceoverEndpoints,
  type ImageEffect,
  type ImageEffectItem,
  type ShowcaseLength,
  type VideoStatusResponse,
} from '@reelsmith/contracts';
import { ApiError, call, failureText } from '../../lib/client.ts';

/** A session that ended while the page was open reads as the creation flows' 'You need to be logged in'. */
const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

export async function fetchGenerator() {
  return (await call(productShowcaseEndpoints.settings, undefined)).generator;
}

/** The transitions' preview clips: the same five, and the same clips, as Animated Images' effects. */
export async function fetchTransitions(): Promise<ImageEffectItem[]> {
  return (await call(ownMediaEndpoints.imageEffects, undefined)).effects;
}

export interface ShowcaseScene {
  text: string;
  file: File | null;
}

export interface ShowcaseRequest {
  userId: string;
  projectId: string | null;
  length: ShowcaseLength;
  scenes: ShowcaseScene[];
  transition: ImageEffect | '';
}

/**
 * SPEC §7 generate-product-showcase; answers the project the generation runs in. The server's own refusal is shown
 * as it is; no answer at all is SPEC §8's 'Something went wrong while starting…', an answer outside the contract its
 * 'Unexpected response from server.', and a failure without words 'Failed to generate video. Please try again.'.
 */
export async function startShowcase(request: ShowcaseRequest): Promise<string> {
  const form = new FormData();
  form.set('user_id', request.userId);
  if (request.projectId) form.set('video_id', request.projectId);
  form.set('length', request.length);
  form.set('transition', request.length === '14' ? request.transition : '');
  request.scenes.slice(0, request.length === '14' ? 2 : 1).forEach((scene, index) => {
    const names = showcaseFieldNames(index + 1);
    form.set(names.text, scene.text);
    if (scene.file) form.set(names.image, scene.file, scene.file.name);
  });
  try {
    return (await call(productShowcaseEndpoints.generate, form, { fallback: showcaseTexts.failed })).video_id;
  } catch (error) {
    if (signedOut(error)) throw new Error(genericMessages.signInRequired, { cause: error });
    if (!(error instanceof ApiError) || error.unreachable) throw new Error(showcaseTexts.startFailed, { cause: error });
    if (error.unreadable) throw new Error(showcaseTexts.unexpected, { cause: error });
    throw new Error(failureText(error, showcaseTexts.failed), { cause: error });
  }
}

/** One poll of check-video-status for the project; an answer outside the contract is 'Unexpected response from server.'. */
export async function checkShowcase(userId: string, projectId: string): Promise<VideoStatusResponse> {
  try {
    return await call(voiceoverEndpoints.checkVideoStatus, { user_id: userId, video_id: projectId });
  } catch (error) {
    if (signedOut(error)) throw new Error(genericMessages.signInRequired, { cause: error });
    throw new ShowcaseStatusError(failureText(error, showcaseTexts.unexpected), error instanceof ApiError ? error.status : 0, { cause: error });
  }
}

/** A poll that failed; `status` 404 means the project has no generation to report on. */
export class ShowcaseStatusError extends Error {
  constructor(
    message: string,
    readonly status: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
