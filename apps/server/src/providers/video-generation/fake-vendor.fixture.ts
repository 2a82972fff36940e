import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Test support shared by the vendor stand-ins: a loopback HTTP server that records every request, lets a test
 * replace the next answer on a route (an error, a Retry-After, a reply slower than the client's timeout), and
 * serves generated clips. Each stand-in supplies the protocol itself.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** JSON parsed, else the text. */
  body: unknown;
  /** The bytes as sent, for bodies that are not JSON (multipart forms). */
  rawBody: Buffer;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  delayMs?: number;
}

/** How a generation submitted from now on ends. */
export type FakeOutcome = 'completes' | 'fails' | 'refused' | 'resultMissing';

export interface FakeProtocol<Route extends string> {
  route(method: string, path: string): Route | null;
  answer(route: Route, request: RecordedRequest, baseUrl: string): FakeReply | Promise<FakeReply>;
}

/** A real 5-second portrait MP4 (the size vendors return, 720x1280), made once per test process. */
let clip: Buffer | null = null;
export function sampleClip(): Buffer {
  if (!clip) {
    const path = join(mkdtempSync(join(tmpdir(), 'rs-fake-clip-')), 'clip.mp4');
    const encode = ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '40', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=720x1280:r=12:d=5', ...encode, path]);
    clip = readFileSync(path);
  }
  return clip;
}

async function readBody(request: IncomingMessage): Promise<{ body: unknown; rawBody: Buffer }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks);
  const text = rawBody.toString('utf8');
  try {
    return { body: text ? (JSON.parse(text) as unknown) : null, rawBody };
  } catch {
    return { body: text, rawBody };
  }
}

export async function startFakeVendorServer<Route extends string>(protocol: FakeProtocol<Route>) {
  // Made before listening: ffmpeg blocks this process, and inside a request it would stall every answer past the adapters' timeouts.
  sampleClip();
  const requests: RecordedRequest[] = [];
  const interruptions = new Map<Route, FakeReply[]>();
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  let baseUrl = '';

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', baseUrl);
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        ...(await readBody(req)),
      };
      requests.push(recorded);
      const file = req.method === 'GET' ? files.get(url.pathname) : undefined;
      const route = protocol.route(recorded.method, recorded.path);
      const reply: FakeReply = (route && interruptions.get(route)?.shift()) ??
        (file ? { status: 200, headers: { 'content-type': file.contentType }, body: file.bytes } : route ? await protocol.answer(route, recorded, baseUrl) : { status: 404, body: { detail: 'Not Found' } });
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (res.destroyed) return;
      const binary = Buffer.isBuffer(reply.body);
      res.writeHead(reply.status, { 'content-type': binary ? 'video/mp4' : 'application/json', ...reply.headers });
      res.end(binary ? reply.body : reply.body === undefined ? '' : JSON.stringify(reply.body));
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    requests,
    /** Answers the next request on `route` with `reply` instead of the protocol's answer. */
    interruptNext(route: Route, reply: FakeReply) {
      interruptions.set(route, [...(interruptions.get(route) ?? []), reply]);
    },
    /** Serves `bytes` at `path` (GET) from now on. */
    serveFile(path: string, bytes: Buffer, contentType = 'video/mp4') {
      files.set(path, { bytes, contentType });
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A data URI's type and bytes, or null when the text is not one. */
export function decodeDataUri(value: string): { mime: string; bytes: Buffer } | null {
  const match = /^data:([\w/+.-]+);base64,(.*)$/s.exec(value);
  return match ? { mime: match[1]!, bytes: Buffer.from(match[2]!, 'base64') } : null;
}

/**
 * What a model's runner does with a file input given as a URL: fetches it, as anyone on the internet would (no
 * credentials), and answers why it could not use it, or null when it got an image.
 */
export async function fetchInputImage(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    const type = response.headers.get('content-type') ?? '';
    await response.arrayBuffer();
    if (!response.ok) return `downloading ${new URL(url).pathname} answered ${response.status}`;
    return type.startsWith('image/') ? null : `${new URL(url).pathname} is ${type || 'untyped'}, not an image`;
  } catch (error) {
    return `could not download the file: ${(error as Error).message}`;
  }
}

/** POSTs a webhook the way the vendors do, and answers what the receiver said together with what was sent. */
export async function postWebhook(url: string, headers: Record<string, string>, rawBody: Buffer) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: rawBody });
  return { status: response.status, headers, rawBody };
}
