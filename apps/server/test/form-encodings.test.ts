import { genericMessages } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp } from './app.ts';
import { multipartForm } from './brolls-multipart.ts';
import { testDatabaseTargets } from './databases.ts';
import { postBothEncodings } from './form-encodings.ts';
import { fixtureDir, seedProject, spokenText } from './subtitles-fixtures.ts';

const [pglite] = await testDatabaseTargets();
const { dir, cleanup } = fixtureDir();

describe('SPEC §7 form calls take multipart and urlencoded bodies alike (storyboard, subtitles)', () => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signUpAndConfirm>>;
  let videoId: string;

  beforeAll(async () => {
    t = await startTestApp(pglite!);
    await t.composed.queue.startWorkers(1);
    account = await signUpAndConfirm(t.app, 'form-encodings@example.com');
    await account.client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    videoId = (await seedProject(t, account.userId, dir, { background: false, text: spokenText })).id;
    await t.composed.repositories.projects.update(account.userId, videoId, { script: spokenText });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    cleanup();
  });

  it('generate-and-store-scenes (form: user_id) answers the same six scenes', async () => {
    const { multipart, urlencoded } = await postBothEncodings(account.client, '/api/generate-and-store-scenes', { user_id: account.userId, video_id: videoId });
    expect(multipart.statusCode).toBe(200);
    expect(urlencoded.statusCode).toBe(200);
    expect(multipart.json()).toEqual(urlencoded.json());
    expect(multipart.json().scene1).toEqual(expect.any(String));
  });

  it('update-scene (form: user_id, scene_index, scene_text) saves the text either way', async () => {
    const fields = (text: string) => ({ user_id: account.userId, video_id: videoId, scene_index: '2', scene_text: text });
    const first = await postBothEncodings(account.client, '/api/update-scene', fields('A sunrise over the bay'));
    expect(first.multipart.statusCode).toBe(200);
    expect(first.urlencoded.json()).toEqual({ status: 'success', video_id: videoId });
    const scenes = await account.client.post('/api/generate-and-store-scenes', { user_id: account.userId, video_id: videoId });
    expect(scenes.json().scene2).toBe('A sunrise over the bay');
  });

  it('generate-subtitles (form: user_id, subtitle_position, subtitle_font_size, words_per_chunk) makes the same captions', async () => {
    const fields = { user_id: account.userId, video_id: videoId, subtitle_position: 'bottom', subtitle_font_size: 'medium', words_per_chunk: '3' };
    const { multipart, urlencoded } = await postBothEncodings(account.client, '/api/generate-subtitles', fields);
    expect(multipart.statusCode).toBe(200);
    expect(urlencoded.statusCode).toBe(200);
    expect(multipart.json().subtitle_srt).toContain('-->');
    expect(multipart.json()).toEqual(urlencoded.json());
  });

  it('names the wrong field beside the spec message, and refuses a file in a form that takes none', async () => {
    const wrong = await postBothEncodings(account.client, '/api/update-scene', { user_id: account.userId, video_id: videoId, scene_index: '9', scene_text: 'x' });
    for (const response of [wrong.multipart, wrong.urlencoded]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: genericMessages.badRequest, field: 'scene_index' });
    }
    const withFile = multipartForm({ user_id: account.userId }, [{ field: 'extra', filename: 'a.bin', content: Buffer.from('x') }]);
    const refused = await account.client.request('POST', '/api/generate-and-store-scenes', withFile.payload, withFile.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(genericMessages.badRequest);
  });
});
