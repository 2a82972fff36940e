import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Real media for tests and the benchmark, made from ffmpeg's lavfi sources so nothing is downloaded. */

export function ffmpeg(args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      'ffmpeg',
      ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...args],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr.toString()}`)) : resolve(stdout)),
    );
  });
}

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'reelsmith-media-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export async function makeVideo(
  dir: string,
  name: string,
  { width, height, seconds }: { width: number; height: number; seconds: number },
): Promise<string> {
  const path = join(dir, name);
  await ffmpeg([
    '-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=30:d=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-pix_fmt', 'yuv420p', path,
  ]);
  return path;
}

/** A solid '#RRGGBB' still, optionally with a white border so a placed image's edges are visible in frames. */
export async function makeImage(
  dir: string,
  name: string,
  { width, height, colour, border = 0 }: { width: number; height: number; colour: string; border?: number },
): Promise<string> {
  const path = join(dir, name);
  const hex = colour.replace('#', '0x');
  const frame = border > 0 ? [`-vf`, `drawbox=x=0:y=0:w=iw:h=ih:t=${border}:c=white`] : [];
  await ffmpeg(['-f', 'lavfi', '-i', `color=c=${hex}:s=${width}x${height}:d=1`, ...frame, '-frames:v', '1', path]);
  return path;
}

/** Speech-like bursts: 3 s of a modulated tone, then a 1 s pause, so ducking has something to follow. */
export async function makeVoice(dir: string, seconds: number): Promise<string> {
  const path = join(dir, 'voice.wav');
  const expr = '0.5*sin(2*PI*190*t)*(0.6+0.4*sin(2*PI*4*t))*lt(mod(t\\,4)\\,3)';
  await ffmpeg(['-f', 'lavfi', '-i', `aevalsrc=${expr}:s=48000:d=${seconds}`, '-ac', '1', path]);
  return path;
}

export async function makeMusic(dir: string, seconds: number): Promise<string> {
  const path = join(dir, 'music.mp3');
  const expr = '0.25*sin(2*PI*330*t)+0.2*sin(2*PI*495*t)';
  await ffmpeg(['-f', 'lavfi', '-i', `aevalsrc=${expr}:s=44100:d=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '128k', path]);
  return path;
}

export interface RgbFrame {
  width: number;
  height: number;
  data: Buffer;
}

export async function frameAt(path: string, seconds: number, width: number, height: number): Promise<RgbFrame> {
  const data = await ffmpeg(['-ss', String(seconds), '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  if (data.length !== width * height * 3) throw new Error(`expected a ${width}x${height} frame, got ${data.length} bytes`);
  return { width, height, data };
}

export function pixel(frame: RgbFrame, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * frame.width + Math.round(x)) * 3;
  return [frame.data[i]!, frame.data[i + 1]!, frame.data[i + 2]!];
}

export function near(rgb: readonly number[], hex: string, tolerance = 40): boolean {
  const target = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return rgb.every((v, i) => Math.abs(v - target[i]!) <= tolerance);
}

/** Pixels of a colour inside a rectangle, for text whose exact glyph positions are libass's business. */
export function countNear(frame: RgbFrame, hex: string, box: { x: number; y: number; w: number; h: number }, tolerance = 40): number {
  let n = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) if (near(pixel(frame, x, y), hex, tolerance)) n++;
  }
  return n;
}

/** Integrated loudness (LUFS) as EBU R128 measures it. */
export async function integratedLoudness(path: string): Promise<number> {
  const out = await new Promise<string>((resolve, reject) => {
    execFile('ffmpeg', ['-hide_banner', '-nostats', '-i', path, '-map', '0:a', '-af', 'ebur128=framelog=verbose', '-f', 'null', '-'], (error, _o, stderr) =>
      error ? reject(error) : resolve(stderr),
    );
  });
  const summary = out.slice(out.lastIndexOf('Summary:'));
  const match = /I:\s+(-?[\d.]+) LUFS/.exec(summary);
  if (!match) throw new Error(`no loudness in ffmpeg output:\n${out.slice(-500)}`);
  return Number(match[1]);
}
