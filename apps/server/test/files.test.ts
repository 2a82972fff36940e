import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileUrlSigner } from '../src/core/files/file-urls.ts';
import { parseRange } from '../src/modules/files/file-routes.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, TestClient } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { makeFixtures, multipartFile } from './media-fixtures.ts';

const [pglite] = await testDatabaseTargets();
const fixtures = makeFixtures();

async function signedInClient(t: TestApp, email: string) {
  const account = await signUpAndConfirm(t.app, email);
  await account.client.post('/api/auth/sign-in/email', { email, password: account.password });
  return account.client;
}

describe('signed file URLs', () => {
  let t: TestApp;
  let owner: TestClient;
  let url: string;
  const bytes = readFileSync(fixtures.path('clip.mp4'));
  beforeAll(async () => {
    t = await startTestApp(pglite!);
    owner = await signedInClient(t, 'owner@example.com');
    const { payload, headers } = multipartFile('file', 'clip.mp4', bytes);
    url = (await owner.request('POST', '/api/uploads/storyboard-video', payload, headers)).json().url;
  });
  afterAll(() => t.close());

  it('serves the whole file to its owner', async () => {
    const response = await owner.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.rawPayload).toEqual(bytes);
  });

  it('serves byte ranges, as a browser seeking in a video asks', async () => {
    const response = await owner.request('GET', url, undefined, { range: 'bytes=100-1099' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
    expect(response.rawPayload).toEqual(bytes.subarray(100, 1100));
    const tail = await owner.request('GET', url, undefined, { range: 'bytes=-10' });
    expect(tail.rawPayload).toEqual(bytes.subarray(bytes.length - 10));
    const beyond = await owner.request('GET', url, undefined, { range: `bytes=${bytes.length + 5}-` });
    expect(beyond.statusCode).toBe(416);
  });

  it('refuses an unsigned, a tampered and an expired URL', async () => {
    const path = url.split('?')[0]!;
    expect((await owner.get(path)).statusCode).toBe(403);
    expect((await owner.get(url.replace(/sig=./, 'sig=A'))).statusCode).toBe(403);
    expect((await owner.get(url.replace(/exp=\d+/, (m) => `exp=${Number(m.slice(4)) + 60}`))).statusCode).toBe(403);
    const key = decodeURIComponent(path.slice('/files/'.length));
    const pastSigner = createFileUrlSigner({ secret: t.config.authSecret, ttlSeconds: 60, now: () => Date.now() - 3_600_000 });
    expect((await owner.get(pastSigner.sign(key))).statusCode).toBe(403);
  });

  it('never serves one user’s file to another, even with a valid URL', async () => {
    const stranger = await signedInClient(t, 'stranger@example.com');
    expect((await stranger.get(url)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(403);
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-5', 100, { start: 95, end: 99 }],
    ['bytes=50-500', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, null],
    ['bytes=9-3', 100, null],
    ['items=0-1', 100, null],
  ])('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
