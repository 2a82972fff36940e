import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import type { JobStatusRecord, JobStatusRepository } from '../db/repositories/job-status.ts';
import { UserFacingError } from '../errors.ts';
import { bossSchema } from './boss.ts';
import { createJobEstimates } from './estimates.ts';
import { currentRequestId, withRequestId } from './request-context.ts';
import { JobCancelledError, PermanentJobError, type AnyJobDefinition, type JobDefinition } from './types.ts';
import type { Metrics } from '../providers/metrics/metrics.ts';

export interface JobQueueOptions {
  boss: PgBoss;
  statuses: JobStatusRepository;
  definitions: AnyJobDefinition[];
  log: { info(message: string, fields?: Record<string, unknown>): void; error(message: string, fields?: Record<string, unknown>): void };
  heartbeatMs?: number;
  /** A processing job whose heartbeat is older than this is presumed lost and handed to another worker. */
  lostAfterMs?: number;
  pollingIntervalSeconds?: number;
  /** On shutdown, how long running jobs may go on before they are handed back (within a container's usual 10 s stop). */
  shutdownGraceMs?: number;
  /** Interruptions (shutdowns, lost workers) a job may live through before it fails for good. */
  maxInterruptions?: number;
  /** Each attempt's run time by job kind and outcome. */
  observeJob?: Metrics['observeJob'];
  /**
   * Runs the queue's set-up (pg-boss's schema, the queues) while no other process runs its own: pg-boss 10 guards
   * its install with a lock, but a process that waited on it can still miss the schema the other just made and fail
   * with a duplicate key, ending a worker that started beside another on a fresh database.
   */
  exclusively?: <T>(run: () => Promise<T>) => Promise<T>;
  /**
   * Runs when a user's job ends and finds its status row gone: the account was deleted while the job ran, so what the
   * job stored has no owner any more and must go (the composition root deletes the user's files).
   */
  onOwnerGone?: (userId: string) => Promise<void>;
}

/** `userId` null starts a system job (the definition says which): no user can see, wait for or cancel it. */
export interface EnqueueRequest<UserId extends string | null = string> {
  userId: UserId;
  idempotencyKey?: string;
  /** The HTTP request that starts the job; by default the one being served (request-context.ts). */
  requestId?: string;
}

/**
 * pg-boss redelivers a job after every hand-back (a failure, an interruption, a wait for the user's turn), so its own
 * retry count only backstops; the job_status row counts the attempts that failed and those that were interrupted.
 */
const deliveryLimit = 100_000;

/** Whole units, so jobs of one size compare equal; null where the kind has no size. */
function sizeOf(definition: AnyJobDefinition, payload: unknown): number | null {
  const size = definition.sizeOf?.(payload);
  return size ? Math.max(1, Math.round(size)) : null;
}

/** Why a running job is aborted when its process shuts down. */
const shutdownReason = new Error('shutting down');

/**
 * Typed jobs over pg-boss. pg-boss owns delivery, retry delays and expiry; the job_status row is what users see, and
 * the worker keeps it alive with a heartbeat so a crashed worker's job is picked up again within seconds. A job cut
 * short by a shutdown or a lost worker starts again without using one of its retries, up to `maxInterruptions`.
 */
export function createJobQueue(options: JobQueueOptions) {
  const { boss, statuses, log } = options;
  const heartbeatMs = options.heartbeatMs ?? 1000;
  const lostAfterMs = options.lostAfterMs ?? 20_000;
  const maxInterruptions = options.maxInterruptions ?? 5;
  const definitions = new Map(options.definitions.map((d) => [d.name, d]));
  const running = new Map<Promise<unknown>, AbortController>();
  /** This process's pg-boss workers by queue name. */
  const workerIds = new Map<string, string[]>();
  let reaper: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;

  async function ensureStarted() {
    if (started) return;
    const setUp = async () => {
      await boss.start();
      for (const definition of definitions.values()) {
        await boss.createQueue(definition.name);
      }
    };
    await (options.exclusively ? options.exclusively(setUp) : setUp());
    started = true;
  }

  function definitionOf(name: string) {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`unknown job ${name}`);
    return definition;
  }

  /** Back to pg-boss, which offers it again after the job's retry delay. */
  async function handBack(definition: AnyJobDefinition, jobId: string, reason: string) {
    await boss.fail(definition.name, jobId, { reason });
  }

  async function runJob(definition: AnyJobDefinition, job: PgBoss.JobWithMetadata<unknown>, controller: AbortController) {
    const perUser = definition.runningPerUser;
    const owner = perUser && (await statuses.find(job.id))?.userId;
    const claimed = await statuses.claim(job.id, perUser && owner ? await perUser(owner) : undefined);
    if (claimed === 'wait') return handBack(definition, job.id, 'the user already runs as many as their plan allows');
    if (!claimed) return;
    const started = performance.now();
    const attempt = claimed.attempt;
    // Every line about this attempt names the request that started the job.
    const fields = { job: job.id, kind: definition.name, attempt, requestId: claimed.requestId ?? undefined };
    log.info('job started', fields);
    const observe = (outcome: Parameters<Metrics['observeJob']>[1]) => {
      const seconds = (performance.now() - started) / 1000;
      options.observeJob?.(definition.name, outcome, seconds);
      log.info('job ended', { ...fields, outcome, ms: Math.round(seconds * 1000) });
    };
    let percent = claimed.percent;
    /** True once the outcome is written to a status row that still exists; otherwise the owner may be gone. */
    let settled = false;
    const pulse = setInterval(() => {
      void statuses
        .heartbeat(job.id, attempt, percent)
        .then((state) => {
          if (state !== 'processing') controller.abort(state === 'cancelled' ? new JobCancelledError() : new Error('job taken over'));
        })
        .catch((error: Error) => log.error(`heartbeat failed for ${job.id}: ${error.message}`));
    }, heartbeatMs);
    try {
      const payload = definition.payload.safeParse(job.data);
      if (!payload.success) throw new PermanentJobError(definition.failureMessage);
      const context = {
        jobId: job.id,
        userId: claimed.userId,
        attempt,
        signal: controller.signal,
        progress: (value: number) => {
          percent = Math.max(0, Math.min(99, Math.floor(value)));
        },
      };
      // Jobs this one starts carry the same request id.
      const handle = () => definition.handler(payload.data, context);
      const result = await (claimed.requestId ? withRequestId(claimed.requestId, handle) : handle());
      const discard = async () => {
        await definition.discard?.(payload.data, result, context).catch((error: Error) => log.error(`discarding the output failed: ${error.message}`, fields));
      };
      const commit = definition.commit;
      const outcome = await statuses.complete(job.id, attempt, result, commit && ((tx) => commit(tx, payload.data, result, context))).catch(async (error: unknown) => {
        if (error instanceof PermanentJobError) await discard();
        throw error;
      });
      if (outcome.state !== 'done') {
        // Cancelled (or failed) while it finished: nothing of it is kept. A takeover's next attempt writes the same output.
        if (outcome.state === 'cancelled' || outcome.state === 'error') await discard();
        return observe('interrupted');
      }
      settled = true;
      observe('done');
      await outcome.committed?.().catch((error: Error) => log.error(`after the commit: ${error.message}`, fields));
    } catch (error) {
      if (controller.signal.reason === shutdownReason) {
        observe('interrupted');
        log.info('job interrupted by shutdown; handing it back', fields);
        await statuses.interrupt(job.id, attempt, maxInterruptions, definition.failureMessage);
        return handBack(definition, job.id, 'shutdown');
      }
      if (controller.signal.aborted) return observe('interrupted');
      if (error instanceof PermanentJobError) {
        await statuses.settle(job.id, attempt, { state: 'error', error: error.message });
        return observe('error');
      }
      const lastAttempt = attempt - claimed.interruptions > definition.retryLimit;
      log.error(`job failed${lastAttempt ? ' for good' : ''}: ${(error as Error).message}`, fields);
      observe(lastAttempt ? 'error' : 'retry');
      if (lastAttempt) await statuses.settle(job.id, attempt, { state: 'error', error: definition.failureMessage });
      else await statuses.requeue(job.id, attempt);
      if (!lastAttempt) throw error;
    } finally {
      clearInterval(pulse);
      if (!settled && claimed.userId !== null) await sweepIfOwnerGone(job.id, claimed.userId, fields);
    }
  }

  /**
   * A job whose status row is gone when it ends belonged to an account deleted meanwhile (deleting the user removes
   * its rows): a file it stored after the account's files were deleted would stay behind, so they are deleted again.
   */
  async function sweepIfOwnerGone(jobId: string, userId: string, fields: Record<string, unknown>) {
    if (!options.onOwnerGone) return;
    try {
      if (await statuses.find(jobId)) return;
      log.info('job ended after its account was deleted; deleting what it stored', fields);
      await options.onOwnerGone(userId);
    } catch (error) {
      log.error(`clean-up after a deleted account's job failed: ${(error as Error).message}`, fields);
    }
  }

  /** Hands jobs of workers that stopped beating back to pg-boss; an interruption, not a failure of the job. */
  async function reapLostJobs() {
    const stale = await statuses.staleProcessing(new Date(Date.now() - lostAfterMs));
    for (const record of stale) {
      const definition = definitions.get(record.queue);
      if (!definition) continue;
      const state = await statuses.interrupt(record.id, record.attempt, maxInterruptions, definition.failureMessage);
      if (!state) continue;
      log.info(`job ${record.id} lost its worker; ${state === 'error' ? 'interrupted too often, it fails' : 'handing it to another'}`);
      await handBack(definition, record.id, 'worker lost');
    }
  }

  /** Starts the job, or finds the one this owner already started with the same key (`created` false). */
  async function enqueueOnce<P, I, U extends string | null>(
    definition: JobDefinition<P, Record<string, unknown>, I, U>,
    payload: I,
    request: EnqueueRequest<U>,
  ): Promise<{ record: JobStatusRecord; created: boolean }> {
    await ensureStarted();
    const data = definition.payload.parse(payload);
    const found = await statuses.createOnce({
      id: randomUUID(),
      userId: request.userId,
      queue: definition.name,
      idempotencyKey: request.idempotencyKey ?? randomUUID(),
      requestId: request.requestId ?? currentRequestId() ?? null,
      size: sizeOf(definition, data),
    });
    if (!found.created) return found;
    try {
      await boss.send(definition.name, data as object, {
        id: found.record.id,
        retryLimit: deliveryLimit,
        retryDelay: definition.retryDelaySeconds,
        expireInSeconds: definition.expireInSeconds,
      });
    } catch (error) {
      await statuses.remove(found.record.id);
      throw error;
    }
    // A worker here takes it now rather than at its next poll: the library queues its items one after another, and
    // a poll's wait for each adds minutes to a first start.
    for (const id of workerIds.get(definition.name) ?? []) boss.notifyWorker(id);
    return found;
  }

  return {
    enqueueOnce,

    async enqueue<P, I, U extends string | null>(definition: JobDefinition<P, Record<string, unknown>, I, U>, payload: I, request: EnqueueRequest<U>): Promise<JobStatusRecord> {
      return (await enqueueOnce(definition, payload, request)).record;
    },

    /** How many of the user's jobs of this kind are running now. */
    running: (userId: string, definition: AnyJobDefinition) => statuses.countRunning(userId, definition.name),

    /** How long a job of this record's kind and size takes here, and how long this one has been going. */
    estimate: createJobEstimates(statuses, definitions),

    /** The owner's job; `userId` null reads a system job, and no user's id reads one. */
    async status(userId: string | null, jobId: string): Promise<JobStatusRecord> {
      const record = await statuses.findOwned(userId, jobId);
      if (!record) throw new UserFacingError(404, 'Not found.');
      return record;
    },

    async cancel(userId: string | null, jobId: string): Promise<JobStatusRecord> {
      const record = await statuses.findOwned(userId, jobId);
      if (!record) throw new UserFacingError(404, 'Not found.');
      if (await statuses.cancel(jobId)) await boss.cancel(definitionOf(record.queue).name, jobId).catch(() => undefined);
      return (await statuses.find(jobId))!;
    },

    /**
     * Cancels every queued and running job of the user (an account being deleted). A running job learns of it at its
     * next heartbeat and aborts; answers how many were running.
     */
    async cancelAllOf(userId: string): Promise<{ cancelled: number; running: number }> {
      let cancelled = 0;
      let running = 0;
      for (const record of await statuses.liveOf(userId)) {
        if (!(await statuses.cancel(record.id))) continue;
        cancelled += 1;
        if (record.state === 'processing') running += 1;
        await boss.cancel(record.queue, record.id).catch(() => undefined);
      }
      return { cancelled, running };
    },

    /**
     * Deletes pg-boss's own rows of these jobs, live and archived: their payloads name the user's files and words (a
     * script, a prompt). For a deleted account, after its jobs were cancelled; a worker still finishing one finds no
     * row to complete, which pg-boss takes quietly.
     */
    async forget(jobIds: string[]): Promise<void> {
      if (jobIds.length === 0) return;
      await ensureStarted();
      const db = boss.getDb();
      for (const table of ['job', 'archive']) {
        await db.executeSql(`delete from ${bossSchema}.${table} where id = any($1::uuid[])`, [jobIds]);
      }
    },

    /**
     * Takes back a job that no worker has started (a worker claiming it at the same moment finds it cancelled), so
     * whoever queued it can do the work itself; false once a worker has it.
     */
    async cancelIfQueued(userId: string | null, jobId: string): Promise<boolean> {
      const record = await statuses.findOwned(userId, jobId);
      if (!record || !(await statuses.cancelQueued(jobId))) return false;
      await boss.cancel(definitionOf(record.queue).name, jobId).catch(() => undefined);
      return true;
    },

    /** Forgets a finished system job, so its idempotency key starts it again; false while it is queued or running. */
    forgetSystemJob: (jobId: string) => statuses.removeSettledSystem(jobId),

    /**
     * Takes jobs: `concurrency` of each kind at once, or per kind (`byKind`, e.g. more speech than renders, or 0 for a
     * kind this process leaves to other hosts). An unknown kind is refused, so a typo does not silently run defaults.
     */
    async startWorkers(concurrency: number, byKind: Record<string, number> = {}): Promise<void> {
      const unknown = Object.keys(byKind).filter((name) => !definitions.has(name));
      if (unknown.length > 0) throw new Error(`unknown job kind ${unknown.join(', ')}; the kinds are ${[...definitions.keys()].join(', ')}`);
      await ensureStarted();
      for (const definition of definitions.values()) {
        for (let i = 0; i < (byKind[definition.name] ?? Math.max(concurrency, definition.minConcurrency ?? 0)); i += 1) {
          const workerId = await boss.work(
            definition.name,
            { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
            async ([job]) => {
              if (!job) return;
              // Fetched just as the process began to stop: not started, so nothing to count.
              if (stopping) return handBack(definition, job.id, 'shutdown');
              const controller = new AbortController();
              const run = runJob(definition, job, controller);
              running.set(run, controller);
              try {
                await run;
              } finally {
                running.delete(run);
              }
            },
          );
          workerIds.set(definition.name, [...(workerIds.get(definition.name) ?? []), workerId]);
        }
      }
      reaper = setInterval(() => void reapLostJobs().catch((error: Error) => log.error(`reaper: ${error.message}`)), Math.max(1000, lostAfterMs / 4));
    },

    /** Takes no more jobs, lets running ones finish within the grace time, then hands the rest back. */
    async stop(): Promise<void> {
      if (reaper) clearInterval(reaper);
      if (!started) return;
      stopping = true;
      for (const definition of definitions.values()) await boss.offWork(definition.name);
      workerIds.clear();
      const deadline = Date.now() + (options.shutdownGraceMs ?? 8000);
      while (running.size > 0 && Date.now() < deadline) await sleep(100);
      for (const controller of running.values()) controller.abort(shutdownReason);
      await Promise.allSettled(running.keys());
      await boss.stop({ graceful: true, wait: true, timeout: 1000 });
      started = false;
      stopping = false;
    },

    reapLostJobs,
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
