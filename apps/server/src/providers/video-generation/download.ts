import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ResultDownloadError } from './types.ts';

export interface ResultDownloadOptions {
  /** Where the clip is written; removed again when the download fails. */
  destination: string;
  maxBytes: number;
  /** For the whole download, redirects included. */
  timeoutMs: number;
  /** Loopback and private networks are refused (the URL comes from a vendor's answer) unless this is set: tests. */
  allowPrivateHosts?: boolean;
  /** ffprobe from the media port: a file it finds no video stream in is refused. */
  probe?: (path: string) => Promise<{ hasVideo: boolean }>;
  /** What the result must be: a clip (the default) or a still (an image generator's). */
  expect?: 'clip' | 'still';
  signal?: AbortSignal;
}

export type ClipContainer = 'mp4' | 'mov' | 'webm';
export type StillFormat = 'jpeg' | 'png' | 'webp';

export interface DownloadedClip {
  path: string;
  bytes: number;
  container: ClipContainer | StillFormat;
}

const maxRedirects = 3;

/** Addresses a URL from outside must not make this server reach: its own loopback, private and link-local networks. */
const internalNetworks = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3]] as const) {
  internalNetworks.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) internalNetworks.addSubnet(network, prefix, 'ipv6');

export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return internalNetworks.check(mapped[1]!, 'ipv4');
  return internalNetworks.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

class InternalHostRefused extends Error {}

/** Resolves as usual, then refuses an internal address at connect time, so a DNS answer cannot change in between. */
function externalOnlyLookup(hostname: string, options: LookupOptions, callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void) {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((a) => isInternalAddress(a.address))) {
      return callback(new InternalHostRefused(`${hostname} resolves to an internal address`), []);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

function get(url: URL, options: ResultDownloadOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { signal, headers: { accept: options.expect === 'still' ? 'image/*' : 'video/*' }, ...(options.allowPrivateHosts ? {} : { lookup: externalOnlyLookup }) }, resolve);
    request.on('error', reject);
  });
}

/** The container from the file's first bytes: ISO BMFF's `ftyp` (QuickTime's brand `qt  `), old QuickTime atoms, EBML. */
export function sniffContainer(head: Buffer): ClipContainer | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (head.length < 12) return null;
  const box = head.toString('latin1', 4, 8);
  if (box === 'ftyp') return head.toString('latin1', 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  return ['moov', 'mdat', 'wide', 'free', 'pnot'].includes(box) ? 'mov' : null;
}

/** A still's format from its magic bytes: JPEG, PNG or WebP (RIFF….WEBP). */
export function sniffStill(head: Buffer): StillFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47 && head.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(12), 0, 12, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Opens the URL, following redirects by hand so that every hop is checked like the first. */
async function openResult(link: string, options: ResultDownloadOptions, signal: AbortSignal): Promise<IncomingMessage> {
  let url = URL.canParse(link) ? new URL(link) : null;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ResultDownloadError('permanent', `the result URL is not http(s): ${link}`);
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivateHosts && isIP(literal) && isInternalAddress(literal)) throw new ResultDownloadError('permanent', `the result URL points at an internal address: ${url.host}`);
    const response = await get(url, options, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      url = URL.canParse(response.headers.location, url.href) ? new URL(response.headers.location, url) : null;
      continue;
    }
    if (status >= 200 && status < 300) return response;
    response.resume();
    // The vendor keeps results for a limited time: a missing one will not come back by asking again.
    const kind = status === 429 || status === 408 || status >= 500 ? 'transient' : 'permanent';
    throw new ResultDownloadError(kind, `the result answered ${status}`, { httpStatus: status });
  }
  throw new ResultDownloadError('permanent', `the result URL redirects more than ${maxRedirects} times`);
}

function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? new ResultDownloadError('permanent', `the result is larger than ${maxBytes} bytes`) : null, chunk);
    },
  });
}

/**
 * Fetches a generated clip (or still) from the vendor's result URL with the care of an upload: http(s) only, no internal
 * addresses, a byte limit and a deadline, the type read from the bytes, and (given a probe) a video stream present.
 */
export async function downloadResult(url: string, options: ResultDownloadOptions): Promise<DownloadedClip> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  try {
    const response = await openResult(url, options, signal);
    const declared = Number(response.headers['content-length']);
    if (declared > options.maxBytes) {
      response.destroy();
      throw new ResultDownloadError('permanent', `the result is ${declared} bytes, more than ${options.maxBytes}`);
    }
    await pipeline(response, byteLimit(options.maxBytes), createWriteStream(options.destination), { signal });
    const head = await readHead(options.destination);
    const container = options.expect === 'still' ? sniffStill(head) : sniffContainer(head);
    if (!container) throw new ResultDownloadError('permanent', options.expect === 'still' ? 'the result is not a JPEG, PNG or WebP image' : 'the result is not an MP4, MOV or WebM file');
    if (options.expect !== 'still' && options.probe && !(await options.probe(options.destination).catch(() => ({ hasVideo: false }))).hasVideo) {
      throw new ResultDownloadError('permanent', 'the result has no video stream ffprobe can read');
    }
    const { size } = await stat(options.destination);
    return { path: options.destination, bytes: size, container };
  } catch (error) {
    await rm(options.destination, { force: true });
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof ResultDownloadError) throw error;
    if (error instanceof InternalHostRefused) throw new ResultDownloadError('permanent', error.message, { cause: error });
    const message = deadline.aborted ? `the result did not arrive within ${options.timeoutMs} ms` : `the result download broke off: ${(error as Error).message}`;
    throw new ResultDownloadError('transient', message, { cause: error });
  }
}
