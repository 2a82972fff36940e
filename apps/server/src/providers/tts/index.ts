import { createElevenLabsCloner, type ElevenLabsSettings } from './elevenlabs.ts';
import { createLocalTts } from './local.ts';
import { createOpenAiTts, type OpenAiSpeechSettings } from './openai.ts';
import type { MediaPort } from '../media/types.ts';
import type { TtsProvider, VoiceCloner } from './types.ts';

export type { ElevenLabsSettings } from './elevenlabs.ts';
export type { OpenAiSpeechSettings } from './openai.ts';
export type { ClonedSpeechRequest, SpeechRequest, SpeechResult, TtsProvider, VoiceCloner, VoiceInfo, WordTiming } from './types.ts';
export { TtsError } from './types.ts';
export { changeSpeechTempo } from './master.ts';

/** What config.ts hands over: each vendor only when its API key is set. */
export interface TtsSettings {
  openai: OpenAiSpeechSettings | undefined;
  elevenlabs: ElevenLabsSettings | undefined;
}

export interface Speech {
  /** The nine named voices: OpenAI when OPENAI_API_KEY is set, else the offline voices. */
  tts: TtsProvider;
  /** Cloned voices (Pro plan), only when ELEVENLABS_API_KEY is set; nothing offline can clone a voice. */
  cloner: VoiceCloner | undefined;
}

export function createSpeech(settings: TtsSettings, options: { tmpDir: string; media: MediaPort }): Speech {
  return {
    tts: settings.openai ? createOpenAiTts(settings.openai, options) : createLocalTts(options),
    cloner: settings.elevenlabs ? createElevenLabsCloner(settings.elevenlabs, options) : undefined,
  };
}
