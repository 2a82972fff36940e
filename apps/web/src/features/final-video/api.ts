import { finalVideoEndpoints, workflowMessages, type FinalVideoCost, type FinalVideoFields, type FinalVideoStatus } from '@reelsmith/contracts';
import { attempt, call } from '../../lib/client.ts';
import type { FinalVideoCaptions, ProjectRef } from '../../lib/finalVideoStep.ts';

/** The server's own text when it gave one, else 'Something went wrong'. */
const failure = { fallback: workflowMessages.somethingWentWrong };

const ref = ({ userId, videoId }: ProjectRef) => ({ user_id: userId, ...(videoId ? { video_id: videoId } : {}) });

export interface FinalVideoChoices extends FinalVideoCaptions {
  enabled: boolean;
  ctaImage: File | null;
  withLogo: boolean;
  /** The brand's end card (issue 32); the server adds it only when the brand has a line for it. */
  withEndCard: boolean;
}

export function startFinalVideo(project: ProjectRef, choices: FinalVideoChoices): Promise<FinalVideoStatus> {
  const fields: Record<keyof FinalVideoFields, string | undefined> = {
    ...ref(project),
    subtitle_position: choices.position,
    subtitle_font_size: choices.fontSize,
    words_per_chunk: String(choices.wordsPerChunk),
    video_id: project.videoId,
    subtitle_enabled: choices.enabled ? 'Yes' : 'No',
    subtitle_srt: choices.srt,
    subtitle_style: choices.style,
    logo_enabled: choices.withLogo ? 'Yes' : 'No',
    end_card_enabled: choices.withEndCard ? 'Yes' : 'No',
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  if (choices.ctaImage) form.append('cta_image', choices.ctaImage);
  return attempt(call(finalVideoEndpoints.start, form), failure);
}

/** `waitMs`: let the server hold a 'processing' answer until the outcome, up to that long (a long poll). */
export function checkFinalVideo(project: ProjectRef, waitMs?: number): Promise<FinalVideoStatus> {
  return attempt(call(finalVideoEndpoints.check, { ...ref(project), ...(waitMs ? { wait_ms: waitMs } : {}) }), failure);
}

/** What the next final render costs: a credit, or nothing for a re-render with the same voiceover. */
export function fetchFinalVideoCost(project: ProjectRef): Promise<FinalVideoCost> {
  return attempt(call(finalVideoEndpoints.cost, ref(project)), failure);
}
