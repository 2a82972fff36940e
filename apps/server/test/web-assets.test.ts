import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const [pglite] = await testDatabaseTargets();

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body></body></html>';
const entryJs = `export const app = ${JSON.stringify('reelsmith '.repeat(200))};\n`;
const secret = 'not-for-the-web';

/** A build as Vite and the precompress plugin leave it, with a file beside it that must never be reachable. */
function fixtureDist(): string {
  const outside = mkdtempSync(join(tmpdir(), 'reelsmith-web-'));
  writeFileSync(join(outside, 'secret.txt'), secret);
  const dist = join(outside, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  const files = { 'index.html': indexHtml, 'assets/index-AbC123.js': entryJs };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dist, name), content);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(content));
  }
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  return dist;
}

describe('the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pglite!, { webDistDir: fixtureDist() });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  it('answers HEAD on a page like GET, without the body', async () => {
    for (const url of ['/dashboard', '/login']) {
      const [head, page] = await Promise.all([get(url, {}, 'HEAD'), get(url)]);
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(indexHtml);
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      for (const name of ['content-type', 'content-length', 'cache-control', 'content-security-policy']) {
        expect(head.headers[name], name).toBe(page.headers[name]);
      }
    }
    expect((await get('/api/unknown', {}, 'HEAD')).statusCode).toBe(404);
  });

  it('sends the brotli or gzip file to browsers that accept it, and the plain one otherwise', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(entryJs);

    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(entryJs);

    const plain = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(entryJs);

    const page = await get('/login', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(indexHtml);
  });

  it('lets browsers keep hashed assets forever and makes them ask again for everything else', async () => {
    for (const encoding of ['br', 'identity']) {
      const asset = await get('/assets/index-AbC123.js', { 'accept-encoding': encoding });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/index.html', '/dashboard', '/robots.txt']) {
      expect((await get(url, { 'accept-encoding': 'gzip' })).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const stale = await get('/assets/index-Old999.js');
    expect(stale.statusCode).toBe(404);
    expect(stale.headers['content-type']).toMatch(/^application\/json/);
  });

  it('serves nothing from outside the build', async () => {
    for (const url of ['/assets/..%2f..%2fsecret.txt', '/assets/..%5c..%5csecret.txt']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain(secret);
    }
    // Outside /assets/ an unknown address is a page: the app's HTML, still never the file.
    const pageAddresses = ['/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/secret.txt'];
    for (const url of pageAddresses) expect((await get(url)).body, url).toBe(indexHtml);
  });
});
