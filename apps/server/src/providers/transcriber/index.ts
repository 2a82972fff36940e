import { createLocalTranscriber } from './local.ts';
import type { Transcriber } from './types.ts';

export type { RecognizedWord, Transcriber, Transcript } from './types.ts';
export { TranscriberError } from './types.ts';

/** Offline pocketsphinx; a hosted speech-to-text service would be chosen here from its settings. */
export function createTranscriber(options: { tmpDir: string }): Transcriber {
  return createLocalTranscriber(options);
}
