import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLibraryItemJob, type LibraryItemJob } from '../../jobs/library-item-job.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { LibraryItem, LibraryItemMaker, LibraryTask } from './library.ts';

const pollMs = 250;

/**
 * Each missing item as a system job, rendered by whichever worker takes it (this process's or a worker-only
 * process's on the same database) and waited for here. The idempotency key is the item's id, so two processes that
 * start together queue it once and wait for the same job. A finished job of an earlier start under that key (the
 * item failed then, or its files are gone since) is forgotten and queued anew. Stopping only stops the wait: the job
 * stays with its worker, and the next start waits for it again.
 */
export function queuedLibraryItems(deps: { queue: JobQueue; job: LibraryItemJob }): LibraryItemMaker {
  async function enqueue(task: LibraryTask): Promise<string> {
    for (;;) {
      const { record, created } = await deps.queue.enqueueOnce(deps.job, { id: task.id }, { userId: null, idempotencyKey: task.id });
      if (created || record.state === 'queued' || record.state === 'processing') return record.id;
      if (record.state === 'done' && (await task.load())) return record.id;
      await deps.queue.forgetSystemJob(record.id);
    }
  }

  return async (task, signal) => {
    const jobId = await enqueue(task);
    for (;;) {
      const record = await deps.queue.status(null, jobId);
      if (record.state === 'done') return record.result as unknown as LibraryItem;
      if (record.state !== 'queued' && record.state !== 'processing') throw new Error(record.error ?? `the job ended ${record.state}`);
      await sleep(pollMs, undefined, { signal });
    }
  };
}

/**
 * The item's job handler run in this process, without a queue: for `npm run library`, the bench and unit tests,
 * which have no database and no other worker to share with.
 */
export function libraryItemsHere(tmpDir: string): LibraryItemMaker {
  return async (task, signal) => {
    const job = createLibraryItemJob({ task: async (id) => (id === task.id ? task : undefined), tmpDir });
    const item = await job.handler({ id: task.id }, { jobId: randomUUID(), userId: null, attempt: 1, signal, progress: () => undefined });
    return item as unknown as LibraryItem;
  };
}
