import { setTimeout as sleep } from 'node:timers/promises';
import type { JobStatusRecord } from '../db/repositories/job-status.ts';
import type { UserFacingError } from '../errors.ts';
import type { JobQueue } from './queue.ts';

export interface JobWait {
  timeoutMs: number;
  pollMs?: number;
  /** What the user is told when the job failed; `record.error` is the job's own user-facing message. */
  failed(record: JobStatusRecord): UserFacingError;
  /** What the user is told when the job is still queued or running at the deadline. */
  tooSlow(): UserFacingError;
}

/**
 * A request that answers with a job's result (SPEC §7 calls that return a URL or a text) polls the job's status row
 * until it is done, failed or the deadline passes; the job runs on whichever worker took it, in this process or not.
 */
export async function waitForJob(queue: JobQueue, userId: string, jobId: string, wait: JobWait): Promise<Record<string, unknown>> {
  const deadline = Date.now() + wait.timeoutMs;
  for (;;) {
    const record = await queue.status(userId, jobId);
    if (record.state === 'done') return record.result ?? {};
    if (record.state !== 'queued' && record.state !== 'processing') throw wait.failed(record);
    if (Date.now() >= deadline) throw wait.tooSlow();
    await sleep(Math.min(wait.pollMs ?? 200, Math.max(0, deadline - Date.now())));
  }
}
