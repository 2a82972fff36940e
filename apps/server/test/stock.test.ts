import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pickStockVideoFile, stockMessages, stockPhotosResponse, stockVideosResponse } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, TestClient, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { startTrapServer } from './stock-fake-pexels.ts';

const [pglite] = await testDatabaseTargets();

/** An operator's folder: names (and one sidecar) that a relevance test can reason about. */
function operatorStock(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rs-operator-stock-'));
  const still = (name: string) => execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=navy:s=108x192', '-frames:v', '1', join(dir, name)]);
  still('beach-volleyball.jpg');
  still('IMG_0042.jpg');
  writeFileSync(join(dir, 'IMG_0042.jpg.json'), JSON.stringify({ alt: 'Beach at sunset, golden hour', tags: ['beach', 'sunset', 'golden hour'] }));
  still('sunset-over-city.jpg');
  still('wide-sunset.jpg');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=navy:s=192x108', '-frames:v', '1', join(dir, 'landscape-sunset.jpg')]);
  return dir;
}

describe('stock search and add-from-stock on the local library', () => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  beforeAll(async () => {
    t = await startTestApp(pglite!, {
      library: { warmUp: false, stockDir: operatorStock(), musicDir: undefined, counts: { images: 4, videos: 1, backgrounds: 0, tracks: 0, previews: 0 } },
    });
    ({ client, userId } = await signUpAndConfirm(t.app, 'stock@example.com'));
    await client.post('/api/auth/sign-in/email', { email: 'stock@example.com', password: 'correct-horse-1' });
    await t.composed.queue.startWorkers(1);
    await t.composed.media.library.start();
  }, 180_000);
  afterAll(() => t.close());

  const search = (body: unknown, path = '/api/stock-search') => client.post(path, body);

  it('needs a session and a non-blank query', async () => {
    expect((await new TestClient(t.app).post('/api/stock-search', { q: 'sunset' })).statusCode).toBe(401);
    for (const body of [{ q: '   ', type: 'image' }, { type: 'image' }, { q: '' }]) {
      const response = await search(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: stockMessages.emptyQuery, field: 'q' });
    }
    expect((await search({ q: 'sunset', type: 'audio' })).statusCode).toBe(400);
  });

  it('ranks by relevance: the result matching every word comes first', async () => {
    const found = stockPhotosResponse.parse((await search({ q: 'beach sunset', type: 'image' })).json());
    expect(found.photos[0]!.alt).toBe('Beach at sunset, golden hour');
    expect(found.photos.map((p) => p.alt)).toEqual(expect.arrayContaining(['beach volleyball', 'sunset over city', 'wide sunset']));
    // Landscape files are left out of a portrait search.
    expect(found.photos.map((p) => p.alt)).not.toContain('landscape sunset');
    // The four portrait files of the operator's match at least one word; the generated bakery and café scenes none.
    expect(found.total_results).toBe(4);
  });

  it('pages exactly and keeps the total on every page', async () => {
    const pages = [];
    // The four generated stills are the library's first drawn scenes, a bakery's and a café's: all of them sell coffee.
    for (const page of [1, 2, 3]) pages.push(stockPhotosResponse.parse((await search({ q: 'coffee', type: 'image', page, per_page: 3 })).json()));
    expect(pages.map((p) => p.total_results)).toEqual([4, 4, 4]);
    expect(pages.map((p) => p.photos.length)).toEqual([3, 1, 0]);
    expect(new Set(pages.flatMap((p) => p.photos.map((photo) => photo.id))).size).toBe(4);
    const spec = stockPhotosResponse.parse((await search({ q: 'coffee', type: 'image', per_page: 80, orientation: 'portrait' }, '/api/library-search')).json());
    expect(spec).toMatchObject({ page: 1, per_page: 80, total_results: 4 });
  });

  it('finds video loops with HD and SD files', async () => {
    const found = stockVideosResponse.parse((await search({ q: 'bakery', type: 'video' })).json());
    expect(found.total_results).toBe(1);
    const video = found.videos[0]!;
    expect(video.video_files.map((f) => f.quality).sort()).toEqual(['hd', 'sd']);
    expect(pickStockVideoFile(video.video_files, 'highest')?.height).toBe(1280);
  });

  it('adds an image and a video as the user’s own uploads', async () => {
    const photo = stockPhotosResponse.parse((await search({ q: 'croissant', type: 'image' })).json()).photos[0]!;
    const image = await client.post('/api/stock-add', { type: 'image', url: photo.src.original });
    expect(image.statusCode).toBe(201);
    expect(image.json()).toMatchObject({ kind: 'image', width: 1080, height: 1920 });
    expect(image.json().url).toMatch(new RegExp(`^/files/users/${userId}/uploads/`));

    const video = stockVideosResponse.parse((await search({ q: 'bakery', type: 'video' })).json()).videos[0]!;
    const added = await client.post('/api/stock-add', { type: 'video', url: pickStockVideoFile(video.video_files, 'hd')!.link });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ kind: 'video', width: 720, height: 1280 });

    const uploads = await t.composed.repositories.uploads.listForUser(userId);
    expect(uploads.map((u) => u.purpose).sort()).toEqual(['stock-image', 'stock-video']);
  });

  it('refuses a URL outside the library without fetching it', async () => {
    const trap = await startTrapServer();
    try {
      const before = (await t.composed.repositories.uploads.listForUser(userId)).length;
      for (const url of [`${trap.url}/photo.jpg`, `/files/users/${userId}/uploads/x.jpg`, '/files/library/v1/secret.jpg', '/etc/passwd']) {
        const response = await client.post('/api/stock-add', { type: 'image', url });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: stockMessages.addImageFailed });
      }
      const video = await client.post('/api/stock-add', { type: 'video', url: `${trap.url}/clip.mp4` });
      expect(video.json()).toEqual({ error: stockMessages.addVideoFailed });
      expect(trap.hits()).toBe(0);
      expect((await t.composed.repositories.uploads.listForUser(userId)).length).toBe(before);
    } finally {
      await trap.close();
    }
  });

  it('refuses an image offered as a video, and a purpose of another kind', async () => {
    const photo = stockPhotosResponse.parse((await search({ q: 'croissant', type: 'image' })).json()).photos[0]!;
    const asVideo = await client.post('/api/stock-add', { type: 'video', url: photo.src.large });
    expect(asVideo.json()).toEqual({ error: stockMessages.addVideoFailed });
    const wrongPurpose = await client.post('/api/stock-add', { type: 'image', url: photo.src.large, purpose: 'own-video' });
    expect(wrongPurpose.statusCode).toBe(400);
  });
});
