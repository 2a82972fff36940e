import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { clonedVoiceEmotions, type ClonedVoiceEmotion } from '@reelsmith/contracts';
import { z } from 'zod';
import type { MediaPort } from '../media/types.ts';
import { masterSpeech, probePiece } from './master.ts';
import { TtsError, type ClonedSpeechRequest, type VoiceCloner } from './types.ts';
import { callVendor, readBody } from './vendor-http.ts';
import { scriptWords, timeScriptWords, wordsFromCharacters } from './words.ts';

/** ELEVENLABS_API_KEY, ELEVENLABS_BASE_URL, ELEVENLABS_MODEL and TTS_TIMEOUT_MS (config.ts). */
export interface ElevenLabsSettings {
  /** Without the version, e.g. https://api.elevenlabs.io. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface VoiceSettings {
  stability: number;
  similarity_boost: number;
  style: number;
  use_speaker_boost: boolean;
}

/**
 * A tone is how freely the cloned voice may move: lower stability lets the delivery swing more, higher style
 * exaggerates the speaker's manner. Similarity stays high so it still sounds like the user. 'auto' sends nothing,
 * so the voice's own saved settings apply and the text alone sets the mood.
 */
export const emotionSettings: Record<ClonedVoiceEmotion, VoiceSettings | undefined> = {
  auto: undefined,
  neutral: { stability: 0.75, similarity_boost: 0.8, style: 0, use_speaker_boost: true },
  happy: { stability: 0.4, similarity_boost: 0.8, style: 0.55, use_speaker_boost: true },
  sad: { stability: 0.6, similarity_boost: 0.8, style: 0.4, use_speaker_boost: true },
  angry: { stability: 0.3, similarity_boost: 0.8, style: 0.75, use_speaker_boost: true },
  excited: { stability: 0.25, similarity_boost: 0.8, style: 0.85, use_speaker_boost: true },
  empathetic: { stability: 0.55, similarity_boost: 0.8, style: 0.35, use_speaker_boost: true },
};

const answerSchema = z.object({
  audio_base64: z.string().min(1),
  alignment: z.object({
    characters: z.array(z.string()),
    character_start_times_seconds: z.array(z.number().finite()),
    character_end_times_seconds: z.array(z.number().finite()),
  }),
});

const vendor = 'ElevenLabs';
/** MP3 is the output every ElevenLabs plan offers (PCM needs a higher tier); it is decoded when mastering. */
const outputFormat = 'mp3_44100_128';

/**
 * A user's cloned voice through ElevenLabs' with-timestamps endpoint, which returns the audio together with a
 * start and end time for every character of the text; words are the characters between spaces.
 */
export function createElevenLabsCloner(settings: ElevenLabsSettings, options: { tmpDir: string; media: MediaPort }): VoiceCloner {
  const base = settings.baseUrl.replace(/\/+$/, '');
  return {
    kind: 'elevenlabs',
    async synthesizeCloned(request: ClonedSpeechRequest) {
      const words = scriptWords(request.text);
      if (words.length === 0) throw new TtsError('invalid', 'the text has no words to speak');
      if (!(clonedVoiceEmotions as readonly string[]).includes(request.emotion)) throw new TtsError('invalid', `unknown tone ${request.emotion}`);
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(request.voiceId)) throw new TtsError('invalid', 'the cloned voice id is not a valid ElevenLabs voice id');
      const voiceSettings = emotionSettings[request.emotion];
      const body = { text: request.text, model_id: settings.model, ...(voiceSettings ? { voice_settings: voiceSettings } : {}) };
      const call = { timeoutMs: settings.timeoutMs, signal: request.signal };
      const response = await callVendor(
        vendor,
        `${base}/v1/text-to-speech/${request.voiceId}/with-timestamps?output_format=${outputFormat}`,
        { method: 'POST', headers: { 'xi-api-key': settings.apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) },
        call,
      );
      const text = await readBody(vendor, () => response.text(), call);
      let answer: z.infer<typeof answerSchema>;
      try {
        answer = answerSchema.parse(JSON.parse(text));
      } catch {
        throw new TtsError('malformed', `${vendor} answered without audio_base64 and alignment: ${text.slice(0, 200)}`);
      }
      const { characters, character_start_times_seconds: starts, character_end_times_seconds: ends } = answer.alignment;
      if (starts.length !== characters.length || ends.length !== characters.length) {
        throw new TtsError('malformed', `${vendor} alignment lists differ in length`);
      }
      await mkdir(options.tmpDir, { recursive: true });
      const scratchDir = await mkdtemp(join(options.tmpDir, 'tts-elevenlabs-'));
      try {
        const rawPath = join(scratchDir, 'speech.mp3');
        await writeFile(rawPath, Buffer.from(answer.audio_base64, 'base64'));
        const piece = await probePiece(options.media, rawPath, request.signal);
        const timed = timeScriptWords(words, wordsFromCharacters(characters, starts, ends), piece.duration);
        return await masterSpeech(options.media, { pieces: [piece], words: timed, outputPath: request.outputPath, signal: request.signal });
      } finally {
        await rm(scratchDir, { recursive: true, force: true });
      }
    },
  };
}
