import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A local HTTP server that answers like Pexels: /v1/search and /videos/search with the Authorization key, the
 * X-Ratelimit-* headers, Pexels' JSON shapes (with extra fields the adapter must ignore) and the files the results
 * link to. Tests can make the next answers fail and read which requests arrived.
 */
export interface FakePexels {
  baseUrl: string;
  apiKey: string;
  requests: { path: string; query: URLSearchParams }[];
  /** The status the next search answers with (429, 500...) and the remaining allowance it reports. */
  failNext(status: number): void;
  setRemaining(remaining: number, resetEpochSeconds?: number): void;
  close(): Promise<void>;
}

const photos = ['sunset beach', 'city night', 'coffee cup', 'mountain lake', 'yoga class'].map((alt, i) => ({ id: 1000 + i, alt }));

export async function startFakePexels(): Promise<FakePexels> {
  const dir = mkdtempSync(join(tmpdir(), 'rs-fake-pexels-'));
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=orange:s=90x160', '-frames:v', '1', join(dir, 'photo.jpg')]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=180x320:r=10:d=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(dir, 'video.mp4')]);
  const apiKey = 'fake-pexels-key';
  const requests: FakePexels['requests'] = [];
  let failStatus: number | undefined;
  let remaining = 199;
  let reset = Math.floor(Date.now() / 1000) + 3600;
  let origin = '';

  const photo = (p: (typeof photos)[number]) => ({
    id: p.id, width: 1080, height: 1920, url: `https://www.pexels.com/photo/${p.id}/`, photographer: 'Ana Lens', photographer_url: 'https://www.pexels.com/@ana',
    avg_color: '#887766', liked: false, alt: p.alt,
    src: Object.fromEntries(['original', 'large2x', 'large', 'medium', 'small', 'portrait', 'landscape', 'tiny'].map((size) => [size, `${origin}/photos/${p.id}/${size}.jpg`])),
  });
  const video = (p: (typeof photos)[number]) => ({
    id: p.id + 5000, width: 1080, height: 1920, duration: 1, url: `https://www.pexels.com/video/${p.id}/`, image: `${origin}/photos/${p.id}/large.jpg`,
    user: { id: 7, name: 'Ben Reel', url: 'https://www.pexels.com/@ben' },
    video_files: [
      { id: 1, quality: 'sd', file_type: 'video/mp4', width: 360, height: 640, fps: 25, link: `${origin}/video-files/${p.id}/sd.mp4` },
      { id: 2, quality: 'hd', file_type: 'video/mp4', width: 720, height: 1280, fps: 25, link: `${origin}/video-files/${p.id}/hd.mp4` },
      { id: 3, quality: 'uhd', file_type: 'video/mp4', width: 2160, height: 3840, fps: 25, link: `${origin}/video-files/${p.id}/uhd.mp4` },
    ],
    video_pictures: [],
  });

  const server: Server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', origin);
    requests.push({ path: url.pathname, query: url.searchParams });
    if (url.pathname.startsWith('/photos/') || url.pathname.startsWith('/video-files/')) {
      const file = url.pathname.startsWith('/photos/') ? 'photo.jpg' : 'video.mp4';
      response.writeHead(200, { 'content-type': file.endsWith('.jpg') ? 'image/jpeg' : 'video/mp4' });
      return response.end(readFileSync(join(dir, file)));
    }
    if (url.pathname === '/redirect-out') {
      response.writeHead(302, { location: 'http://127.0.0.2:9/elsewhere.jpg' });
      return response.end();
    }
    if (request.headers.authorization !== apiKey) {
      response.writeHead(401, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ error: 'Authorization field missing' }));
    }
    remaining = Math.max(0, remaining - 1);
    const limits = { 'x-ratelimit-limit': '200', 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(reset) };
    if (failStatus) {
      const status = failStatus;
      failStatus = undefined;
      response.writeHead(status, { 'content-type': 'application/json', ...limits });
      return response.end(JSON.stringify({ error: 'Rate limit exceeded' }));
    }
    const query = (url.searchParams.get('query') ?? '').toLowerCase();
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 15);
    const matching = photos.filter((p) => query.split(' ').some((word) => p.alt.includes(word)));
    const slice = matching.slice((page - 1) * perPage, page * perPage);
    const body =
      url.pathname === '/v1/search'
        ? { page, per_page: perPage, total_results: matching.length, photos: slice.map(photo), next_page: null }
        : url.pathname === '/videos/search'
          ? { page, per_page: perPage, total_results: matching.length, videos: slice.map(video), url: 'https://www.pexels.com/videos/' }
          : null;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json', ...limits });
    response.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: origin,
    apiKey,
    requests,
    failNext(status) {
      failStatus = status;
    },
    setRemaining(value, resetAt) {
      remaining = value;
      if (resetAt !== undefined) reset = resetAt;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server that must never be asked anything: it counts what arrives, so a test can prove nothing was fetched. */
export async function startTrapServer(): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server = createServer((_request, response) => {
    hits += 1;
    response.writeHead(200, { 'content-type': 'image/jpeg' });
    response.end('not really an image');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
