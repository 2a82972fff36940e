import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { JobStatusRecord, JobStatusRepository } from '../db/repositories/job-status.ts';
import { UserFacingError } from '../errors.ts';
import { PermanentJobError, type AnyJobDefinition, type JobDefinition } from './types.ts';

export interface JobQueueOptions {
  boss: PgBoss;
  statuses: JobStatusRepository;
  definitions: AnyJobDefinition[];
  log: { info(message: string): void; error(message: string): void };
  heartbeatMs?: number;
  /** A processing job whose heartbeat is older than this is presumed lost and handed to another worker. */
  lostAfterMs?: number;
  pollingIntervalSeconds?: number;
}

export interface EnqueueRequest {
  userId: string;
  idempotencyKey?: string;
}

/**
 * Typed jobs over pg-boss. pg-boss owns delivery, retries with backoff and expiry; the job_status row is what users
 * see, and the worker keeps it alive with a heartbeat so a crashed worker's job is picked up again within seconds.
 */
export function createJobQueue(options: JobQueueOptions) {
  const { boss, statuses, log } = options;
  const heartbeatMs = options.heartbeatMs ?? 1000;
  const lostAfterMs = options.lostAfterMs ?? 20_000;
  const definitions = new Map(options.definitions.map((d) => [d.name, d]));
  const running = new Set<Promise<unknown>>();
  let reaper: NodeJS.Timeout | undefined;
  let started = false;

  async function ensureStarted() {
    if (started) return;
    await boss.start();
    for (const definition of definitions.values()) {
      await boss.createQueue(definition.name);
    }
    started = true;
  }

  function definitionOf(name: string) {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`unknown job ${name}`);
    return definition;
  }

  async function runJob(definition: AnyJobDefinition, job: PgBoss.JobWithMetadata<unknown>) {
    const claimed = await statuses.claim(job.id);
    if (!claimed) return;
    const attempt = claimed.attempt;
    const controller = new AbortController();
    let percent = claimed.percent;
    const pulse = setInterval(() => {
      void statuses
        .heartbeat(job.id, attempt, percent)
        .then((state) => {
          if (state !== 'processing') controller.abort(new Error(state === 'cancelled' ? 'cancelled' : 'job taken over'));
        })
        .catch((error: Error) => log.error(`heartbeat failed for ${job.id}: ${error.message}`));
    }, heartbeatMs);
    try {
      const payload = definition.payload.safeParse(job.data);
      if (!payload.success) throw new PermanentJobError(definition.failureMessage);
      const result = await definition.handler(payload.data, {
        jobId: job.id,
        userId: claimed.userId,
        attempt,
        signal: controller.signal,
        progress: (value) => {
          percent = Math.max(0, Math.min(99, Math.floor(value)));
        },
      });
      await statuses.settle(job.id, attempt, { state: 'done', result, percent: 100 });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof PermanentJobError) {
        await statuses.settle(job.id, attempt, { state: 'error', error: error.message });
        return;
      }
      const lastAttempt = job.retryCount >= job.retryLimit;
      log.error(`job ${definition.name} ${job.id} attempt ${attempt} failed${lastAttempt ? ' for good' : ''}: ${(error as Error).message}`);
      if (lastAttempt) await statuses.settle(job.id, attempt, { state: 'error', error: definition.failureMessage });
      else await statuses.requeue(job.id, attempt);
      throw error;
    } finally {
      clearInterval(pulse);
    }
  }

  /** Hands jobs of workers that stopped beating back to pg-boss, which retries them (or fails them for good). */
  async function reapLostJobs() {
    const stale = await statuses.staleProcessing(new Date(Date.now() - lostAfterMs));
    for (const record of stale) {
      const definition = definitions.get(record.queue);
      if (!definition) continue;
      log.info(`job ${record.id} lost its worker; handing it to another`);
      await boss.fail(record.queue, record.id, { reason: 'worker lost' });
      const job = await boss.getJobById(record.queue, record.id);
      if (job?.state === 'failed') await statuses.settle(record.id, record.attempt, { state: 'error', error: definition.failureMessage });
      else await statuses.requeue(record.id, record.attempt);
    }
  }

  return {
    async enqueue<P>(definition: JobDefinition<P, Record<string, unknown>>, payload: P, request: EnqueueRequest): Promise<JobStatusRecord> {
      await ensureStarted();
      const data = definition.payload.parse(payload);
      const { record, created } = await statuses.createOnce({
        id: randomUUID(),
        userId: request.userId,
        queue: definition.name,
        idempotencyKey: request.idempotencyKey ?? randomUUID(),
      });
      if (!created) return record;
      try {
        await boss.send(definition.name, data as object, {
          id: record.id,
          retryLimit: definition.retryLimit,
          retryDelay: definition.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds,
        });
      } catch (error) {
        await statuses.remove(record.id);
        throw error;
      }
      return record;
    },

    async status(userId: string, jobId: string): Promise<JobStatusRecord> {
      const record = await statuses.findOwned(userId, jobId);
      if (!record) throw new UserFacingError(404, 'Not found.');
      return record;
    },

    async cancel(userId: string, jobId: string): Promise<JobStatusRecord> {
      const record = await statuses.findOwned(userId, jobId);
      if (!record) throw new UserFacingError(404, 'Not found.');
      if (await statuses.cancel(jobId)) await boss.cancel(definitionOf(record.queue).name, jobId).catch(() => undefined);
      return (await statuses.find(jobId))!;
    },

    async startWorkers(concurrency: number): Promise<void> {
      await ensureStarted();
      for (const definition of definitions.values()) {
        for (let i = 0; i < concurrency; i += 1) {
          await boss.work(
            definition.name,
            { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
            async ([job]) => {
              if (!job) return;
              const run = runJob(definition, job);
              running.add(run);
              try {
                await run;
              } finally {
                running.delete(run);
              }
            },
          );
        }
      }
      reaper = setInterval(() => void reapLostJobs().catch((error: Error) => log.error(`reaper: ${error.message}`)), Math.max(1000, lostAfterMs / 4));
    },

    async stop(): Promise<void> {
      if (reaper) clearInterval(reaper);
      if (!started) return;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      started = false;
    },

    reapLostJobs,
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
