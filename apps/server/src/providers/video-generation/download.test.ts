import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadResult, isInternalAddress, sniffContainer, type ResultDownloadOptions } from './download.ts';
import { sampleClip, startFakeVendorServer } from './fake-vendor.fixture.ts';
import { ResultDownloadError } from './types.ts';

const scratch = mkdtempSync(join(tmpdir(), 'rs-result-download-'));
let host: Awaited<ReturnType<typeof startFakeVendorServer<'redirect'>>>;
let targetOfRedirect = '';

beforeAll(async () => {
  host = await startFakeVendorServer<'redirect'>({
    route: (method, path) => (path === '/redirect' ? 'redirect' : null),
    answer: () => ({ status: 302, headers: { location: targetOfRedirect } }),
  });
  host.serveFile('/clip.mp4', sampleClip());
  host.serveFile('/notes.mp4', Buffer.from('this is a text file named like a video '.repeat(20)));
  // A valid MP4 header on bytes that hold no stream: only the probe can tell.
  host.serveFile('/hollow.mp4', Buffer.concat([sampleClip().subarray(0, 32), Buffer.alloc(4000)]));
});
afterAll(() => host.close());

let n = 0;
const options = (extra: Partial<ResultDownloadOptions> = {}): ResultDownloadOptions => ({
  destination: join(scratch, `clip-${n++}.mp4`),
  maxBytes: 10_000_000,
  timeoutMs: 5000,
  allowPrivateHosts: true,
  ...extra,
});

async function refusal(url: string, o: ResultDownloadOptions) {
  const error = await downloadResult(url, o).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ResultDownloadError);
  expect(existsSync(o.destination)).toBe(false);
  return error as ResultDownloadError;
}

describe('downloadResult', () => {
  it('writes the clip where asked and names its container', async () => {
    const o = options({ probe });
    expect(await downloadResult(`${host.baseUrl}/clip.mp4`, o)).toEqual({ path: o.destination, bytes: sampleClip().length, container: 'mp4' });
  });

  it('refuses loopback and private addresses unless allowed, before connecting', async () => {
    const before = host.requests.length;
    for (const url of [`${host.baseUrl}/clip.mp4`, 'http://localhost:9/clip.mp4', 'http://[::1]:9/clip.mp4', 'http://10.1.2.3/clip.mp4', 'http://169.254.169.254/latest']) {
      expect((await refusal(url, options({ allowPrivateHosts: false }))).kind).toBe('permanent');
    }
    expect(host.requests.length).toBe(before);
  });

  it('follows redirects, checking each hop', async () => {
    targetOfRedirect = `${host.baseUrl}/clip.mp4`;
    expect((await downloadResult(`${host.baseUrl}/redirect`, options())).container).toBe('mp4');
    targetOfRedirect = 'file:///etc/passwd';
    expect((await refusal(`${host.baseUrl}/redirect`, options())).kind).toBe('permanent');
  });

  it('refuses what is not http(s), too large, not a video, or has no video stream', async () => {
    await refusal('ftp://example.com/clip.mp4', options());
    await refusal('not a url', options());
    expect((await refusal(`${host.baseUrl}/clip.mp4`, options({ maxBytes: 1000 }))).message).toMatch(/larger than|more than/);
    expect((await refusal(`${host.baseUrl}/notes.mp4`, options())).message).toMatch(/not an MP4/);
    expect((await refusal(`${host.baseUrl}/hollow.mp4`, options({ probe }))).message).toMatch(/no video stream/);
  });

  it('calls a result that does not arrive in time transient', async () => {
    host.interruptNext('redirect', { status: 302, headers: { location: `${host.baseUrl}/clip.mp4` }, delayMs: 1000 });
    expect((await refusal(`${host.baseUrl}/redirect`, options({ timeoutMs: 300 }))).kind).toBe('transient');
  });
});

describe('isInternalAddress', () => {
  it('knows the internal networks, IPv4-mapped ones included', () => {
    for (const address of ['127.0.0.1', '10.0.0.8', '172.20.1.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '151.101.1.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isInternalAddress(address), address).toBe(false);
  });
});

describe('sniffContainer', () => {
  it('tells MP4, MOV and WebM from their first bytes', () => {
    expect(sniffContainer(sampleClip())).toBe('mp4');
    expect(sniffContainer(Buffer.from('\0\0\0\x14ftypqt  \0\0\0\0', 'latin1'))).toBe('mov');
    expect(sniffContainer(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01]))).toBe('webm');
    expect(sniffContainer(Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\rIHDR', 'latin1'))).toBeNull();
  });
});
