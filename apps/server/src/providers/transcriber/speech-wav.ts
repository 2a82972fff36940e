import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaPort } from '../media/types.ts';
import { TranscriberError } from './types.ts';

/**
 * Both transcribers listen to the same thing: the media's speech as mono WAV at the recognition rate in a scratch folder that is
 * removed afterwards. A caller that aborts gets its own reason back, whichever step was running at the time.
 */
export async function withSpeechWav<T>(
  scratch: { tmpDir: string; media: MediaPort },
  source: { path: string; maxSeconds?: number; signal?: AbortSignal },
  listen: (wavPath: string) => Promise<T>,
): Promise<T> {
  const { signal } = source;
  await mkdir(scratch.tmpDir, { recursive: true });
  const dir = await mkdtemp(join(scratch.tmpDir, 'transcribe-'));
  try {
    const wavPath = join(dir, 'speech.wav');
    await scratch.media.writeRecognitionWav({ input: source.path, output: wavPath, maxSeconds: source.maxSeconds }, { signal }).catch((error: Error) => {
      if (signal?.aborted) throw signal.reason ?? error;
      throw new TranscriberError(`could not extract the audio of ${source.path}: ${error.message}`);
    });
    return await listen(wavPath);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
