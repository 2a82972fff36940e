import { genericMessages, introFieldNames, introTexts, productIntroEndpoints, type AiVideoTransition } from '@reelsmith/contracts';
import { ApiError, call, failureText } from '../../lib/client.ts';
import type { SceneChoice } from './scenes.ts';

export async function fetchGenerator() {
  return (await call(productIntroEndpoints.settings, undefined)).generator;
}

export interface IntroRequest {
  userId: string;
  projectId: string | null;
  transition: AiVideoTransition;
  scenes: SceneChoice[];
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
  request.scenes.forEach((scene, i) => {
    const names = introFieldNames(i + 1);
    form.set(names.type, scene.type);
    form.set(names.extension, scene.extension);
    form.set(names.image, scene.file, scene.file.name);
  });
  try {
    return (await call(productIntroEndpoints.generate, form, { fallback: introTexts.startFailed })).video_id;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new Error(genericMessages.signInRequired, { cause: error });
    if (!(error instanceof ApiError) || error.unreachable) throw new Error(introTexts.startUnreachable, { cause: error });
    if (error.unreadable) throw new Error(introTexts.unexpected, { cause: error });
    throw new Error(failureText(error, introTexts.startFailed), { cause: error });
  }
}
