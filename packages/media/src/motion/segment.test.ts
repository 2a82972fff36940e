import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, frameAt, near, pixel, tempDir } from '../../test/fixtures.ts';
import { probe } from '../ffprobe.ts';
import { runFfmpeg } from '../runner.ts';
import { motionFrame } from './layers.ts';
import { segmentArgs } from './segment.ts';

const { width, height } = motionFrame;
const [red, blue, green, yellow] = ['#d02020', '#2020d0', '#20b020', '#e0e020'];

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

/** A landscape clip of one colour, then another for its last `tail` seconds: where a cut or a hold lands shows. */
async function twoColourClip(name: string, first: string, second: string, seconds: number, tail: number): Promise<string> {
  const path = join(dir, name);
  const source = (colour: string, d: number) => ['-f', 'lavfi', '-i', `color=c=${colour.replace('#', '0x')}:s=640x360:r=25:d=${d}`];
  await ffmpeg([...source(first, seconds - tail), ...source(second, tail), '-filter_complex', '[0:v][1:v]concat=n=2:v=1[v]', '-map', '[v]', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path]);
  return path;
}

function frameCount(path: string): Promise<number> {
  return new Promise((resolve, reject) =>
    execFile('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-count_frames', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', path], (error, out) =>
      error ? reject(error) : resolve(Number(out.trim())),
    ),
  );
}

async function render(source: Parameters<typeof segmentArgs>[0], seconds: number, name: string): Promise<string> {
  const output = join(dir, name);
  await runFfmpeg(segmentArgs(source, seconds, output), { duration: seconds, timeoutMs: 180_000 });
  expect(await probe(output)).toMatchObject({ width, height, videoCodec: 'h264', frameRate: 30, hasAudio: false });
  expect(await frameCount(output)).toBe(seconds * 30);
  return output;
}

describe('a Before/After scene from a video', () => {
  it('cuts a longer clip to the scene: its later part never shows', async () => {
    // Red for 6 s, blue from 6 s to 10 s: a 4 s scene shows only red.
    const clip = await twoColourClip('long.mp4', red, blue, 10, 4);
    const output = await render({ video: clip }, 4, 'long-cut.mp4');
    for (const at of [0.2, 3.9]) expect(near(pixel(await frameAt(output, at, width, height), width / 2, height / 2), red)).toBe(true);
  }, 180_000);

  it('holds the last frame of a shorter clip, fitted 16:9 inside 9:16 without stretching', async () => {
    // Green for 1.5 s, then yellow for its last half second: held yellow to the end of the 4 s scene.
    const clip = await twoColourClip('short.mp4', green, yellow, 2, 0.5);
    const output = await render({ video: clip }, 4, 'short-held.mp4');
    const early = await frameAt(output, 0.5, width, height);
    const late = await frameAt(output, 3.8, width, height);
    expect(near(pixel(early, width / 2, height / 2), green)).toBe(true);
    expect(near(pixel(late, width / 2, height / 2), yellow)).toBe(true);
    // 640x360 contained in 1080 wide is 1080x608: the picture's top and bottom edges sit there, a backdrop beyond.
    const top = Math.round((height - 608) / 2);
    expect(near(pixel(late, width / 2, top + 12), yellow)).toBe(true);
    expect(near(pixel(late, width / 2, top - 40), yellow, 20)).toBe(false);
  }, 180_000);
});

describe('a Before/After scene from a still', () => {
  it('moves: two frames of the scene differ, and the still is on screen', async () => {
    const still = join(dir, 'still.png');
    await ffmpeg(['-f', 'lavfi', '-i', `color=c=0x2020d0:s=600x800,drawbox=x=150:y=200:w=300:h=400:c=0xe0e020:t=fill`, '-frames:v', '1', still]);
    const output = await render({ still, prompt: 'slow zoom in' }, 3, 'still.mp4');
    const [first, last] = [await frameAt(output, 0.1, width, height), await frameAt(output, 2.9, width, height)];
    expect(near(pixel(first, width / 2, height / 2), yellow, 60)).toBe(true);
    const changed = first.data.reduce((sum, value, i) => sum + Math.abs(value - last.data[i]!), 0) / first.data.length;
    expect(changed).toBeGreaterThan(2);
  }, 180_000);
});
