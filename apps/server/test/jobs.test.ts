import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createRepositories, type Repositories } from '../src/db/repositories/index.ts';
import { user } from '../src/db/schema.ts';
import { createBoss } from '../src/jobs/boss.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/queue.ts';
import { withRequestId } from '../src/jobs/request-context.ts';
import { defineJob, defineSystemJob, PermanentJobError } from '../src/jobs/types.ts';
import { testDatabaseTargets } from './databases.ts';
import { waitForState } from './job-states.ts';

const targets = await testDatabaseTargets();
const logged: Record<string, unknown>[] = [];
const quiet = { info: (message: string, fields?: Record<string, unknown>) => void logged.push({ message, ...fields }), error: () => undefined };

const calls = new Map<string, number>();
const count = (key: string) => calls.set(key, (calls.get(key) ?? 0) + 1).get(key)!;

const work = defineJob({
  name: 'test-work',
  payload: z.object({ mode: z.enum(['ok', 'flaky', 'broken', 'refused', 'slow']), tag: z.string() }),
  retryLimit: 2,
  retryDelaySeconds: 1,
  expireInSeconds: 120,
  failureMessage: 'Work failed.',
  async handler(payload, context) {
    const n = count(payload.tag);
    context.progress(50);
    if (payload.mode === 'flaky' && n === 1) throw new Error('transient hiccup');
    if (payload.mode === 'broken') throw new Error('always broken');
    if (payload.mode === 'refused') throw new PermanentJobError('That input cannot be used.');
    if (payload.mode === 'slow') {
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, 30_000);
        context.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      });
    }
    return { key: `users/${context.userId}/renders/${payload.tag}.mp4`, attempts: n };
  },
});

/** What the commit job's hooks saw, by tag; `cancelOwnJob` lands a user's cancel the moment its output is stored. */
const effects = new Map<string, string[]>();
const note = (tag: string, what: string) => effects.set(tag, [...(effects.get(tag) ?? []), what]);
let cancelOwnJob: (jobId: string) => Promise<void> = async () => undefined;

const committing = defineJob({
  name: 'test-commit',
  payload: z.object({ mode: z.enum(['ok', 'late-cancel', 'refused-commit']), tag: z.string() }),
  retryLimit: 0,
  retryDelaySeconds: 1,
  expireInSeconds: 120,
  failureMessage: 'Commit work failed.',
  async handler(payload, context) {
    note(payload.tag, 'stored');
    if (payload.mode === 'late-cancel') await cancelOwnJob(context.jobId);
    return { key: payload.tag };
  },
  async commit(tx, payload) {
    const [row] = ((await tx.execute(sql`select 1 as one`)) as unknown as { rows: Array<{ one: number }> }).rows;
    note(payload.tag, `committed ${row!.one}`);
    if (payload.mode === 'refused-commit') throw new PermanentJobError('The project is gone.');
    return async () => void note(payload.tag, 'after commit');
  },
  async discard(payload, result) {
    note(payload.tag, `discarded ${(result as { key: string }).key}`);
  },
});

const chore = defineSystemJob({
  name: 'test-chore',
  payload: z.object({ tag: z.string() }),
  retryLimit: 0,
  retryDelaySeconds: 1,
  expireInSeconds: 120,
  failureMessage: 'Chore failed.',
  async handler(payload, context) {
    return { owner: context.userId, runs: count(payload.tag) };
  },
});

describe.each(targets)('job queue on $name', (target) => {
  let database: DatabaseHandle;
  let repositories: Repositories;
  let queue: JobQueue;
  const userId = 'user-jobs';

  beforeAll(async () => {
    database = await target.open();
    repositories = createRepositories(database.db);
    await database.db.insert(user).values({ id: userId, name: 'Jobs', email: 'jobs@example.com', emailVerified: true });
    const boss = createBoss(database, () => undefined);
    queue = createJobQueue({ boss, statuses: repositories.jobStatus, definitions: [work, chore, committing], log: quiet, heartbeatMs: 200, lostAfterMs: 2000, pollingIntervalSeconds: 0.5 });
    await queue.startWorkers(2);
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
  });

  it('runs a job to done with its result', async () => {
    const job = await queue.enqueue(work, { mode: 'ok', tag: `${target.name}-ok` }, { userId });
    expect(job.state).toBe('queued');
    const done = await waitForState(repositories, job.id, ['done', 'error']);
    expect(done).toMatchObject({ state: 'done', percent: 100, attempt: 1, result: { attempts: 1 } });
  });

  it('records the request that started a job and names it in the job\'s log lines', async () => {
    const requestId = `req-${target.name}`;
    const job = await withRequestId(requestId, () => queue.enqueue(work, { mode: 'ok', tag: `${target.name}-traced` }, { userId }));
    expect(job.requestId).toBe(requestId);
    await waitForState(repositories, job.id, ['done']);
    expect(logged.filter((line) => line.job === job.id)).toEqual([
      expect.objectContaining({ message: 'job started', requestId, kind: 'test-work', attempt: 1 }),
      expect.objectContaining({ message: 'job ended', requestId, outcome: 'done' }),
    ]);
    const untraced = await queue.enqueue(work, { mode: 'ok', tag: `${target.name}-untraced` }, { userId });
    expect(untraced.requestId).toBeNull();
  });

  it('starts one job for a double click with the same idempotency key', async () => {
    const tag = `${target.name}-double`;
    const [a, b] = await Promise.all([
      queue.enqueue(work, { mode: 'ok', tag }, { userId, idempotencyKey: 'click-1' }),
      queue.enqueue(work, { mode: 'ok', tag }, { userId, idempotencyKey: 'click-1' }),
    ]);
    expect(a.id).toBe(b.id);
    await waitForState(repositories, a.id, ['done']);
    expect(calls.get(tag)).toBe(1);
  });

  it('retries a transient failure after its retry delay', async () => {
    const job = await queue.enqueue(work, { mode: 'flaky', tag: `${target.name}-flaky` }, { userId });
    const done = await waitForState(repositories, job.id, ['done', 'error']);
    expect(done).toMatchObject({ state: 'done', attempt: 2, result: { attempts: 2 } });
  });

  it('gives the failure message after the last retry', async () => {
    const job = await queue.enqueue(work, { mode: 'broken', tag: `${target.name}-broken` }, { userId });
    const failed = await waitForState(repositories, job.id, ['error'], 45_000);
    expect(failed).toMatchObject({ state: 'error', error: 'Work failed.', attempt: 3 });
  }, 60_000);

  it('never retries a permanent failure and shows its own message', async () => {
    const tag = `${target.name}-refused`;
    const job = await queue.enqueue(work, { mode: 'refused', tag }, { userId });
    const failed = await waitForState(repositories, job.id, ['error']);
    expect(failed).toMatchObject({ error: 'That input cannot be used.', attempt: 1 });
    await sleep(1500);
    expect(calls.get(tag)).toBe(1);
  });

  it('cancels a running job and stops its work', async () => {
    const job = await queue.enqueue(work, { mode: 'slow', tag: `${target.name}-slow` }, { userId });
    await waitForState(repositories, job.id, ['processing']);
    const cancelled = await queue.cancel(userId, job.id);
    expect(cancelled.state).toBe('cancelled');
    await sleep(1000);
    expect((await repositories.jobStatus.find(job.id))!.state).toBe('cancelled');
    await expect(queue.cancel('someone-else', job.id)).rejects.toThrow('Not found.');
  });

  it('marks a job done in the transaction that writes its effect, and runs what the commit leaves for after', async () => {
    const job = await queue.enqueue(committing, { mode: 'ok', tag: `ok-${target.name}` }, { userId });
    expect((await waitForState(repositories, job.id, ['done'])).result).toEqual({ key: `ok-${target.name}` });
    await sleep(200);
    expect(effects.get(`ok-${target.name}`)).toEqual(['stored', 'committed 1', 'after commit']);
  });

  it('a cancel that lands as the output is stored wins: the commit never runs and the output is discarded', async () => {
    cancelOwnJob = async (jobId) => void (await queue.cancel(userId, jobId));
    const tag = `late-${target.name}`;
    const job = await queue.enqueue(committing, { mode: 'late-cancel', tag }, { userId });
    expect((await waitForState(repositories, job.id, ['cancelled', 'done'])).state).toBe('cancelled');
    for (let waited = 0; (effects.get(tag) ?? []).length < 2 && waited < 5000; waited += 100) await sleep(100);
    expect(effects.get(tag)).toEqual(['stored', `discarded ${tag}`]);
  });

  it('a commit that refuses fails the job with its message, writes nothing and discards the output', async () => {
    const tag = `refused-${target.name}`;
    const job = await queue.enqueue(committing, { mode: 'refused-commit', tag }, { userId });
    expect(await waitForState(repositories, job.id, ['error', 'done'])).toMatchObject({ state: 'error', error: 'The project is gone.', result: null });
    for (let waited = 0; (effects.get(tag) ?? []).length < 3 && waited < 5000; waited += 100) await sleep(100);
    expect(effects.get(tag)).toEqual(['stored', 'committed 1', `discarded ${tag}`]);
  });

  it('takes back a job only while no worker has claimed it', async () => {
    const idle = defineJob({ ...work, name: 'test-idle' });
    const producer = createJobQueue({ boss: createBoss(database, () => undefined), statuses: repositories.jobStatus, definitions: [idle], log: quiet });
    try {
      const waiting = await producer.enqueue(idle, { mode: 'ok', tag: `${target.name}-idle` }, { userId });
      expect(await producer.cancelIfQueued('someone-else', waiting.id)).toBe(false);
      expect(await producer.cancelIfQueued(userId, waiting.id)).toBe(true);
      expect((await repositories.jobStatus.find(waiting.id))!.state).toBe('cancelled');
      expect(await producer.cancelIfQueued(userId, waiting.id)).toBe(false);
    } finally {
      await producer.stop();
    }

    const running = await queue.enqueue(work, { mode: 'slow', tag: `${target.name}-taken` }, { userId });
    await waitForState(repositories, running.id, ['processing']);
    expect(await queue.cancelIfQueued(userId, running.id)).toBe(false);
    expect((await repositories.jobStatus.find(running.id))!.state).toBe('processing');
    await queue.cancel(userId, running.id);
  });

  it('runs a system job with no owner, once per key, hidden from users, and again once forgotten', async () => {
    const tag = `${target.name}-chore`;
    const [a, b] = await Promise.all([0, 1].map(() => queue.enqueueOnce(chore, { tag }, { userId: null, idempotencyKey: tag })));
    expect(a!.record.id).toBe(b!.record.id);
    expect([a!.created, b!.created].sort()).toEqual([false, true]);
    expect(await waitForState(repositories, a!.record.id, ['done', 'error'])).toMatchObject({ state: 'done', userId: null, result: { owner: null, runs: 1 } });
    await expect(queue.status(userId, a!.record.id)).rejects.toThrow('Not found.');
    await expect(queue.cancel(userId, a!.record.id)).rejects.toThrow('Not found.');
    expect((await queue.status(null, a!.record.id)).state).toBe('done');

    expect(await queue.forgetSystemJob(a!.record.id)).toBe(true);
    const again = await queue.enqueueOnce(chore, { tag }, { userId: null, idempotencyKey: tag });
    expect(again.created).toBe(true);
    expect(await queue.forgetSystemJob(again.record.id)).toBe(false);
    expect(await waitForState(repositories, again.record.id, ['done', 'error'])).toMatchObject({ result: { runs: 2 } });
  });

  it('takes per kind only the jobs it is told to, and refuses a kind that does not exist', async () => {
    const boss = createBoss(database, () => undefined);
    const observed: string[] = [];
    const choresOnly = createJobQueue({ boss, statuses: repositories.jobStatus, definitions: [work, chore, committing], log: quiet, pollingIntervalSeconds: 0.5, observeJob: (kind, outcome) => observed.push(`${kind} ${outcome}`) });
    await expect(choresOnly.startWorkers(1, { 'test-wrok': 1 })).rejects.toThrow('unknown job kind test-wrok; the kinds are test-work, test-chore');
    await queue.stop();
    try {
      await choresOnly.startWorkers(0, { 'test-chore': 1 });
      const tag = `${target.name}-kinds`;
      const job = await choresOnly.enqueue(work, { mode: 'ok', tag }, { userId });
      const system = await choresOnly.enqueueOnce(chore, { tag }, { userId: null, idempotencyKey: tag });
      expect(await waitForState(repositories, system.record.id, ['done'])).toMatchObject({ state: 'done' });
      await sleep(1500);
      expect((await repositories.jobStatus.find(job.id))!.state).toBe('queued');
      expect(observed).toEqual(['test-chore done']);
    } finally {
      await choresOnly.stop();
      await queue.startWorkers(2);
    }
  });

  it('hands the job of a worker that stopped beating to another worker', async () => {
    const tag = `${target.name}-orphan`;
    const boss = createBoss(database, () => undefined);
    await boss.start();
    const lonely = createJobQueue({ boss, statuses: repositories.jobStatus, definitions: [work], log: quiet });
    const job = await lonely.enqueue(work, { mode: 'ok', tag }, { userId });
    // A worker that claimed the job and then died: pg-boss says active, the status row's heartbeat goes stale.
    await queue.stop();
    const [fetched] = (await boss.fetch(work.name)) ?? [];
    expect(fetched?.id).toBe(job.id);
    await repositories.jobStatus.claim(job.id);
    await boss.stop({ graceful: false, wait: true });

    await queue.startWorkers(1);
    const done = await waitForState(repositories, job.id, ['done'], 30_000);
    expect(done.attempt).toBe(2);
    expect(calls.get(tag)).toBe(1);
  });
});

describe.each(targets)('pg-boss after its queue stopped, on $name', (target) => {
  it('sends a late completion nowhere, so the database closed next leaves no unhandled rejection', async () => {
    const database = await target.open();
    const boss = createBoss(database, () => undefined);
    await boss.start();
    await boss.createQueue('test-late');
    const id = (await boss.send('test-late', {}))!;
    await boss.stop({ graceful: false, wait: true });
    await database.close();
    // What pg-boss's worker does with a job that ends as the queue stops: fails it, without awaiting (pg-boss#577).
    const late = boss.fail('test-late', id).then(
      () => 'written',
      (error: Error) => `refused: ${error.message}`,
    );
    expect(await Promise.race([late, sleep(300).then(() => 'never sent')])).toBe('never sent');
  });
});
