import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../src/db/client.ts';
import { jobStatus } from '../src/db/schema.ts';
import { composeApp, composeCore } from '../src/compose.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, testConfig, type TestApp } from './app.ts';
import { postgresOnlyTarget, testDatabaseTargets } from './databases.ts';

const quiet = { info: () => undefined, error: () => undefined };
const [pglite] = await testDatabaseTargets();
const postgres = await postgresOnlyTarget();
if (!postgres) console.warn('[tests] PostgreSQL is not reachable: the worker-only library test needs it and is skipped.');
/** One still and the silent track: the two cheapest items. */
const library = { warmUp: false, stockDir: undefined, musicDir: undefined, counts: { images: 1, videos: 0, backgrounds: 0, tracks: 0, previews: 0 } };

const systemJobs = (database: DatabaseHandle) => database.db.select().from(jobStatus).where(isNull(jobStatus.userId));

describe.skipIf(!postgres)('library items queued by two web processes starting together', () => {
  let web: DatabaseHandle & { url?: string };
  const databases: DatabaseHandle[] = [];
  const webs: Awaited<ReturnType<typeof composeApp>>[] = [];
  let worker: ReturnType<typeof composeCore>;

  beforeAll(async () => {
    web = await postgres!.open();
    // One DATA_DIR for all, as a shared folder (or S3) would be for processes on several machines.
    const config = testConfig({ databaseUrl: web.url, library });
    for (const handle of [web, await openPostgres(web.url!)]) {
      if (handle !== web) databases.push(handle);
      const composed = await composeApp(config, handle, quiet);
      await composed.app.ready();
      webs.push(composed);
    }
    const workerDatabase = await openPostgres(web.url!);
    databases.push(workerDatabase);
    // As worker.ts starts it; the web processes run no workers, so only this one can render.
    worker = composeCore(config, workerDatabase, quiet);
    await worker.queue.startWorkers(1);
  }, 60_000);

  afterAll(async () => {
    for (const composed of webs) {
      await composed.app.close();
      await composed.queue.stop();
    }
    await worker?.queue.stop();
    for (const handle of databases) await handle.close();
    await web?.close();
  });

  it('are rendered once each by a worker-only process, and both web processes list them', async () => {
    const handlers = webs.map((composed) => vi.spyOn(composed.jobs.libraryItem, 'handler'));
    const rendered = vi.spyOn(worker.jobs.libraryItem, 'handler');
    await Promise.all(webs.map((composed) => composed.media.library.start()));
    expect(rendered.mock.calls.map(([payload]) => payload.id).sort()).toEqual(['library/v2/music/silence.mp3', 'library/v2/stock/images/scene-bakery-counter.jpg']);
    for (const handler of handlers) expect(handler).not.toHaveBeenCalled();
    for (const composed of webs) {
      expect(composed.media.library.list('track').map((track) => track.id)).toEqual(['silence']);
      expect(composed.media.library.list('image')).toHaveLength(1);
    }
    expect(await webs[0]!.storage.stat('library/v2/music/silence.mp3')).not.toBeNull();
    expect((await systemJobs(web)).map((row) => row.state)).toEqual(['done', 'done']);
  }, 120_000);
});

describe('a library item job', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(pglite!, { library: { ...library, counts: { ...library.counts, images: 0 } } });
    await t.composed.queue.startWorkers(1);
  }, 60_000);
  afterAll(() => t.close());

  it('is no user’s: GET /api/jobs/:id and its cancel answer 404 to a signed-in user', async () => {
    const enqueued = vi.spyOn(t.composed.queue, 'enqueueOnce');
    await t.composed.media.library.start();
    const { record } = await enqueued.mock.results[0]!.value;
    const job = await t.composed.repositories.jobStatus.find(record.id);
    expect(job).toMatchObject({ queue: 'library-item', state: 'done', userId: null });
    const { client, email, password } = await signUpAndConfirm(t.app, 'library-jobs@example.com');
    await client.post('/api/auth/sign-in/email', { email, password });
    expect((await client.get(`/api/jobs/${job!.id}`)).statusCode).toBe(404);
    expect((await client.post(`/api/jobs/${job!.id}/cancel`)).statusCode).toBe(404);
    expect((await t.composed.repositories.jobStatus.find(job!.id))?.state).toBe('done');
  });
});
