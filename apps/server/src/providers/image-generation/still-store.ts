import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { VideoGenerationError } from '../video-generation/types.ts';
import type { ImageStatus } from './types.ts';

const idPattern = /^[0-9a-f-]{36}$/;

/**
 * The stills a generator that answers at once (the compositor, OpenAI) keeps on this worker's disk until the caller
 * has its copy: named by a random id, so a status finds the finished file and an id from elsewhere finds nothing.
 */
export function createStillStore(dir: string) {
  const stillPath = (vendorId: string) => {
    if (!idPattern.test(vendorId)) throw new VideoGenerationError('permanent', `not a still id of this worker: ${vendorId}`);
    return join(dir, `${vendorId}.jpg`);
  };

  return {
    async save(jpeg: Buffer): Promise<string> {
      await mkdir(dir, { recursive: true });
      const vendorId = randomUUID();
      // Written beside its final name, so a status never sees half a still.
      const partial = join(dir, `${vendorId}.part.jpg`);
      await writeFile(partial, jpeg);
      await rename(partial, stillPath(vendorId));
      return vendorId;
    },

    async status(vendorId: string): Promise<ImageStatus> {
      const path = stillPath(vendorId);
      const found = await stat(path).catch(() => null);
      return found ? { state: 'completed', resultPath: path } : { state: 'failed', error: 'this worker has no such still' };
    },

    /** Checks the id only: a still is made inside submit, so by now there is nothing left to stop. */
    assertId(vendorId: string): void {
      stillPath(vendorId);
    },

    async release(vendorId: string): Promise<void> {
      await rm(stillPath(vendorId), { force: true });
    },
  };
}
