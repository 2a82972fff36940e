import { createHostedTranscriber, type HostedTranscriberSettings } from './hosted.ts';
import { createLocalTranscriber } from './local.ts';
import type { MediaPort } from '../media/types.ts';
import type { Transcriber } from './types.ts';

export type { HostedTranscriberSettings } from './hosted.ts';
export type { RecognizedWord, Transcriber, Transcript } from './types.ts';
export { TranscriberError } from './types.ts';

/** A hosted OpenAI-compatible speech-to-text service when STT_API_KEY is set; otherwise offline pocketsphinx. */
export function createTranscriber(options: { tmpDir: string; media: MediaPort; hosted?: HostedTranscriberSettings }): Transcriber {
  return options.hosted ? createHostedTranscriber(options.hosted, options) : createLocalTranscriber(options);
}
