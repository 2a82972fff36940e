import type { ClonedVoiceEmotion, VoiceLabel, VoiceName } from '@reelsmith/contracts';

/** One spoken word of the script as written (punctuation kept), in seconds from the start of the file. */
export interface WordTiming {
  text: string;
  start: number;
  end: number;
}

/**
 * A finished voiceover, ready for a composition's `voiceover` ({ path, duration, words }): 48 kHz mono, .wav or
 * .m4a as the caller's outputPath says, loudness-normalised. `words` holds every word of the text in order.
 */
export interface SpeechResult {
  path: string;
  duration: number;
  words: WordTiming[];
}

export interface VoiceInfo {
  name: VoiceName;
  label: VoiceLabel;
}

export interface SpeechRequest {
  text: string;
  voice: VoiceName;
  /** How to say it ("upbeat, slightly fast"); OpenAI follows it, the offline voices read only the pace from it. */
  instructions?: string;
  outputPath: string;
  signal?: AbortSignal;
}

/** The nine named voices (SPEC §9). */
export interface TtsProvider {
  readonly kind: 'local' | 'openai';
  voices(): VoiceInfo[];
  synthesize(request: SpeechRequest): Promise<SpeechResult>;
}

export interface ClonedSpeechRequest {
  text: string;
  /** The vendor's id of the user's cloned voice (the subscription's voice_id). */
  voiceId: string;
  emotion: ClonedVoiceEmotion;
  outputPath: string;
  signal?: AbortSignal;
}

/** A user's own cloned voice (Pro plan). */
export interface VoiceCloner {
  readonly kind: 'elevenlabs';
  synthesizeCloned(request: ClonedSpeechRequest): Promise<SpeechResult>;
}

export type TtsFailure = 'invalid' | 'unauthorized' | 'rateLimited' | 'timeout' | 'unavailable' | 'malformed' | 'failed';

/**
 * Any way speech could not be made. The message names the cause for the operator's log; `retryable` says whether
 * the same request may work later (a busy or unreachable vendor) or never will (bad key, bad answer, bad input).
 */
export class TtsError extends Error {
  override name = 'TtsError';
  readonly retryable: boolean;
  constructor(
    readonly reason: TtsFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.retryable = reason === 'rateLimited' || reason === 'timeout' || reason === 'unavailable';
  }
}
