import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { aiVideoMessages, quotaMessages, type QuotaKind } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createQuotaService } from '../src/core/credits/quotas.ts';
import { createFileUrlSigner } from '../src/core/files/file-urls.ts';
import { createUploadService } from '../src/core/files/uploads.ts';
import { createGenerationCost } from '../src/core/paid-jobs/generation-cost.ts';
import { createPaidJobs, type PaidJobs } from '../src/core/paid-jobs/paid-jobs.ts';
import { createWorkflowProjects } from '../src/core/project/workflow-projects.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createRepositories, type Repositories } from '../src/db/repositories/index.ts';
import { user } from '../src/db/schema.ts';
import { UserFacingError } from '../src/errors.ts';
import { createBoss } from '../src/jobs/boss.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/queue.ts';
import { defineJob, PermanentJobError } from '../src/jobs/types.ts';
import { createMediaPort } from '../src/providers/media/index.ts';
import { createStorage } from '../src/providers/storage/index.ts';
import { testDatabaseTargets } from './databases.ts';
import { waitForState } from './job-states.ts';

const targets = await testDatabaseTargets();
const quiet = { info: () => undefined, error: () => undefined };

/** Work that finishes, fails for good, or runs until it is cancelled. */
const paidWork = defineJob({
  name: 'test-paid-work',
  payload: z.object({ mode: z.enum(['ok', 'fail', 'hold']), tag: z.string() }),
  retryLimit: 0,
  retryDelaySeconds: 1,
  expireInSeconds: 120,
  failureMessage: 'Paid work failed.',
  async handler(payload, context) {
    if (payload.mode === 'fail') throw new PermanentJobError('That input cannot be used.');
    if (payload.mode === 'hold') {
      await new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    }
    return { tag: payload.tag };
  },
});
/** The same work under a name no worker takes: it waits in the queue until a test plays the worker itself. */
const waitingWork = defineJob({ ...paidWork, name: 'test-paid-waiting' });

describe.each(targets)('the paid-job service on $name', (target) => {
  let database: DatabaseHandle;
  let repositories: Repositories;
  let queue: JobQueue;
  let workers: JobQueue;
  let paidJobs: PaidJobs;
  /** The same service where generations are motion templates: no AI credit, one at once and three a day per user. */
  let offlineJobs: PaidJobs;
  let otherProcessJobs: PaidJobs;
  let quotas: ReturnType<typeof createQuotaService>;
  let users = 0;

  beforeAll(async () => {
    database = await target.open();
    repositories = createRepositories(database.db);
    // The service's queue only enqueues; a second queue is the worker, as on a deployment with worker processes. Each
    // sets pg-boss up under the database's lock, as composeCore does, so ten first enqueues at once cannot deadlock.
    queue = createJobQueue({ boss: createBoss(database, () => undefined), statuses: repositories.jobStatus, definitions: [paidWork, waitingWork], log: quiet, lostAfterMs: 300, maxInterruptions: 0, exclusively: database.exclusively });
    workers = createJobQueue({ boss: createBoss(database, () => undefined), statuses: repositories.jobStatus, definitions: [paidWork], log: quiet, heartbeatMs: 200, pollingIntervalSeconds: 0.5, exclusively: database.exclusively });
    await workers.startWorkers(2);
    quotas = createQuotaService({ subscriptions: repositories.subscriptions, clock: () => new Date() });
    const dataDir = mkdtempSync(join(tmpdir(), 'paid-jobs-'));
    const storage = createStorage({ dataDir, s3: undefined });
    const signer = createFileUrlSigner({ secret: 'paid-jobs-secret-paid-jobs-secret-0123', ttlSeconds: 60 });
    const uploads = createUploadService({ storage, uploads: repositories.uploads, signer, probe: createMediaPort().probeDecodable, tmpDir: join(dataDir, 'tmp') });
    const common = { holds: repositories.videoCredits, queue, quotas, uploads, workflow: createWorkflowProjects(repositories.projects), exclusivelyFor: database.exclusivelyFor };
    const limits = { perDay: 3, atOnce: 1 };
    paidJobs = createPaidJobs({ ...common, generationCost: createGenerationCost({ vendor: true, statuses: repositories.jobStatus, queue: paidWork.name, limits }) });
    offlineJobs = createPaidJobs({ ...common, generationCost: createGenerationCost({ vendor: false, statuses: repositories.jobStatus, queue: paidWork.name, limits }) });
    // A second API process on the same database: its own in-process turns, the same database lock.
    otherProcessJobs = createPaidJobs({ ...common, generationCost: createGenerationCost({ vendor: false, statuses: repositories.jobStatus, queue: paidWork.name, limits }) });
  });
  afterAll(async () => {
    await workers.stop();
    await queue.stop();
    await database.close();
  });

  /** A user with `aiCredits` AI video credits, of which `used` are spent already. */
  async function newUser(aiCredits = 3, used = 0): Promise<string> {
    const id = `paid-${target.name}-${++users}`;
    await database.db.insert(user).values({ id, name: 'Payer', email: `${id}@example.com`, emailVerified: true });
    await quotas.current(id);
    await repositories.subscriptions.update(id, { aiVideosAllowed: aiCredits, aiVideosUsed: used, videosAllowed: 10 });
    return id;
  }
  const aiUsed = async (userId: string) => (await repositories.subscriptions.find(userId))!.aiVideosUsed;
  const projectsOf = async (userId: string) => (await repositories.projects.listUnfinished(userId, 50)).length;

  interface Options {
    mode?: 'ok' | 'fail' | 'hold';
    key?: string;
    credit?: QuotaKind | null;
    job?: typeof paidWork;
    failIn?: 'prepare' | 'began';
    motionTemplate?: boolean;
  }
  function start(userId: string, options: Options = {}, service: PaidJobs = paidJobs) {
    const { mode = 'ok', credit = 'aiVideos', job = paidWork } = options;
    return service.start({
      userId,
      credit,
      ...(options.motionTemplate ? { motionTemplate: true } : {}),
      async prepare(scope) {
        const project = await scope.project(quotas, userId, undefined, 'test');
        if (options.failIn === 'prepare') throw new UserFacingError(400, 'That start cannot go ahead.');
        return { project, job, payload: { mode, tag: userId }, idempotencyKey: options.key };
      },
      async began(project, record) {
        if (options.failIn === 'began') throw new Error('the project could not be saved');
        return { jobId: record.id, projectId: project.id, began: true };
      },
      followed: (project, record) => ({ jobId: record.id, projectId: project.id, began: false }),
    });
  }

  it('lets one of ten simultaneous starts begin: one job, one credit, one project; the others follow it for nothing', async () => {
    const userId = await newUser(10);
    const answers = await Promise.all(Array.from({ length: 10 }, () => start(userId, { job: waitingWork, key: `same-${userId}` })));
    expect(new Set(answers.map((answer) => answer.jobId)).size).toBe(1);
    expect(answers.filter((answer) => answer.began)).toHaveLength(1);
    expect(await aiUsed(userId)).toBe(1);
    const { projectId, jobId } = answers.find((answer) => answer.began)!;
    expect(Object.keys(await repositories.videoCredits.holds(userId, projectId))).toEqual([jobId]);
    expect(await repositories.videoCredits.projectsWithHolds(userId)).toEqual([projectId]);
    expect(await projectsOf(userId)).toBe(1);
  });

  it('refuses a start without a credit left, storing nothing, and still follows a start under way at no cost', async () => {
    const userId = await newUser(1, 1);
    await expect(start(userId)).rejects.toThrow(quotaMessages.aiVideos);
    expect(await repositories.jobStatus.countEver(userId, paidWork.name)).toBe(0);
    expect(await repositories.projects.latestOwned(userId)).toBeUndefined();
    const following = await paidJobs.start({
      userId,
      credit: 'aiVideos',
      underWay: async () => 'following',
      prepare: () => Promise.reject(new Error('a start that follows prepares nothing')),
      began: () => Promise.reject(new Error('a start that follows begins nothing')),
      followed: () => 'followed',
    });
    expect(following).toBe('following');
    expect(await aiUsed(userId)).toBe(1);
  });

  it('gives the credit back and takes the project back when the start fails before its job begins', async () => {
    const userId = await newUser(3);
    await expect(start(userId, { failIn: 'prepare' })).rejects.toThrow('That start cannot go ahead.');
    expect(await aiUsed(userId)).toBe(0);
    expect(await repositories.projects.latestOwned(userId)).toBeUndefined();
    expect(await repositories.jobStatus.countEver(userId, paidWork.name)).toBe(0);
  });

  it('stops a job the project could not take, and gives its credit back', async () => {
    const userId = await newUser(3);
    await expect(start(userId, { mode: 'hold', failIn: 'began' })).rejects.toThrow('the project could not be saved');
    const [jobId] = await repositories.jobStatus.idsOf(userId);
    expect((await repositories.jobStatus.find(jobId!))!.state).toBe('cancelled');
    expect(await aiUsed(userId)).toBe(0);
    expect(await repositories.videoCredits.projectsWithHolds(userId)).toEqual([]);
  });

  it('keeps the credit of a job that is done, even when a cancel comes after', async () => {
    const userId = await newUser(3);
    const { jobId, projectId } = await start(userId, { mode: 'ok' });
    await waitForState(repositories, jobId, ['done']);
    await queue.cancel(userId, jobId);
    await paidJobs.settle(userId, projectId);
    expect((await repositories.jobStatus.find(jobId))!.state).toBe('done');
    expect(await aiUsed(userId)).toBe(1);
    expect(await repositories.videoCredits.projectsWithHolds(userId)).toEqual([]);
  });

  it('gives the credit back for a job cancelled while queued and one cancelled while running', async () => {
    const userId = await newUser(3);
    const queued = await start(userId, { job: waitingWork });
    await queue.cancel(userId, queued.jobId);
    await paidJobs.settleUser(userId);
    expect(await aiUsed(userId)).toBe(0);
    const running = await start(userId, { mode: 'hold' });
    try {
      await waitForState(repositories, running.jobId, ['processing']);
      expect(await aiUsed(userId)).toBe(1);
    } finally {
      await queue.cancel(userId, running.jobId);
    }
    await waitForState(repositories, running.jobId, ['cancelled']);
    await paidJobs.settleUser(userId);
    expect(await aiUsed(userId)).toBe(0);
  });

  it('lets two starts race for the last credit: one begins and pays, the other is refused and begins nothing', async () => {
    const userId = await newUser(1);
    const results = await Promise.allSettled([start(userId, { job: waitingWork, key: 'a' }), start(userId, { job: waitingWork, key: 'b' })]);
    const begun = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(begun).toHaveLength(1);
    expect(refused.map((result) => (result.reason as Error).message)).toEqual([quotaMessages.aiVideos]);
    expect(await aiUsed(userId)).toBe(1);
    const states = await Promise.all((await repositories.jobStatus.idsOf(userId)).map(async (id) => (await repositories.jobStatus.find(id))!.state));
    expect(states).toEqual(['queued']);
    expect(await projectsOf(userId)).toBe(1);
  });

  it('gives the credit of a failed job back exactly once, however many look at it together', async () => {
    const userId = await newUser(5, 2);
    const { jobId, projectId } = await start(userId, { mode: 'fail' });
    await waitForState(repositories, jobId, ['error']);
    expect(await aiUsed(userId)).toBe(3);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? paidJobs.settle(userId, projectId) : paidJobs.settleUser(userId))));
    expect(await aiUsed(userId)).toBe(2);
  });

  it('gives the credit back when the job lost its worker for good', async () => {
    const userId = await newUser(3);
    const boss = createBoss(database, () => undefined);
    await boss.start();
    try {
      const { jobId } = await start(userId, { job: waitingWork });
      // A worker takes the job and dies: pg-boss says active, the heartbeat goes stale, the reaper notices.
      for (let fetched; !fetched; ) fetched = (await boss.fetch(waitingWork.name))?.find((job) => job.id === jobId);
      expect(await repositories.jobStatus.claim(jobId)).toMatchObject({ state: 'processing' });
      await sleep(400);
      await queue.reapLostJobs();
      expect((await repositories.jobStatus.find(jobId))!.state).toBe('error');
      await paidJobs.settleUser(userId);
      expect(await aiUsed(userId)).toBe(0);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });

  it('charges synchronous paid work once, and gives the credit back when it throws', async () => {
    const userId = await newUser(3);
    await expect(paidJobs.charged(userId, 'ideas', () => Promise.reject(new Error('writer down')))).rejects.toThrow('writer down');
    expect((await repositories.subscriptions.find(userId))!.ideasGenerated).toBe(0);
    expect(await paidJobs.charged(userId, 'ideas', async () => 'ideas')).toBe('ideas');
    expect((await repositories.subscriptions.find(userId))!.ideasGenerated).toBe(1);
  });

  it('takes no AI credit for a motion template, and bounds each user at once and per day, storing nothing when refused', async () => {
    const userId = await newUser(1, 1);
    const first = await start(userId, { mode: 'hold' }, offlineJobs);
    await waitForState(repositories, first.jobId, ['processing']);
    expect(await aiUsed(userId)).toBe(1);
    expect(await repositories.videoCredits.holds(userId, first.projectId)).toEqual({});
    await expect(start(userId, {}, offlineJobs)).rejects.toThrow(aiVideoMessages.offlineAtOnce(1));
    expect(await projectsOf(userId)).toBe(1);
    await queue.cancel(userId, first.jobId);
    await waitForState(repositories, first.jobId, ['cancelled']);
    // A cancelled one that a worker had begun counts toward the day: two more fit, then the day is full.
    for (let i = 0; i < 2; i++) {
      const made = await start(userId, {}, offlineJobs);
      await waitForState(repositories, made.jobId, ['done']);
    }
    await expect(start(userId, {}, offlineJobs)).rejects.toThrow(aiVideoMessages.offlineDailyLimit(3));
    expect(await repositories.jobStatus.countEver(userId, paidWork.name)).toBe(3);
    expect(await aiUsed(userId)).toBe(1);
    // A video credit is not an AI generation's: it is still asked for when the generator is offline.
    await repositories.subscriptions.update(userId, { videosUsed: 10 });
    await expect(start(userId, { credit: 'videos' }, offlineJobs)).rejects.toThrow(quotaMessages.videos);
  });

  it('with a vendor set up, a start that asks for a motion template takes no AI credit and counts toward the offline bound', async () => {
    const userId = await newUser(1, 1);
    const first = await start(userId, { mode: 'hold', motionTemplate: true });
    await waitForState(repositories, first.jobId, ['processing']);
    expect(await aiUsed(userId)).toBe(1);
    expect(await repositories.videoCredits.holds(userId, first.projectId)).toEqual({});
    await expect(start(userId, { motionTemplate: true })).rejects.toThrow(aiVideoMessages.offlineAtOnce(1));
    // The vendor's generation beside it is paid with the credit, which is all used.
    await expect(start(userId, {})).rejects.toThrow(quotaMessages.aiVideos);
    expect(await projectsOf(userId)).toBe(1);
    await queue.cancel(userId, first.jobId);
    await waitForState(repositories, first.jobId, ['cancelled']);
  });

  // Only a database server is shared by several API processes; a PGlite database belongs to one.
  it.runIf(target.name === 'postgres')('bounds a user’s motion templates at once across two API processes on one database', async () => {
    const userId = await newUser(1, 1);
    const services = [offlineJobs, otherProcessJobs];
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => start(userId, { mode: 'hold' }, services[i % 2])));
    const begun = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(begun).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected')) expect((result.reason as Error).message).toBe(aiVideoMessages.offlineAtOnce(1));
    expect(await projectsOf(userId)).toBe(1);
    await queue.cancel(userId, begun[0]!.jobId);
  });
}, 120_000);
