import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { backgroundsResponse, videoTypePreviewsResponse } from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, TestClient, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const [pglite] = await testDatabaseTargets();
const settings = { warmUp: false, stockDir: undefined, musicDir: undefined, counts: { images: 0, videos: 0, backgrounds: 2, tracks: 0, previews: 0 } };

describe('GET /api/backgrounds and the library cache', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await startTestApp(pglite!, { library: settings });
    // Library items are jobs: this process takes them, as `npm start` does.
    await t.composed.queue.startWorkers(1);
    ({ client } = await signUpAndConfirm(t.app, 'backgrounds@example.com'));
    await client.post('/api/auth/sign-in/email', { email: 'backgrounds@example.com', password: 'correct-horse-1' });
  }, 120_000);
  afterAll(() => t.close());

  it('needs a session', async () => {
    expect((await new TestClient(t.app).get('/api/backgrounds')).statusCode).toBe(401);
  });

  it('generates on first use and lists the loops with thumbnails', async () => {
    await t.composed.media.library.start();
    const list = backgroundsResponse.parse((await client.get('/api/backgrounds')).json());
    expect(list.map((b) => [b.id, b.name])).toEqual([
      ['minecraft', 'Minecraft'],
      ['temple-run', 'Temple Run'],
    ]);
    for (const background of list) {
      const thumbnail = await client.get(background.thumbnail_url);
      expect(thumbnail.headers['content-type']).toBe('image/jpeg');
      const video = await client.get(background.video_url);
      const path = join(t.config.dataDir, `${background.id}.mp4`);
      writeFileSync(path, video.rawPayload);
      const info = await probe(path);
      expect(info).toMatchObject({ width: 720, height: 1280, videoCodec: 'h264' });
      expect(info.duration).toBeCloseTo(background.duration, 0);
    }
  });

  it('reuses the stored files on the next start instead of rendering again', async () => {
    const file = join(t.config.dataDir, 'files/library/v2/backgrounds/minecraft.mp4');
    const before = statSync(file).mtimeMs;
    const again = await startTestApp(pglite!, { library: settings, dataDir: t.config.dataDir });
    try {
      const started = Date.now();
      await again.composed.media.library.start();
      expect(Date.now() - started).toBeLessThan(2000);
      expect(again.composed.media.library.list('background')).toHaveLength(2);
      expect(statSync(file).mtimeMs).toBe(before);
    } finally {
      await again.close();
    }
  });
});

describe('GET /api/video-type-previews', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await startTestApp(pglite!, { library: { ...settings, counts: { images: 0, videos: 0, backgrounds: 0, tracks: 0, previews: 2 } } });
    await t.composed.queue.startWorkers(1);
    ({ client } = await signUpAndConfirm(t.app, 'previews@example.com'));
    await client.post('/api/auth/sign-in/email', { email: 'previews@example.com', password: 'correct-horse-1' });
  }, 120_000);
  afterAll(() => t.close());

  it('needs a session, and answers the tiles’ previews made so far with their loop and poster', async () => {
    expect((await new TestClient(t.app).get('/api/video-type-previews')).statusCode).toBe(401);
    await t.composed.media.library.start();
    const { previews } = videoTypePreviewsResponse.parse((await client.get('/api/video-type-previews')).json());
    expect(previews.map((p) => p.id).sort()).toEqual(['before-after', 'ugc']);
    const ugc = previews.find((p) => p.id === 'ugc')!;
    const video = await client.get(ugc.video_url);
    expect(video.headers['content-type']).toBe('video/mp4');
    const path = join(t.config.dataDir, 'ugc-preview.mp4');
    writeFileSync(path, video.rawPayload);
    expect(await probe(path)).toMatchObject({ width: 360, height: 640, videoCodec: 'h264' });
    expect((await client.get(ugc.poster_url)).headers['content-type']).toBe('image/jpeg');
  }, 60_000);
});
