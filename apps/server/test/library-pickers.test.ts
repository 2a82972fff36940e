import { backgroundsResponse, musicListResponse, stockPhotosResponse, stockVideosResponse } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const [pglite] = await testDatabaseTargets();

/** A fresh install: nothing stored, nothing warming up; each picker's first request has to bring its own items. */
describe('every picker answers with usable items from an empty library', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await startTestApp(pglite!, { library: { warmUp: false, stockDir: undefined, musicDir: undefined, counts: { images: 3, videos: 2, backgrounds: 2, tracks: 2, previews: 0 } } });
    await t.composed.queue.startWorkers(1);
    ({ client } = await signUpAndConfirm(t.app, 'pickers@example.com'));
    await client.post('/api/auth/sign-in/email', { email: 'pickers@example.com', password: 'correct-horse-1' });
  }, 120_000);
  afterAll(() => t.close());

  const fetched = async (url: string, type: string) => {
    const response = await client.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.rawPayload.length).toBeGreaterThan(1000);
  };

  it('Scroll Stopper backgrounds: a loop with its thumbnail', async () => {
    const [first] = backgroundsResponse.parse((await client.get('/api/backgrounds')).json());
    await fetched(first!.thumbnail_url, 'image/jpeg');
    await fetched(first!.video_url, 'video/mp4');
  }, 90_000);

  it('music: a real track, not only "No Background Music"', async () => {
    const tracks = musicListResponse.parse((await client.post('/api/music')).json());
    const music = tracks.find((track) => !track.silent);
    await fetched(music!.url, 'audio/mpeg');
  }, 90_000);

  it('stock search: stills and loops', async () => {
    const photos = stockPhotosResponse.parse((await client.post('/api/stock-search', { q: 'bakery', type: 'image' })).json());
    await fetched(photos.photos[0]!.src.large, 'image/jpeg');
    const videos = stockVideosResponse.parse((await client.post('/api/stock-search', { q: 'loop', type: 'video' })).json());
    await fetched(videos.videos[0]!.video_files[0]!.link, 'video/mp4');
  }, 90_000);
});
