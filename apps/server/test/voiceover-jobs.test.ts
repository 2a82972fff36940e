import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { voiceoverMessages } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../src/db/client.ts';
import { composeApp, composeCore } from '../src/compose.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, testConfig, type TestApp, type TestClient } from './app.ts';
import { postgresOnlyTarget, testDatabaseTargets } from './databases.ts';

const quiet = { info: () => undefined, error: () => undefined };
const script = 'Fresh bread every morning.';
const postgres = await postgresOnlyTarget();
if (!postgres) console.warn('[tests] PostgreSQL is not reachable: the worker-only voiceover test needs it and is skipped.');

async function signedInProject(app: TestApp['app'], email: string) {
  const account = await signUpAndConfirm(app, email);
  await account.client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  const videoId: string = (await account.client.post('/api/create-video-entry', { user_id: account.userId, video_type: 'custom-storyboard' })).json().video_id;
  return { client: account.client as TestClient, userId: account.userId, videoId };
}

describe.skipIf(!postgres)('a voiceover queued by the web process', () => {
  let web: DatabaseHandle & { url?: string };
  let workerDatabase: DatabaseHandle;
  let composed: Awaited<ReturnType<typeof composeApp>>;
  let worker: ReturnType<typeof composeCore>;
  let spokenByWorker: { mock: { calls: unknown[] } };
  let spokenByWeb: { mock: { calls: unknown[] } };

  beforeAll(async () => {
    web = await postgres!.open();
    // One DATA_DIR for both, as a shared folder (or S3) would be for processes on several machines.
    const config = testConfig({ databaseUrl: web.url });
    composed = await composeApp(config, web, quiet);
    await composed.app.ready();
    workerDatabase = await openPostgres(web.url!);
    // As worker.ts starts it: composeCore on the same database, taking jobs; the web process runs no workers.
    worker = composeCore(config, workerDatabase, quiet);
    spokenByWorker = vi.spyOn(worker.jobs.speech, 'handler');
    spokenByWeb = vi.spyOn(composed.jobs.speech, 'handler');
    await worker.queue.startWorkers(1);
  }, 60_000);

  afterAll(async () => {
    await composed?.app.close();
    await composed?.queue.stop();
    await worker?.queue.stop();
    await workerDatabase?.close();
    await web?.close();
  });

  it('is spoken by a worker-only process, and the request answers with its audio_url', async () => {
    const { client, userId, videoId } = await signedInProject(composed.app, 'worker-voice@example.com');
    const saved = await client.post('/api/save-audio', { user_id: userId, video_id: videoId, script, voice: 'ash', instructions: '' });
    expect(saved.statusCode).toBe(200);
    const body = saved.json();
    expect(body.audio_url).toMatch(/^\/files\/users\//);
    expect((await client.get(body.audio_url)).statusCode).toBe(200);
    expect(spokenByWorker.mock.calls).toHaveLength(1);
    expect(spokenByWeb.mock.calls).toHaveLength(0);
    const record = await composed.repositories.projects.findOwned(userId, videoId);
    const key = (record!.composition as { voiceover: { key: string } }).voiceover.key;
    expect(body.audio_url).toContain(key);
  }, 120_000);
});

describe('a voiceover whose job fails', () => {
  let t: TestApp;

  beforeAll(async () => {
    const [pglite] = await testDatabaseTargets();
    // Nothing listens on port 9: every attempt of the speech job fails, the retry included.
    const deadSpeech = { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-test', model: 'gpt-4o-mini-tts', transcribeModel: 'whisper-1', timeoutMs: 2000 };
    t = await startTestApp(pglite!, { tts: { openai: deadSpeech, elevenlabs: undefined } });
    await t.composed.queue.startWorkers(1);
  }, 60_000);
  afterAll(() => t.close());

  it('answers the voiceover message, leaves the project document as it was and stores no file', async () => {
    const { client, userId, videoId } = await signedInProject(t.app, 'failing-voice@example.com');
    const before = await t.composed.repositories.projects.findOwned(userId, videoId);
    const saved = await client.post('/api/save-audio', { user_id: userId, video_id: videoId, script, voice: 'ash', instructions: '' });
    expect(saved.statusCode).toBe(502);
    expect(saved.json()).toEqual({ error: voiceoverMessages.speechFailed });
    const after = await t.composed.repositories.projects.findOwned(userId, videoId);
    expect(after!.composition).toEqual(before!.composition);
    expect(after!.script).toEqual(before!.script);
    const audioDir = join(t.config.dataDir, 'files', 'users', userId, 'audio');
    expect(existsSync(audioDir) ? readdirSync(audioDir) : []).toEqual([]);
  }, 60_000);
});
