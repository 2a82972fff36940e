import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { defineSystemJob, PermanentJobError } from './types.ts';

/** One item of the media library as the job sees it (the library module's task, which jobs may not import). */
export interface LibraryItemTask {
  /** The item's identity: its marker's storage key, so a new recipe version is a new item. */
  id: string;
  label: string;
  make(scratchDir: string, signal: AbortSignal): Promise<object>;
}

/**
 * Items the library renders at once on a first start. Part of each item runs on this process's one JavaScript thread
 * (music synthesis, the queue's bookkeeping), so a third lane keeps both cores of a two-core machine busy: the full
 * library took 103 s with two lanes and 81 s with three (npm run bench:first-start).
 */
export const libraryLanes = 3;

export const libraryItemPayload = z.object({ id: z.string().min(1).max(500) });

/**
 * Renders (or imports) one library item into storage and answers its record. Each item's keys are fixed by its
 * recipe, so a job taken over from a lost worker overwrites its own output. The task is looked up by id in the list
 * of this process, which is built from the same settings as the list of the process that queued it.
 */
export function createLibraryItemJob(deps: { task(id: string): Promise<LibraryItemTask | undefined>; tmpDir: string }) {
  return defineSystemJob({
    name: 'library-item',
    payload: libraryItemPayload,
    retryLimit: 0,
    retryDelaySeconds: 1,
    minConcurrency: libraryLanes,
    expireInSeconds: 30 * 60,
    failureMessage: 'The library item could not be made.',
    async handler(payload, context) {
      const task = await deps.task(payload.id);
      if (!task) throw new PermanentJobError(`no library item ${payload.id} in this process's library`);
      const scratch = join(deps.tmpDir, `library-${context.jobId}-${context.attempt}`);
      await mkdir(scratch, { recursive: true });
      try {
        return { ...(await task.make(scratch, context.signal)) };
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
  });
}

export type LibraryItemJob = ReturnType<typeof createLibraryItemJob>;
