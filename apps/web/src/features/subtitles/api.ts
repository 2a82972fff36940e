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
import { ApiError, call } from '../../lib/client.ts';

/** A failure whose message is one of the spec's texts, ready to show. */
export class SubtitlesError extends Error {}

/** Nothing was heard in the video: the page offers writing the captions by hand. */
export class NoSpeechError extends SubtitlesError {}

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

/** The server's explanation: SPEC §7 says {detail} for subtitles, the product's routes {error}. */
function detailOf(error: ApiError): string | null {
  if (error.unreadable) return null;
  const body = error.body as { detail?: unknown; error?: unknown } | null;
  if (typeof body?.detail === 'string') return body.detail;
  return typeof body?.error === 'string' ? body.error : null;
}

/** SPEC §8 Subtitles: a 400 about audio, then the server's detail, then the generic texts. */
export function subtitleFailure(error: ApiError): SubtitlesError {
  const detail = detailOf(error);
  if (detail === subtitleTexts.noSpeech) return new NoSpeechError(detail);
  if (error.status === 400 && detail?.toLowerCase().includes('audio')) return new SubtitlesError(workflowMessages.noAudio);
  return new SubtitlesError(detail ? workflowMessages.somethingWentWrongDetail(detail) : workflowMessages.subtitleFailed);
}

/** Network failures have no server text: SPEC §8 'An error occurred'; any answer is read by `onAnswer`. */
async function attempt<T>(request: () => Promise<T>, onAnswer: (error: ApiError) => SubtitlesError, networkMessage: string = workflowMessages.anErrorOccurred): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!(error instanceof ApiError) || error.unreachable) throw new SubtitlesError(networkMessage, { cause: error });
    throw onAnswer(error);
  }
}

const detailOr = (fallback: string) => (error: ApiError) => new SubtitlesError(detailOf(error) ?? fallback);

export function fetchStylePreview(style: SubtitleStyleName, fontSize: SubtitleFontSize, position: SubtitlePosition): Promise<SubtitleStylePreview> {
  return attempt(
    () => call(subtitleEndpoints.previewStyle, { style, font_size: fontSize, position }),
    () => new SubtitlesError(workflowMessages.anErrorOccurred),
  );
}

export function fetchLatestSubtitles(project: ProjectRef): Promise<LatestSubtitlesResponse> {
  return attempt(() => call(subtitleEndpoints.latest, ref(project)), detailOr(workflowMessages.anErrorOccurred));
}

/** An answer outside the schema is a failed generation; a refusal says why (subtitleFailure). */
const generationFailure = (read: (error: ApiError) => SubtitlesError) => (error: ApiError) =>
  error.unreadable ? new SubtitlesError(workflowMessages.subtitleFailed) : read(error);

/** SPEC §7 posts this one as a form. */
export async function generateSubtitles(project: ProjectRef, settings: SubtitleSettings): Promise<string> {
  const body = await attempt(() => call(subtitleEndpoints.generate, { ...ref(project), ...settingsFields(settings) }), generationFailure(subtitleFailure));
  return body.subtitle_srt;
}

/** A refused text says why in the server's own words (subtitleTexts), shown as they are. */
function writtenFailure(error: ApiError): SubtitlesError {
  const detail = detailOf(error);
  if (error.status === 400 && detail && (Object.values(subtitleTexts) as unknown[]).includes(detail)) return new SubtitlesError(detail);
  return subtitleFailure(error);
}

/** Captions from the words the user typed, spread over the video's speech by the server; answers their SRT. */
export async function writeSubtitles(project: ProjectRef, settings: SubtitleSettings, text: string): Promise<string> {
  const body = await attempt(() => call(subtitleEndpoints.write, { ...ref(project), ...settingsFields(settings), text }), generationFailure(writtenFailure));
  return body.subtitle_srt;
}

export async function updateSubtitles(project: ProjectRef, settings: SubtitleSettings, srt: string): Promise<void> {
  await attempt(() => call(subtitleEndpoints.update, { ...ref(project), ...settingsFields(settings), subtitles: srt }), subtitleFailure);
}

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
  return attempt(() => call(finalVideoEndpoints.start, form), detailOr(workflowMessages.somethingWentWrong), workflowMessages.somethingWentWrong);
}

/** `waitMs`: let the server hold a 'processing' answer until the outcome, up to that long (a long poll). */
export function checkFinalVideo(project: ProjectRef, waitMs?: number): Promise<FinalVideoStatus> {
  return attempt(() => call(finalVideoEndpoints.check, { ...ref(project), ...(waitMs ? { wait_ms: waitMs } : {}) }), detailOr(workflowMessages.somethingWentWrong), workflowMessages.somethingWentWrong);
}

/** What the next final render costs: a credit, or nothing for a re-render with the same voiceover. */
export function fetchFinalVideoCost(project: ProjectRef): Promise<FinalVideoCost> {
  return attempt(() => call(finalVideoEndpoints.cost, ref(project)), detailOr(workflowMessages.somethingWentWrong), workflowMessages.somethingWentWrong);
}
