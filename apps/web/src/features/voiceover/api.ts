import {
  scriptEndpoints,
  voiceoverEndpoints,
  workflowMessages,
  type AnyEndpoint,
  type ClonedVoiceEmotion,
  type EndpointResponse,
  type VoiceName,
} from '@reelsmith/contracts';
import { attempt, call, type CallInput } from '../../lib/client.ts';

const callWithoutParams = call as <E extends AnyEndpoint>(endpoint: E, input: CallInput<E>) => Promise<EndpointResponse<E>>;

/** A failure reads as the server's own text (our refusals are written for users), else 'Something went wrong'. */
const ask = <E extends AnyEndpoint>(endpoint: E, input: CallInput<E>) => attempt(callWithoutParams(endpoint, input), { fallback: workflowMessages.somethingWentWrong });

/** The voiceover as the page plays it. */
export interface Voiceover {
  url: string;
  duration: number | null;
}

const ref = (userId: string, projectId: string | null) => ({ user_id: userId, ...(projectId ? { video_id: projectId } : {}) });

export function fetchVoices() {
  return ask(voiceoverEndpoints.voices, undefined);
}

/** The named project's script, or the user's latest project's when the address names none. */
export function fetchScript(userId: string, projectId: string | null) {
  return ask(scriptEndpoints.latestScript, ref(userId, projectId));
}

export async function fetchLatestAudio(userId: string, projectId: string) {
  return (await ask(scriptEndpoints.latestAudio, ref(userId, projectId))).audio_url;
}

export async function fetchProjectVideo(userId: string, projectId: string) {
  return (await ask(scriptEndpoints.latestVideo, ref(userId, projectId))).user_video_url;
}

export function fetchClonedVoice() {
  return ask(voiceoverEndpoints.clonedVoice, undefined);
}

/** SPEC §7 save-audio. */
export async function saveAudio(userId: string, projectId: string, request: { script: string; voice: VoiceName; instructions: string }): Promise<Voiceover> {
  const body = await ask(voiceoverEndpoints.saveAudio, { ...ref(userId, projectId), ...request });
  return { url: body.audio_url, duration: body.duration };
}

/** SPEC §7 generate-cloned-voice (form). */
export async function generateClonedVoice(
  userId: string,
  projectId: string,
  request: { script: string; emotion: ClonedVoiceEmotion; voiceId: string },
): Promise<Voiceover> {
  const body = await ask(voiceoverEndpoints.generateClonedVoice, { ...ref(userId, projectId), script: request.script, emotion: request.emotion, voice_id: request.voiceId });
  return { url: body.audio_url, duration: body.duration };
}

/** SPEC §7 adjust-tempo (form): the server always starts from the voiceover as first spoken. */
export async function adjustTempo(userId: string, projectId: string, audioUrl: string, tempo: number): Promise<Voiceover> {
  const body = await ask(voiceoverEndpoints.adjustTempo, { ...ref(userId, projectId), audio_url: audioUrl, tempo });
  return { url: body.new_audio_url, duration: body.duration };
}

/** SPEC §7 update-video-audio then combine-video-audio (form): starts the render the page then polls. */
export async function combineVideoAudio(userId: string, projectId: string, audioUrl: string): Promise<void> {
  await ask(voiceoverEndpoints.updateVideoAudio, { ...ref(userId, projectId), audio_url: audioUrl });
  await ask(voiceoverEndpoints.combineVideoAudio, ref(userId, projectId));
}

/** SPEC §7 check-video-status; a 404 means nothing was started for this project yet. */
export function checkVideoStatus(userId: string, projectId: string) {
  return ask(voiceoverEndpoints.checkVideoStatus, ref(userId, projectId));
}
