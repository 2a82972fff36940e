import { genericMessages, introFieldNames, introTexts, productIntroEndpoints, type AiVideoTransition } from '@reelsmith/contracts';
import { attempt, call } from '../../lib/client.ts';
import type { SceneChoice } from './scenes.ts';

export async function fetchGenerator() {
  return (await call(productIntroEndpoints.settings, undefined)).generator;
}

export interface IntroRequest {
  userId: string;
  projectId: string | null;
  transition: AiVideoTransition;
  scenes: SceneChoice[];
  /** Motion templates although a vendor is set up. */
  motionTemplate?: boolean;
}

/**
 * SPEC §7 generate-product-intro; answers the project the generation runs in. The server's own refusal is shown as
 * it is; no answer at all is 'Something went wrong while starting the video generation.', a success answer outside
 * the contract 'Unexpected response from server.', any other failure 'Failed to generate video. Please try again.'.
 */
export async function startIntro(request: IntroRequest): Promise<string> {
  const form = new FormData();
  form.set('user_id', request.userId);
  if (request.projectId) form.set('video_id', request.projectId);
  form.set('transition', request.transition);
  if (request.motionTemplate) form.set('motion_template', 'true');
  request.scenes.forEach((scene, i) => {
    const names = introFieldNames(i + 1);
    form.set(names.type, scene.type);
    form.set(names.extension, scene.extension);
    form.set(names.image, scene.file, scene.file.name);
  });
  const texts = { fallback: introTexts.startFailed, signedOut: genericMessages.signInRequired, unreachable: introTexts.startUnreachable, unexpected: introTexts.unexpected };
  return (await attempt(call(productIntroEndpoints.generate, form), texts)).video_id;
}
