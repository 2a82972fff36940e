import { genericMessages } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { postBothEncodings } from './form-encodings.ts';
import { fixtureDir, seedProject } from './subtitles-fixtures.ts';

const [pglite] = await testDatabaseTargets();
const { dir, cleanup } = fixtureDir();

/**
 * SPEC §7 form calls of the workflow posted as a browser's FormData and as a plain form. (final-video, the one form
 * with an optional file, is posted both ways in final-video.test.ts; the calls with files are multipart only.)
 */
describe('SPEC §7 form calls take multipart and urlencoded bodies alike (voiceover, B-roll, ideas, own video)', () => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signUpAndConfirm>>;

  beforeAll(async () => {
    t = await startTestApp(pglite!);
    await t.composed.queue.startWorkers(1);
    account = await signUpAndConfirm(t.app, 'form-workflow@example.com');
    await account.client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    cleanup();
  });

  const project = async () => (await seedProject(t, account.userId, dir)).id;
  const notRefused = (body: unknown) => expect(body).not.toEqual(expect.objectContaining({ error: genericMessages.badRequest }));

  it('adjust-tempo (form: audio_url, tempo, user_id) makes the same slower voiceover', async () => {
    const videoId = await project();
    const { multipart, urlencoded } = await postBothEncodings(account.client, '/api/adjust-tempo', { user_id: account.userId, video_id: videoId, tempo: '0.8' });
    expect([multipart.statusCode, urlencoded.statusCode]).toEqual([200, 200]);
    expect(multipart.json().duration).toBeCloseTo(urlencoded.json().duration, 1);
    expect(multipart.json().new_audio_url).toContain('/files/');
  });

  it('combine-video-audio (form: user_id) starts the render either way', async () => {
    const first = await postBothEncodings(account.client, '/api/combine-video-audio', { user_id: account.userId, video_id: await project() });
    expect([first.multipart.statusCode, first.urlencoded.statusCode]).toEqual([200, 200]);
    expect(first.multipart.json()).toMatchObject({ status: 'processing', job_id: expect.any(String) });
    expect(first.urlencoded.json()).toMatchObject({ status: 'processing', job_id: expect.any(String) });
  });

  it('skip-broll (form: user_id) goes on without B-roll either way', async () => {
    const { multipart, urlencoded } = await postBothEncodings(account.client, '/api/skip-broll', { user_id: account.userId, video_id: await project() });
    expect([multipart.statusCode, multipart.json()]).toEqual([200, { status: 'success' }]);
    expect([urlencoded.statusCode, urlencoded.json()]).toEqual([200, { status: 'success' }]);
  });

  it('generate-cloned-voice (form: script, emotion, voice_id, user_id) reaches the plan check either way', async () => {
    const fields = { user_id: account.userId, video_id: await project(), script: 'Fresh bread every morning.', emotion: 'happy', voice_id: 'voice-1' };
    const { multipart, urlencoded } = await postBothEncodings(account.client, '/api/generate-cloned-voice', fields);
    expect(multipart.statusCode).toBe(urlencoded.statusCode);
    expect(multipart.json()).toEqual(urlencoded.json());
    notRefused(multipart.json());
  });

  it('api/generate-ideas (form-encoded profile) writes five ideas either way', async () => {
    const fields = {
      user_email: account.email,
      business_name: 'Bloom & Brew',
      business_type: 'Neighbourhood café',
      goal: 'Generate Leads',
      tone: 'Relatable',
      offerings: 'cold brew, fresh pastries',
      target_audience: 'Working Professionals',
    };
    const { multipart, urlencoded } = await postBothEncodings(account.client, '/api/generate-ideas', fields);
    expect([multipart.statusCode, urlencoded.statusCode]).toEqual([200, 200]);
    expect(multipart.json().ideas).toHaveLength(5);
    expect(urlencoded.json().ideas).toHaveLength(5);
  });

  it('combine-videos-silent (form: user_id, video1..6) reads the same fields either way', async () => {
    const fields = { user_id: account.userId, video_id: await project(), video1: '/files/users/nobody/a.mp4' };
    const { multipart, urlencoded } = await postBothEncodings(account.client, '/api/combine-videos-silent', fields);
    expect(multipart.statusCode).toBe(urlencoded.statusCode);
    expect(multipart.json()).toEqual(urlencoded.json());
    notRefused(multipart.json());
  });
});
