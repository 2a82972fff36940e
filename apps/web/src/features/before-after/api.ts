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
import { attempt, call } from '../../lib/client.ts';

const loadTexts = { fallback: workflowMessages.somethingWentWrong };

export const fetchOptions = (): Promise<BeforeAfterOptions> => attempt(call(beforeAfterEndpoints.options, undefined), loadTexts);

export async function fetchTransitions(): Promise<ImageEffectItem[]> {
  return (await attempt(call(ownMediaEndpoints.imageEffects, undefined), loadTexts)).effects;
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
  const texts = { fallback: beforeAfterTexts.startFailed, unreachable: beforeAfterTexts.startUnreachable, unexpected: beforeAfterTexts.unexpected };
  return (await attempt(call(beforeAfterEndpoints.generate, form), texts)).video_id;
}
