import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bgMusicTexts, musicListResponse, noBackgroundMusicTitle, uploadMusicResponse, uploadPolicies } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp } from './app.ts';
import { multipartForm } from './brolls-multipart.ts';
import { testDatabaseTargets } from './databases.ts';
import { makeFixtures } from './media-fixtures.ts';

const [pglite] = await testDatabaseTargets();
const fixtures = makeFixtures();
execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=2', fixtures.path('tone.wav')]);

function operatorMusic(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rs-bg-music-'));
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=3', '-c:a', 'libmp3lame', join(dir, 'calm-01.mp3')]);
  writeFileSync(join(dir, 'calm-01.json'), JSON.stringify({ title: 'Calm', mood: 'calm' }));
  return dir;
}

describe('background music step (upload-music, update-bg-music)', () => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signUpAndConfirm>>;
  let videoId: string;

  beforeAll(async () => {
    t = await startTestApp(pglite!, {
      library: { warmUp: false, stockDir: undefined, musicDir: operatorMusic(), counts: { images: 0, videos: 0, backgrounds: 0, tracks: 0, previews: 0 } },
    });
    account = await signUpAndConfirm(t.app, 'bg.music@example.com');
    await account.client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    await t.composed.queue.startWorkers(1);
    await t.composed.media.library.start();
    videoId = (await account.client.post('/api/create-video-entry', { user_id: account.userId })).json().video_id;
  }, 120_000);
  afterAll(() => t.close());

  const upload = (name: string, content: Buffer) => {
    const { payload, headers } = multipartForm({ user_id: account.userId, type: 'bg_music' }, [{ field: 'file', filename: name, content }]);
    return account.client.request('POST', '/api/upload-music', payload, headers);
  };
  const update = (bgMusic: string) => account.client.post('/api/update-bg-music', { user_id: account.userId, video_id: videoId, bg_music: bgMusic });
  const music = async () => ((await t.composed.repositories.projects.findOwned(account.userId, videoId))!.composition as ProjectDocument).music;

  it('keeps an MP3 and answers its URL; refuses a WAV and a file over 4 MB with the policy texts', async () => {
    const ok = await upload('tone.mp3', readFileSync(fixtures.path('tone.mp3')));
    expect(ok.statusCode).toBe(201);
    expect((await account.client.get(uploadMusicResponse.parse(ok.json()).s3_url)).statusCode).toBe(200);

    const wav = await upload('tone.wav', readFileSync(fixtures.path('tone.wav')));
    expect(wav.statusCode).toBe(415);
    expect(wav.json()).toEqual({ error: uploadPolicies.music.wrongTypeMessage });

    const big = await upload('big.mp3', Buffer.alloc(4 * 1024 * 1024 + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'The music file must be at most 4 MB.' });
  });

  it('saves a library track, an uploaded track, or none', async () => {
    const tracks = musicListResponse.parse((await account.client.post('/api/music')).json());
    const calm = tracks.find((track) => track.title === 'Calm')!;
    expect((await update(calm.url)).json()).toEqual({ status: 'success', title: 'Calm' });
    expect((await music())?.key).toMatch(/^library\//);

    const uploaded = uploadMusicResponse.parse((await upload('mine.mp3', readFileSync(fixtures.path('tone.mp3')))).json()).s3_url;
    expect((await update(uploaded)).statusCode).toBe(200);
    expect(await music()).toEqual({ key: expect.stringMatching(`^users/${account.userId}/`), title: bgMusicTexts.uploadedTitle });

    for (const none of ['', 'none', tracks.find((track) => track.silent)!.url]) {
      expect((await update(none)).statusCode).toBe(200);
      expect(await music()).toEqual({ key: null, title: noBackgroundMusicTitle });
    }
  });

  it('refuses a URL that is neither a library track nor the user’s own audio', async () => {
    const other = await signUpAndConfirm(t.app, 'bg.music.other@example.com');
    await other.client.post('/api/auth/sign-in/email', { email: other.email, password: other.password });
    const { payload, headers } = multipartForm({ user_id: other.userId }, [{ field: 'file', filename: 'x.mp3', content: readFileSync(fixtures.path('tone.mp3')) }]);
    const foreign = uploadMusicResponse.parse((await other.client.request('POST', '/api/upload-music', payload, headers)).json()).s3_url;
    for (const url of [foreign, 'https://example.com/song.mp3']) {
      const response = await update(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: bgMusicTexts.notYourTrack });
    }
    expect((await account.client.post('/api/update-bg-music', { user_id: other.userId, bg_music: '' })).statusCode).toBe(403);
  });
});
