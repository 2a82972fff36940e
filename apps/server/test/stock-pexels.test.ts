import { stockMessages, stockPhotosResponse, stockSearchRequest, stockVideosResponse } from '@reelsmith/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPexelsProvider } from '../src/providers/stock/pexels.ts';
import { StockSourceRefused, StockUnavailable } from '../src/providers/stock/types.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { startFakePexels, type FakePexels } from './stock-fake-pexels.ts';

const [pglite] = await testDatabaseTargets();
const query = (q: string, extra: Record<string, unknown> = {}) => stockSearchRequest.parse({ q, ...extra });

describe('Pexels adapter against a local server that answers like Pexels', () => {
  let fake: FakePexels;
  let now: number;
  const searches = () => fake.requests.filter((r) => r.path.endsWith('/search'));
  beforeAll(async () => {
    fake = await startFakePexels();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    now = Date.now();
    fake.requests.length = 0;
    fake.setRemaining(199, Math.floor(now / 1000) + 3600);
  });
  const provider = () => createPexelsProvider({ apiKey: fake.apiKey, baseUrl: fake.baseUrl }, () => now);

  it('maps photo and video results to the spec shapes and credits Pexels', async () => {
    const pexels = provider();
    const photos = stockPhotosResponse.parse(await pexels.search(query('sunset')));
    expect(photos).toMatchObject({ total_results: 1, page: 1, per_page: 80, attribution: { text: 'Photos and videos provided by Pexels', url: 'https://www.pexels.com' } });
    expect(photos.photos[0]).toMatchObject({ id: 1000, alt: 'sunset beach', photographer: 'Ana Lens' });
    expect(photos.photos[0]).not.toHaveProperty('avg_color');
    const request = searches()[0]!;
    expect(request.path).toBe('/v1/search');
    expect(Object.fromEntries(request.query)).toEqual({ query: 'sunset', page: '1', per_page: '80', orientation: 'portrait' });

    const videos = stockVideosResponse.parse(await pexels.search(query('city', { type: 'video', per_page: 30 })));
    expect(videos.videos[0]!.video_files.map((f) => f.quality)).toEqual(['sd', 'hd', 'uhd']);
    expect(searches()[1]!.path).toBe('/videos/search');
  });

  it('caches a reply for 24 hours', async () => {
    const pexels = provider();
    await pexels.search(query('coffee'));
    await pexels.search(query('  Coffee ')); // trimmed by the contract, matched without case
    expect(searches()).toHaveLength(1);
    await pexels.search(query('coffee', { page: 2 }));
    expect(searches()).toHaveLength(2);
    now += 24 * 60 * 60 * 1000 + 1;
    await pexels.search(query('coffee'));
    expect(searches()).toHaveLength(3);
  });

  it('turns a 429 into a failure and asks nothing more until the allowance resets', async () => {
    const pexels = provider();
    fake.failNext(429);
    await expect(pexels.search(query('yoga'))).rejects.toBeInstanceOf(StockUnavailable);
    await expect(pexels.search(query('lake'))).rejects.toBeInstanceOf(StockUnavailable);
    expect(searches()).toHaveLength(1);
    now += 3601 * 1000;
    expect((await pexels.search(query('lake'))).total_results).toBe(1);
  });

  it('reads the remaining allowance from the headers', async () => {
    const pexels = provider();
    fake.setRemaining(1);
    await pexels.search(query('yoga')); // answered with 0 remaining
    await expect(pexels.search(query('beach'))).rejects.toBeInstanceOf(StockUnavailable);
    expect(searches()).toHaveLength(1);
    // A cached reply is still served while the allowance is spent.
    expect((await pexels.search(query('yoga'))).total_results).toBe(1);
  });

  it('fails on server errors, a wrong key and an unreachable host', async () => {
    fake.failNext(500);
    await expect(provider().search(query('yoga'))).rejects.toBeInstanceOf(StockUnavailable);
    await expect(createPexelsProvider({ apiKey: 'wrong', baseUrl: fake.baseUrl }).search(query('yoga'))).rejects.toBeInstanceOf(StockUnavailable);
    await expect(createPexelsProvider({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9' }).search(query('yoga'))).rejects.toBeInstanceOf(StockUnavailable);
  });

  it('opens files only from its own hosts, redirects included', async () => {
    const pexels = provider();
    await expect(pexels.open(`${fake.baseUrl}/redirect-out`)).rejects.toBeInstanceOf(StockSourceRefused);
    await expect(pexels.open('http://images.pexels.com/photos/1/a.jpg')).rejects.toBeInstanceOf(StockSourceRefused);
    await expect(pexels.open('https://images.pexels.com.evil.test/a.jpg')).rejects.toBeInstanceOf(StockSourceRefused);
  });
});

describe('Pexels through the API', () => {
  let fake: FakePexels;
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    fake = await startFakePexels();
    t = await startTestApp(pglite!, { pexels: { apiKey: fake.apiKey, baseUrl: fake.baseUrl } });
    ({ client } = await signUpAndConfirm(t.app, 'pexels@example.com'));
    await client.post('/api/auth/sign-in/email', { email: 'pexels@example.com', password: 'correct-horse-1' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers POST /api/pexels-search and says "Search failed" on a 429', async () => {
    const found = await client.post('/api/pexels-search', { q: 'mountain', page: 1, per_page: 80, orientation: 'portrait', type: 'image' });
    expect(found.statusCode).toBe(200);
    expect(stockPhotosResponse.parse(found.json()).photos[0]!.alt).toBe('mountain lake');
    // The allowance resets at once here, so the next test can search again.
    fake.setRemaining(199, Math.floor(Date.now() / 1000));
    fake.failNext(429);
    const limited = await client.post('/api/stock-search', { q: 'night', type: 'image' });
    expect(limited.statusCode).toBe(502);
    expect(limited.json()).toEqual({ error: stockMessages.searchFailed });
  });

  it('adds a Pexels file as an upload and refuses another host', async () => {
    const video = stockVideosResponse.parse((await client.post('/api/pexels-search', { q: 'coffee', type: 'video' })).json()).videos[0]!;
    const added = await client.post('/api/stock-add', { type: 'video', url: video.video_files[1]!.link });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ kind: 'video' });
    const refused = await client.post('/api/stock-add', { type: 'image', url: 'https://example.com/photo.jpg' });
    expect(refused.json()).toEqual({ error: stockMessages.addImageFailed });
  });
});
