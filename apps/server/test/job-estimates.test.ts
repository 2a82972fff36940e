import { randomUUID } from 'node:crypto';
import { checkImageStatusResponse, finalVideoStatusResponse, generateShowcaseResponse, ugcDefaults, videoStatusResponse } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProjectDocument } from '../src/core/project/project-document.ts';
import { jobStatus } from '../src/db/schema.ts';
import { signedInAccount, type SignedInAccount } from './generation-client.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();
const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);

describe.each(targets)('measured waits on $name', (target) => {
  let t: TestApp;
  let account: SignedInAccount;

  beforeAll(async () => {
    t = await startTestApp(target);
    account = await signedInAccount(t, 'estimates@example.com');
  }, 60_000);
  afterAll(() => t.close());

  /** A job of the queue that finished `ago` seconds ago after a whole wait of `seconds`. */
  async function finished(queue: string, size: number | null, seconds: number, ago = 60, state: 'done' | 'error' = 'done') {
    // One clock reading for both ends: a millisecond between two readings would lengthen the job past its whole seconds.
    const now = Date.now();
    await t.database.db.insert(jobStatus).values({
      id: randomUUID(),
      userId: account.userId,
      queue,
      state,
      size,
      idempotencyKey: randomUUID(),
      createdAt: new Date(now - (ago + seconds) * 1000),
      updatedAt: new Date(now - ago * 1000),
    });
  }

  /** A project whose video job of this queue and size was started `ago` seconds ago and is still running. */
  async function running(queue: string, size: number | null, ago: number): Promise<string> {
    const jobId = randomUUID();
    await t.database.db.insert(jobStatus).values({ id: jobId, userId: account.userId, queue, state: 'queued', size, idempotencyKey: randomUUID(), createdAt: secondsAgo(ago) });
    const id = randomUUID();
    await t.composed.repositories.projects.create({ id, userId: account.userId, videoType: 'product-showcase', composition: { ...newProjectDocument(), videoJob: { jobId, purpose: 'showcase' } } });
    return id;
  }

  const status = async (videoId: string) => videoStatusResponse.parse((await account.client.post('/api/check-video-status', { user_id: account.userId, video_id: videoId })).json());

  it('answers a running job’s status with the kind’s typical wait before any has finished here', async () => {
    const videoId = await running('generate-video', 7, 5);
    const answer = await status(videoId);
    expect(answer).toMatchObject({ status: 'processing', expected_seconds: 31 });
    expect(answer.elapsed_seconds).toBeGreaterThanOrEqual(5);
    expect(answer.elapsed_seconds).toBeLessThan(15);
  });

  it('measures the wait on this server’s finished jobs of the same kind and size, not on failed or other ones', async () => {
    for (const seconds of [20, 24, 22, 900]) await finished('generate-video', 7, seconds);
    await finished('generate-video', 14, 50);
    await finished('generate-video', 7, 3, 60, 'error');
    await finished('render-composition', null, 5);
    const answer = await status(await running('generate-video', 7, 3));
    // The median of 20, 22, 24 and 900: the slow one does not count more than any other.
    expect(answer.expected_seconds).toBe(23);
  });

  it('counts down the UGC still too: its status answers the measured wait of image generation', async () => {
    for (const seconds of [8, 10, 12]) await finished('generate-image', null, seconds);
    const jobId = randomUUID();
    await t.database.db.insert(jobStatus).values({ id: jobId, userId: account.userId, queue: 'generate-image', state: 'processing', idempotencyKey: randomUUID(), createdAt: secondsAgo(4) });
    const id = randomUUID();
    const key = (name: string) => `users/${account.userId}/uploads/${name}`;
    const ugc = { config: { product: 'Glow serum', ...ugcDefaults }, productKey: key('p.jpg'), imageJobId: jobId, imageKey: key('still.jpg') };
    await t.composed.repositories.projects.create({ id, userId: account.userId, videoType: 'ugc', composition: { ...newProjectDocument(), ugc } });
    const answer = checkImageStatusResponse.parse((await account.client.post('/api/check-image-status', { user_id: account.userId, video_id: id })).json());
    expect(answer).toMatchObject({ status: 'processing', expected_seconds: 10 });
    expect(answer.elapsed_seconds).toBeGreaterThanOrEqual(4);
  });

  it('leaves the estimate out once the video is done', async () => {
    const jobId = randomUUID();
    const key = `users/${account.userId}/renders/${randomUUID()}-showcase.mp4`;
    await t.database.db.insert(jobStatus).values({ id: jobId, userId: account.userId, queue: 'generate-video', state: 'done', size: 7, idempotencyKey: randomUUID(), result: { key } });
    const id = randomUUID();
    await t.composed.repositories.projects.create({ id, userId: account.userId, videoType: 'product-showcase', composition: { ...newProjectDocument(), videoJob: { jobId, purpose: 'showcase' } } });
    const answer = await status(id);
    expect(answer.status).toBe('done');
    expect(answer.expected_seconds).toBeUndefined();
  });

  it('keeps the spec’s answers readable without the estimate', () => {
    expect(videoStatusResponse.parse({ status: 'processing', user_video_url: null, error: null })).not.toHaveProperty('expected_seconds');
    expect(generateShowcaseResponse.parse({ status: 'processing', error: null, video_id: 'v' })).toEqual({ status: 'processing', error: null, video_id: 'v' });
    expect(finalVideoStatusResponse.shape.expected_seconds.isOptional()).toBe(true);
  });
});
