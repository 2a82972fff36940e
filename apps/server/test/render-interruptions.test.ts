import { setTimeout as sleep } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createRepositories, type Repositories } from '../src/db/repositories/index.ts';
import { user } from '../src/db/schema.ts';
import { createBoss } from '../src/jobs/boss.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/queue.ts';
import { defineJob } from '../src/jobs/types.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();
const quiet = { info: () => undefined, error: () => undefined };

/** Runs until aborted on every attempt before `finishOnAttempt`, as a long render cut short would. */
const render = defineJob({
  name: 'test-long-render',
  payload: z.object({ finishOnAttempt: z.number() }),
  // No retries at all: only an interruption that is not counted as one lets the job run again.
  retryLimit: 0,
  retryDelaySeconds: 1,
  expireInSeconds: 120,
  failureMessage: 'Render failed.',
  async handler(payload, context) {
    if (context.attempt >= payload.finishOnAttempt) return { finishedOn: context.attempt };
    await new Promise((_, reject) => context.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    return {};
  },
});

async function waitFor(repositories: Repositories, id: string, done: (state: string, attempt: number) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = await repositories.jobStatus.find(id);
    if (record && done(record.state, record.attempt)) return record;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${record?.state} (attempt ${record?.attempt}) after ${timeoutMs} ms`);
    await sleep(100);
  }
}

describe.each(targets)('interrupted jobs on $name', (target) => {
  let database: DatabaseHandle;
  let repositories: Repositories;
  const userId = 'user-interrupted';
  const queueOf = (boss: PgBoss, extra: Partial<Parameters<typeof createJobQueue>[0]> = {}) =>
    createJobQueue({ boss, statuses: repositories.jobStatus, definitions: [render], log: quiet, heartbeatMs: 100, pollingIntervalSeconds: 0.5, ...extra });

  beforeAll(async () => {
    database = await target.open();
    repositories = createRepositories(database.db);
    await database.db.insert(user).values({ id: userId, name: 'Interrupted', email: 'interrupted@example.com', emailVerified: true });
  });
  afterAll(() => database.close());

  it('a render cut short by three shutdowns starts again each time, uses none of its retries and finishes; each shutdown waits a bounded time', async () => {
    const queue: JobQueue = queueOf(createBoss(database, () => undefined), { shutdownGraceMs: 500 });
    const job = await queue.enqueue(render, { finishOnAttempt: 4 }, { userId });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await queue.startWorkers(1);
      await waitFor(repositories, job.id, (state, at) => state === 'processing' && at === attempt);
      const stopping = Date.now();
      await queue.stop();
      expect(Date.now() - stopping).toBeLessThan(4000);
      expect(await repositories.jobStatus.find(job.id)).toMatchObject({ state: 'queued', attempt, interruptions: attempt });
    }
    await queue.startWorkers(1);
    const done = await waitFor(repositories, job.id, (state) => state === 'done' || state === 'error');
    expect(done).toMatchObject({ state: 'done', attempt: 4, interruptions: 3, result: { finishedOn: 4 } });
    await queue.stop();
  }, 90_000);

  it('a render whose worker is lost starts again without using a retry, and one that loses every worker fails after the cap', async () => {
    /** A worker takes the job and dies: pg-boss says active, the heartbeat goes stale, the reaper notices. */
    async function loseWorker(boss: PgBoss, reaper: JobQueue, id: string, attempt: number) {
      for (;;) {
        const [fetched] = (await boss.fetch(render.name)) ?? [];
        if (fetched?.id === id) break;
        await sleep(200);
      }
      expect(await repositories.jobStatus.claim(id)).toMatchObject({ attempt });
      await sleep(400);
      await reaper.reapLostJobs();
    }
    const boss = createBoss(database, () => undefined);
    await boss.start();
    const reaper = queueOf(boss, { lostAfterMs: 300, maxInterruptions: 2 });

    const survivor = await reaper.enqueue(render, { finishOnAttempt: 3 }, { userId });
    await loseWorker(boss, reaper, survivor.id, 1);
    await loseWorker(boss, reaper, survivor.id, 2);
    expect(await repositories.jobStatus.find(survivor.id)).toMatchObject({ state: 'queued', interruptions: 2 });
    await reaper.startWorkers(1);
    expect(await waitFor(repositories, survivor.id, (state) => state === 'done' || state === 'error')).toMatchObject({ state: 'done', attempt: 3 });
    await reaper.stop();

    const boss2 = createBoss(database, () => undefined);
    await boss2.start();
    const killer = queueOf(boss2, { lostAfterMs: 300, maxInterruptions: 2 });
    const doomed = await killer.enqueue(render, { finishOnAttempt: 99 }, { userId });
    await loseWorker(boss2, killer, doomed.id, 1);
    await loseWorker(boss2, killer, doomed.id, 2);
    expect(await repositories.jobStatus.find(doomed.id)).toMatchObject({ state: 'queued', interruptions: 2 });
    await loseWorker(boss2, killer, doomed.id, 3);
    expect(await repositories.jobStatus.find(doomed.id)).toMatchObject({ state: 'error', error: 'Render failed.', interruptions: 3 });
    await boss2.stop({ graceful: false, wait: true });
  }, 90_000);
});
