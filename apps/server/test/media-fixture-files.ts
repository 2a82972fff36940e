import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';

const run = promisify(execFile);

/**
 * Real (and really broken) media files for upload and render tests, rendered by ffmpeg into `dir`. The global setup
 * (scripts/vitest-global-setup.mjs) makes them once per run; the renders are independent, so they run side by side.
 */
export async function renderMediaFixtures(dir: string): Promise<void> {
  const ffmpeg = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  const path = (name: string) => join(dir, name);

  await Promise.all([
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', path('clip.mp4')),
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=330:duration=4', '-c:a', 'libmp3lame', '-b:a', '96k', path('tone.mp3')),
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=330:duration=2', '-c:a', 'aac', path('sound-only.mp4')),
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=220:duration=660:sample_rate=8000', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '16k', path('eleven-minutes.mp3')),
    ffmpeg('-f', 'lavfi', '-i', 'color=c=orange:size=200x120', '-frames:v', '1', path('logo.png')),
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=25:duration=4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', path('faststart.mp4')),
  ]);
  const faststart = readFileSync(path('faststart.mp4'));
  writeFileSync(path('truncated-faststart.mp4'), faststart.subarray(0, Math.floor(faststart.length * 0.6)));
  const clip = readFileSync(path('clip.mp4'));
  writeFileSync(path('truncated.mp4'), clip.subarray(0, Math.floor(clip.length / 2)));
  writeFileSync(path('text.mp4'), 'This is not a video, only words in a file named like one.\n'.repeat(20));
  writeFileSync(path('png-named.mp3'), readFileSync(path('logo.png')));
  writeFileSync(path('empty.mp4'), Buffer.alloc(0));
  writeFileSync(path('huge.png'), pngWithDimensions(30000, 30000));
}

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb's shape: a PNG that declares width x height greyscale pixels and carries the first rows of
 * them, so a decoder that trusts the header would set aside width*height bytes before finding anything wrong.
 */
export function pngWithDimensions(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(0, 9);
  const rows = Buffer.alloc((width + 1) * 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
