import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { maxMotionSeconds } from '@reelsmith/media';
import type { MediaPort } from '../media/types.ts';
import { prepareTemplateClip } from './templates/template-clip.ts';
import { VideoGenerationError, type VideoGenerator } from './types.ts';

/** Every whole second up to the renderer's longest clip: a scene never needs a chain or a long trim. */
const localLengths = Array.from({ length: maxMotionSeconds }, (_, i) => i + 1);

const idPattern = /^[0-9a-f-]{36}$/;

/**
 * The offline default: motion templates (the product cut out and set in a drawn, moving scene with the user's words,
 * or a photo that is a scene itself filling the frame under a camera move) instead of generated footage. It renders during submit, so a status only finds the finished file; the clip lives on this
 * worker's disk, and a generation it no longer has (another worker made it, or it was released) reads as failed.
 */
export function createLocalVideoGenerator(deps: { media: MediaPort; dir: string }): VideoGenerator {
  const clipPath = (vendorId: string) => {
    if (!idPattern.test(vendorId)) throw new VideoGenerationError('permanent', `not a local generation id: ${vendorId}`);
    return join(deps.dir, `${vendorId}.mp4`);
  };

  return {
    name: 'local',
    lengths: localLengths,

    async submit(request, signal) {
      if (!localLengths.includes(request.seconds)) throw new VideoGenerationError('permanent', `the motion templates make whole seconds up to ${maxMotionSeconds}, not ${request.seconds} s`);
      if (!('path' in request.image)) throw new VideoGenerationError('permanent', 'the motion templates read stills on this machine, not URLs');
      await mkdir(deps.dir, { recursive: true });
      const vendorId = randomUUID();
      const output = clipPath(vendorId);
      // Rendered beside its final name, so a status never sees half a clip.
      const partial = join(deps.dir, `${vendorId}.part.mp4`);
      const workDir = join(deps.dir, `${vendorId}.planes`);
      try {
        await mkdir(workDir, { recursive: true });
        const photo = await readFile(request.image.path);
        const clip = await prepareTemplateClip({ photo, prompt: request.prompt, seconds: request.seconds, ...(request.template ? { template: request.template } : {}), workDir });
        await deps.media.runFfmpeg(clip.args(partial), { duration: request.seconds, signal, timeoutMs: 10 * 60 * 1000 });
        await rename(partial, output);
      } catch (error) {
        await rm(partial, { force: true });
        if (signal?.aborted) throw signal.reason;
        throw new VideoGenerationError('permanent', `the motion render failed: ${(error as Error).message}`, { cause: error });
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
      return { vendorId };
    },

    async status(vendorId) {
      const path = clipPath(vendorId);
      const found = await stat(path).catch(() => null);
      return found ? { state: 'completed', resultPath: path } : { state: 'failed', error: 'this worker has no such offline clip' };
    },

    // The render runs inside submit, which its signal stops: a settled generation has nothing left to stop.
    async cancel(vendorId) {
      clipPath(vendorId);
    },

    async release(vendorId) {
      await rm(clipPath(vendorId), { force: true });
    },
  };
}
