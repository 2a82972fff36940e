import {
  beforeAfterEndpoints,
  beforeAfterFieldNames,
  beforeAfterTexts,
  ownMediaEndpoints,
  workflowMessages,
  type AiVideoTransition,
  type BeforeAfterOptions,
  type BeforeAfterSide,
  type BeforeAfterSideType,
  type ImageEffectItem,
} from '@reelsmith/contracts';
import { ApiError, call, failureText } from '../../lib/client.ts';

export async function fetchOptions(): Promise<BeforeAfterOptions> {
  try {
    return await call(beforeAfterEndpoints.options, undefined);
  } catch (error) {
    throw new Error(failureText(error, workflowMessages.somethingWentWrong), { cause: error });
  }
}

export async function fetchTransitions(): Promise<ImageEffectItem[]> {
  try {
    return (await call(ownMediaEndpoints.imageEffects, undefined)).effects;
  } catch (error) {
    throw new Error(failureText(error, workflowMessages.somethingWentWrong), { cause: error });
  }
}

export interface SideChoice {
  type: BeforeAfterSideType;
  file: File;
  prompt: string;
}

/**
 * SPEC §7 generate-before-after. The server's own refusal is shown as it is; no answer at all is 'Something went
 * wrong while starting the video generation.'; a success answer outside the contract 'Unexpected response from
 * server.'; any other failure 'Failed to generate video. Please try again.'.
 */
export async function startGeneration(request: {
  userId: string;
  projectId: string | null;
  transition: AiVideoTransition;
  sides: Record<BeforeAfterSide, SideChoice>;
}): Promise<string> {
  const form = new FormData();
  form.set('user_id', request.userId);
  if (request.projectId) form.set('video_id', request.projectId);
  form.set('transition', request.transition);
  for (const [side, choice] of Object.entries(request.sides) as [BeforeAfterSide, SideChoice][]) {
    const names = beforeAfterFieldNames(side);
    form.set(names.type, choice.type);
    form.set(names.prompt, choice.prompt);
    form.set(names.file, choice.file, choice.file.name);
  }
  try {
    return (await call(beforeAfterEndpoints.generate, form, { fallback: beforeAfterTexts.startFailed })).video_id;
  } catch (error) {
    if (error instanceof ApiError && error.unreachable) throw new Error(beforeAfterTexts.startUnreachable, { cause: error });
    if (error instanceof ApiError && error.unreadable) throw new Error(beforeAfterTexts.unexpected, { cause: error });
    throw new Error(failureText(error, beforeAfterTexts.startFailed), { cause: error });
  }
}
