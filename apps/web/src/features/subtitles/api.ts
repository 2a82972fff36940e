import {
  apiErrorBody,
  finalVideoCostResponse,
  finalVideoStatusResponse,
  generateSubtitlesResponse,
  latestSubtitlesResponse,
  subtitleStylePreviewResponse,
  subtitleTexts,
  updateSubtitlesResponse,
  workflowMessages,
  writeSubtitlesResponse,
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
import { apiPost, apiRequest, readBody, type ApiResult } from '../../lib/api.ts';

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
  words_per_chunk: String(s.wordsPerChunk),
});

/** The server's explanation: SPEC §7 says {detail} for subtitles, the product's routes {error}. */
function detailOf(result: ApiResult): string | null {
  const body = result.body as { detail?: unknown } | null;
  if (typeof body?.detail === 'string') return body.detail;
  return readBody(apiErrorBody, result.body)?.error ?? null;
}

/** SPEC §8 Subtitles: a 400 about audio, then the server's detail, then the generic texts. */
export function subtitleFailure(result: ApiResult): SubtitlesError {
  const detail = detailOf(result);
  if (detail === subtitleTexts.noSpeech) return new NoSpeechError(detail);
  if (result.status === 400 && detail?.toLowerCase().includes('audio')) return new SubtitlesError(workflowMessages.noAudio);
  return new SubtitlesError(detail ? workflowMessages.somethingWentWrongDetail(detail) : workflowMessages.subtitleFailed);
}

/** Network failures have no server text: SPEC §8 'An error occurred'. */
async function send(request: () => Promise<ApiResult>, networkMessage: string = workflowMessages.anErrorOccurred): Promise<ApiResult> {
  try {
    return await request();
  } catch (cause) {
    throw new SubtitlesError(networkMessage, { cause });
  }
}

export async function fetchStylePreview(style: SubtitleStyleName, fontSize: SubtitleFontSize, position: SubtitlePosition): Promise<SubtitleStylePreview> {
  const result = await send(() => apiPost('/api/subtitle-preview-style', { style, font_size: fontSize, position }));
  const body = result.ok ? readBody(subtitleStylePreviewResponse, result.body) : null;
  if (!body) throw new SubtitlesError(workflowMessages.anErrorOccurred);
  return body;
}

export async function fetchLatestSubtitles(project: ProjectRef): Promise<LatestSubtitlesResponse> {
  const result = await send(() => apiPost('/api/get-latest-subtitles', ref(project)));
  const body = result.ok ? readBody(latestSubtitlesResponse, result.body) : null;
  if (!body) throw new SubtitlesError(detailOf(result) ?? workflowMessages.anErrorOccurred);
  return body;
}

/** SPEC §7 posts this one as a form. */
export async function generateSubtitles(project: ProjectRef, settings: SubtitleSettings): Promise<string> {
  const form = new URLSearchParams({ ...ref(project), ...settingsFields(settings) });
  const result = await send(() => apiRequest('/api/generate-subtitles', { method: 'POST', form }));
  if (!result.ok) throw subtitleFailure(result);
  const body = readBody(generateSubtitlesResponse, result.body);
  if (!body) throw new SubtitlesError(workflowMessages.subtitleFailed);
  return body.subtitle_srt;
}

/** Captions from the words the user typed, spread over the video's speech by the server; answers their SRT. */
export async function writeSubtitles(project: ProjectRef, settings: SubtitleSettings, text: string): Promise<string> {
  const result = await send(() => apiPost('/api/write-subtitles', { ...ref(project), ...settingsFields(settings), text }));
  if (!result.ok) throw writtenFailure(result);
  const body = readBody(writeSubtitlesResponse, result.body);
  if (!body) throw new SubtitlesError(workflowMessages.subtitleFailed);
  return body.subtitle_srt;
}

/** A refused text says why in the server's own words (subtitleTexts), shown as they are. */
function writtenFailure(result: ApiResult): SubtitlesError {
  const detail = detailOf(result);
  if (result.status === 400 && detail && (Object.values(subtitleTexts) as unknown[]).includes(detail)) return new SubtitlesError(detail);
  return subtitleFailure(result);
}

export async function updateSubtitles(project: ProjectRef, settings: SubtitleSettings, srt: string): Promise<void> {
  const result = await send(() => apiPost('/api/update-subtitles', { ...ref(project), ...settingsFields(settings), subtitles: srt }));
  if (!result.ok || !readBody(updateSubtitlesResponse, result.body)) throw subtitleFailure(result);
}

export interface FinalVideoChoices extends SubtitleSettings {
  enabled: boolean;
  srt: string;
  style: SubtitleStyleName;
  ctaImage: File | null;
  withLogo: boolean;
}

function finalStatus(result: ApiResult): FinalVideoStatus {
  const body = result.ok ? readBody(finalVideoStatusResponse, result.body) : null;
  if (!body) throw new SubtitlesError(detailOf(result) ?? workflowMessages.somethingWentWrong);
  return body;
}

export async function startFinalVideo(project: ProjectRef, choices: FinalVideoChoices): Promise<FinalVideoStatus> {
  const fields: Record<keyof FinalVideoFields, string | undefined> = {
    ...ref(project),
    ...settingsFields(choices),
    video_id: project.videoId,
    subtitle_enabled: choices.enabled ? 'Yes' : 'No',
    subtitle_srt: choices.srt,
    subtitle_style: choices.style,
    logo_enabled: choices.withLogo ? 'Yes' : 'No',
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  if (choices.ctaImage) form.append('cta_image', choices.ctaImage);
  return finalStatus(await send(() => apiRequest('/api/final-video', { method: 'POST', form }), workflowMessages.somethingWentWrong));
}

export async function checkFinalVideo(project: ProjectRef): Promise<FinalVideoStatus> {
  return finalStatus(await send(() => apiPost('/api/check-final-video', ref(project)), workflowMessages.somethingWentWrong));
}

/** What the next final render costs: a credit, or nothing for a re-render with the same voiceover. */
export async function fetchFinalVideoCost(project: ProjectRef): Promise<FinalVideoCost> {
  const result = await send(() => apiPost('/api/final-video-cost', ref(project)), workflowMessages.somethingWentWrong);
  const body = result.ok ? readBody(finalVideoCostResponse, result.body) : null;
  if (!body) throw new SubtitlesError(detailOf(result) ?? workflowMessages.somethingWentWrong);
  return body;
}
