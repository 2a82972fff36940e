import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeRecognitionWav } from '@reelsmith/media';
import { TranscriberError } from './types.ts';

/**
 * Both transcribers listen to the same thing: the media's speech as mono WAV at the recognition rate in a scratch folder that is
 * removed afterwards. A caller that aborts gets its own reason back, whichever step was running at the time.
 */
export async function withSpeechWav<T>(
  tmpDir: string,
  media: { path: string; maxSeconds?: number; signal?: AbortSignal },
  listen: (wavPath: string) => Promise<T>,
): Promise<T> {
  const { signal } = media;
  await mkdir(tmpDir, { recursive: true });
  const dir = await mkdtemp(join(tmpDir, 'transcribe-'));
  try {
    const wavPath = join(dir, 'speech.wav');
    await writeRecognitionWav({ input: media.path, output: wavPath, maxSeconds: media.maxSeconds }, { signal }).catch((error: Error) => {
      if (signal?.aborted) throw signal.reason ?? error;
      throw new TranscriberError(`could not extract the audio of ${media.path}: ${error.message}`);
    });
    return await listen(wavPath);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
