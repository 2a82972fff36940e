import { beforeAfterTexts, type BeforeAfterSide, type BeforeAfterSideType } from '@reelsmith/contracts';
import type { SideChoice } from './api.ts';

/** One side as the user is filling it in. */
export interface SideDraft {
  kind: 'image' | 'video';
  file: File | null;
  previewUrl: string | null;
  /** Only meaningful for an image, and only offered while AI credits remain. */
  imageToVideo: boolean;
  prompt: string;
}

export const emptySide = (): SideDraft => ({ kind: 'image', file: null, previewUrl: null, imageToVideo: false, prompt: '' });

/** The form's type value for a side: 'image to video' is its own type, and only while the option is offered. */
export function sideType(draft: SideDraft, aiAvailable: boolean): BeforeAfterSideType {
  if (draft.kind === 'video') return 'video';
  return draft.imageToVideo && aiAvailable ? 'image-to-video' : 'image';
}

export type SideProblems = { files?: string; prompts: Partial<Record<BeforeAfterSide, string>> };

/**
 * SPEC §5: both files are needed, and a prompt where image to video is chosen. The choices to send, or what is
 * missing (the transition always has a value: fade by default).
 */
export function checkSides(sides: Record<BeforeAfterSide, SideDraft>, aiAvailable: boolean): { choices: Record<BeforeAfterSide, SideChoice> } | { problems: SideProblems } {
  const problems: SideProblems = { prompts: {} };
  if (!sides.before.file || !sides.after.file) problems.files = beforeAfterTexts.missingFiles;
  for (const side of ['before', 'after'] as const) {
    if (sideType(sides[side], aiAvailable) === 'image-to-video' && !sides[side].prompt.trim()) problems.prompts[side] = beforeAfterTexts.missingPrompt(side);
  }
  if (problems.files || Object.keys(problems.prompts).length > 0) return { problems };
  const choice = (side: BeforeAfterSide): SideChoice => ({ type: sideType(sides[side], aiAvailable), file: sides[side].file!, prompt: sides[side].prompt.trim() });
  return { choices: { before: choice('before'), after: choice('after') } };
}
