import { readFile } from 'node:fs/promises';
import { VideoGenerationError } from '../video-generation/types.ts';
import { composeStill } from './compose.ts';
import { createStillStore } from './still-store.ts';
import type { ImageGenerator } from './types.ts';

/**
 * The offline default: the compositor (compose.ts) instead of an image model. It draws the chosen place and the
 * chosen person as an illustrated presenter, and puts the product photo in it, standing on the counter or in the
 * presenter's hand, during submit; the still stays on this worker's disk, and one it no longer has (another worker
 * made it, or it was released) reads as failed.
 */
export function createLocalImageGenerator(deps: { dir: string }): ImageGenerator {
  const stills = createStillStore(deps.dir);

  return {
    name: 'local',

    async submit(request, signal) {
      let still: Buffer;
      try {
        still = await composeStill(await readFile(request.productImagePath), { background: request.background, placement: request.placement, ...request.person });
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw new VideoGenerationError('permanent', `the offline still could not be made: ${(error as Error).message}`, { cause: error });
      }
      signal?.throwIfAborted();
      return { vendorId: await stills.save(still) };
    },

    status: (vendorId) => stills.status(vendorId),

    async cancel(vendorId) {
      stills.assertId(vendorId);
    },

    release: (vendorId) => stills.release(vendorId),
  };
}
