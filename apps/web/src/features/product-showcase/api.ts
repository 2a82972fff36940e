import {
  genericMessages,
  ownMediaEndpoints,
  productShowcaseEndpoints,
  showcaseFieldNames,
  showcaseTexts,
  voiceoverEndpoints,
  type ImageEffect,
  type ImageEffectItem,
  type JobEstimate,
  type ShowcaseLength,
  type VideoStatusResponse,
} from '@reelsmith/contracts';
import { attempt, call } from '../../lib/client.ts';
import { estimateOf } from '../../lib/progress.ts';

/** A session that ended while the page was open reads as the creation flows' 'You need to be logged in'. */
const signedOut = genericMessages.signInRequired;

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
  /** Motion templates although a vendor is set up. */
  motionTemplate?: boolean;
}

/**
 * SPEC §7 generate-product-showcase; answers the project the generation runs in. The server's own refusal is shown
 * as it is; no answer at all is SPEC §8's 'Something went wrong while starting…', an answer outside the contract its
 * 'Unexpected response from server.', and a failure without words 'Failed to generate video. Please try again.'.
 * With the project, the measured wait of the job it began, so the page counts down from the start.
 */
export async function startShowcase(request: ShowcaseRequest): Promise<{ projectId: string; estimate: JobEstimate }> {
  const form = new FormData();
  form.set('user_id', request.userId);
  if (request.projectId) form.set('video_id', request.projectId);
  form.set('length', request.length);
  form.set('transition', request.length === '14' ? request.transition : '');
  if (request.motionTemplate) form.set('motion_template', 'true');
  request.scenes.slice(0, request.length === '14' ? 2 : 1).forEach((scene, index) => {
    const names = showcaseFieldNames(index + 1);
    form.set(names.text, scene.text);
    if (scene.file) form.set(names.image, scene.file, scene.file.name);
  });
  const texts = { fallback: showcaseTexts.failed, signedOut, unreachable: showcaseTexts.startFailed, unexpected: showcaseTexts.unexpected };
  const answer = await attempt(call(productShowcaseEndpoints.generate, form), texts);
  return { projectId: answer.video_id, estimate: estimateOf(answer) };
}

/**
 * One poll of check-video-status for the project; an answer outside the contract is 'Unexpected response from
 * server.'. A failure with status 404 means the project has no generation to report on.
 */
export function checkShowcase(userId: string, projectId: string): Promise<VideoStatusResponse> {
  return attempt(call(voiceoverEndpoints.checkVideoStatus, { user_id: userId, video_id: projectId }), { fallback: showcaseTexts.unexpected, signedOut });
}
