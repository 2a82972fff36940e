import {
  adjustTempoResponse,
  clonedVoiceStatusResponse,
  combineVideoAudioResponse,
  generateClonedVoiceResponse,
  latestAudioResponse,
  latestVideoResponse,
  saveAudioResponse,
  scriptDraftResponse,
  updateVideoAudioResponse,
  videoStatusResponse,
  voiceListResponse,
  workflowMessages,
  type ClonedVoiceEmotion,
  type VoiceName,
} from '@reelsmith/contracts';
import { apiPost, apiRequest, readBody, type ApiResult, type BodySchema } from '../../lib/api.ts';

/** A failed call; `message` is the server's own text when it gave one (our refusals are written for users). */
export class AudioCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function read<T>(schema: BodySchema<T>, result: ApiResult): T {
  const body = result.ok ? readBody(schema, result.body) : null;
  if (body) return body;
  const text = (result.body as { error?: unknown } | null)?.error;
  throw new AudioCallError(result.status, typeof text === 'string' && text ? text : workflowMessages.somethingWentWrong);
}

/** The voiceover as the page plays it. */
export interface Voiceover {
  url: string;
  duration: number | null;
}

const ref = (userId: string, projectId: string | null) => ({ user_id: userId, ...(projectId ? { video_id: projectId } : {}) });

export async function fetchVoices() {
  return read(voiceListResponse, await apiRequest('/api/voices'));
}

/** The named project's script, or the user's latest project's when the address names none. */
export async function fetchScript(userId: string, projectId: string | null) {
  return read(scriptDraftResponse, await apiPost('/api/get-latest-script', ref(userId, projectId)));
}

export async function fetchLatestAudio(userId: string, projectId: string) {
  return (await read(latestAudioResponse, await apiPost('/api/get-latest-audio', ref(userId, projectId)))).audio_url;
}

export async function fetchProjectVideo(userId: string, projectId: string) {
  return (await read(latestVideoResponse, await apiPost('/api/get-latest-video', ref(userId, projectId)))).user_video_url;
}

export async function fetchClonedVoice() {
  return read(clonedVoiceStatusResponse, await apiRequest('/api/cloned-voice'));
}

/** SPEC §7 save-audio. */
export async function saveAudio(userId: string, projectId: string, request: { script: string; voice: VoiceName; instructions: string }): Promise<Voiceover> {
  const body = read(saveAudioResponse, await apiPost('/api/save-audio', { ...ref(userId, projectId), ...request }));
  return { url: body.audio_url, duration: body.duration };
}

/** SPEC §7 generate-cloned-voice (form). */
export async function generateClonedVoice(
  userId: string,
  projectId: string,
  request: { script: string; emotion: ClonedVoiceEmotion; voiceId: string },
): Promise<Voiceover> {
  const form = new URLSearchParams({ ...ref(userId, projectId), script: request.script, emotion: request.emotion, voice_id: request.voiceId });
  const body = read(generateClonedVoiceResponse, await apiRequest('/api/generate-cloned-voice', { form }));
  return { url: body.audio_url, duration: body.duration };
}

/** SPEC §7 adjust-tempo (form): the server always starts from the voiceover as first spoken. */
export async function adjustTempo(userId: string, projectId: string, audioUrl: string, tempo: number): Promise<Voiceover> {
  const form = new URLSearchParams({ ...ref(userId, projectId), audio_url: audioUrl, tempo: String(tempo) });
  const body = read(adjustTempoResponse, await apiRequest('/api/adjust-tempo', { form }));
  return { url: body.new_audio_url, duration: body.duration };
}

/** SPEC §7 update-video-audio then combine-video-audio (form): starts the render the page then polls. */
export async function combineVideoAudio(userId: string, projectId: string, audioUrl: string): Promise<void> {
  read(updateVideoAudioResponse, await apiPost('/api/update-video-audio', { ...ref(userId, projectId), audio_url: audioUrl }));
  read(combineVideoAudioResponse, await apiRequest('/api/combine-video-audio', { form: new URLSearchParams(ref(userId, projectId)) }));
}

/** SPEC §7 check-video-status; a 404 means nothing was started for this project yet. */
export async function checkVideoStatus(userId: string, projectId: string) {
  return read(videoStatusResponse, await apiPost('/api/check-video-status', ref(userId, projectId)));
}
