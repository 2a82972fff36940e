import { scriptTexts } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';

/** A recognised word and when it is said, in seconds from the start of the file. */
export interface RecognizedWord {
  text: string;
  start: number;
  end: number;
}

export interface Transcript {
  /** The words joined by spaces; empty when the file holds no speech the recogniser is sure of. */
  text: string;
  words: RecognizedWord[];
}

export interface TranscribeOptions {
  /** Only this many seconds from the start are listened to. */
  maxSeconds?: number;
  signal?: AbortSignal;
}

/**
 * Speech to text: the script step reads what a video already says with it, and the subtitles step times captions
 * from the speech of a user's own video (one that has no voiceover of ours).
 */
export interface Transcriber {
  readonly kind: 'local' | 'hosted';
  /** The speech in a local media file's first audio stream (the file must have one). */
  transcribe(mediaPath: string, options?: TranscribeOptions): Promise<Transcript>;
}

export type TranscriberFailure = 'failed' | 'unauthorized' | 'rateLimited' | 'timeout' | 'unavailable' | 'malformed';

/**
 * The recogniser could not run (missing, crashed, timed out) or the hosted service failed; the detail goes to the
 * log, the user sees a clear text. `reason` says which, as TtsError does for speech vendors.
 */
export class TranscriberError extends UserFacingError {
  constructor(
    readonly detail: string,
    readonly reason: TranscriberFailure = 'failed',
  ) {
    super(503, scriptTexts.transcriptionFailed);
  }
}
