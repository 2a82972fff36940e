import {
  subtitleEndpoints,
  subtitleTexts,
  workflowMessages,
  type LatestSubtitlesResponse,
  type SubtitleFontSize,
  type SubtitlePosition,
  type SubtitleStyleName,
  type SubtitleStylePreview,
} from '@reelsmith/contracts';
import { attempt, call } from '../../lib/client.ts';
import type { FinalVideoCaptions, ProjectRef } from '../../lib/finalVideoStep.ts';

export type SubtitleSettings = Pick<FinalVideoCaptions, 'position' | 'fontSize' | 'wordsPerChunk'>;

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
