import {
  finalVideoEndpoints,
  subtitleEndpoints,
  subtitleTexts,
  workflowMessages,
  type FinalVideoCost,
  type FinalVideoFields,
  type FinalVideoStatus,
  type LatestSubtitlesResponse,
  type SubtitleFontSize,
  type SubtitlePosition,
  type SubtitleStyleName,
  type SubtitleStylePreview,
  type WordsPerChunk,
} from '@reelsmith/contracts';
import { attempt, call } from '../../lib/client.ts';

export interface SubtitleSettings {
  position: SubtitlePosition;
  fontSize: SubtitleFontSize;
  wordsPerChunk: WordsPerChunk;
}

export interface ProjectRef {
  userId: string;
  videoId?: string;
}

const ref = ({ userId, videoId }: ProjectRef) => ({ user_id: userId, ...(videoId ? { video_id: videoId } : {}) });
const settingsFields = (s: SubtitleSettings) => ({
  subtitle_position: s.position,
  subtitle_font_size: s.fontSize,
  words_per_chunk: s.wordsPerChunk,
});

/** SPEC §8 Subtitles: nothing heard as it is, a 400 about audio as 'no audio', any other words as 'Something went wrong: …'. */
function subtitleWords(words: string, status: number): string {
  if (words === subtitleTexts.noSpeech) return words;
  if (status === 400 && words.toLowerCase().includes('audio')) return workflowMessages.noAudio;
  return workflowMessages.somethingWentWrongDetail(words);
}

// Network failures have no server text: SPEC §8 'An error occurred'.
const subtitleFailure = { fallback: workflowMessages.subtitleFailed, unreachable: workflowMessages.anErrorOccurred, words: subtitleWords };
const writtenRefusals: unknown[] = Object.values(subtitleTexts);
/** A refused text says why in the server's own words (subtitleTexts), shown as they are. */
const writtenFailure = { ...subtitleFailure, words: (words: string, status: number) => (status === 400 && writtenRefusals.includes(words) ? words : subtitleWords(words, status)) };

export function fetchStylePreview(style: SubtitleStyleName, fontSize: SubtitleFontSize, position: SubtitlePosition): Promise<SubtitleStylePreview> {
  return attempt(call(subtitleEndpoints.previewStyle, { style, font_size: fontSize, position }), { fallback: workflowMessages.anErrorOccurred, words: false });
}

export function fetchLatestSubtitles(project: ProjectRef): Promise<LatestSubtitlesResponse> {
  return attempt(call(subtitleEndpoints.latest, ref(project)), { fallback: workflowMessages.anErrorOccurred });
}

/** SPEC §7 posts this one as a form. */
export async function generateSubtitles(project: ProjectRef, settings: SubtitleSettings): Promise<string> {
  return (await attempt(call(subtitleEndpoints.generate, { ...ref(project), ...settingsFields(settings) }), subtitleFailure)).subtitle_srt;
}

/** Captions from the words the user typed, spread over the video's speech by the server; answers their SRT. */
export async function writeSubtitles(project: ProjectRef, settings: SubtitleSettings, text: string): Promise<string> {
  return (await attempt(call(subtitleEndpoints.write, { ...ref(project), ...settingsFields(settings), text }), writtenFailure)).subtitle_srt;
}

export async function updateSubtitles(project: ProjectRef, settings: SubtitleSettings, srt: string): Promise<void> {
  await attempt(call(subtitleEndpoints.update, { ...ref(project), ...settingsFields(settings), subtitles: srt }), subtitleFailure);
}

const finalVideoFailure = { fallback: workflowMessages.somethingWentWrong };

export interface FinalVideoChoices extends SubtitleSettings {
  enabled: boolean;
  srt: string;
  style: SubtitleStyleName;
  ctaImage: File | null;
  withLogo: boolean;
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
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  if (choices.ctaImage) form.append('cta_image', choices.ctaImage);
  return attempt(call(finalVideoEndpoints.start, form), finalVideoFailure);
}

/** `waitMs`: let the server hold a 'processing' answer until the outcome, up to that long (a long poll). */
export function checkFinalVideo(project: ProjectRef, waitMs?: number): Promise<FinalVideoStatus> {
  return attempt(call(finalVideoEndpoints.check, { ...ref(project), ...(waitMs ? { wait_ms: waitMs } : {}) }), finalVideoFailure);
}

/** What the next final render costs: a credit, or nothing for a re-render with the same voiceover. */
export function fetchFinalVideoCost(project: ProjectRef): Promise<FinalVideoCost> {
  return attempt(call(finalVideoEndpoints.cost, ref(project)), finalVideoFailure);
}
