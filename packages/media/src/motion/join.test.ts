import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, frameAt, near, pixel, tempDir } from '../../test/fixtures.ts';
import { probe } from '../ffprobe.ts';
import { runFfmpeg } from '../runner.ts';
import { joinClipsArgs, joinedSeconds, lastFrameArgs } from './join.ts';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

/** A small solid-colour 1080x1920 clip at 30 fps, as the fitting step makes them. */
async function solidClip(name: string, colour: string, seconds: number): Promise<string> {
  const path = join(dir, name);
  await ffmpeg(['-f', 'lavfi', '-i', `color=c=${colour.replace('#', '0x')}:s=1080x1920:r=30:d=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path]);
  return path;
}

describe('joining fitted clips', () => {
  it('crossfades between scenes and cuts within one, to the exact joined length', async () => {
    const [red, green, blue] = await Promise.all([solidClip('red.mp4', '#d02020', 2), solidClip('green.mp4', '#20d020', 1.5), solidClip('blue.mp4', '#2020d0', 2)]);
    // The green part is shorter than asked (1.5 of 2 s): its last frame is held.
    const parts = [
      { path: red, seconds: 2 },
      { path: green, seconds: 2, transition: { name: 'wipeleft' as const, seconds: 0.5 } },
      { path: blue, seconds: 1 },
    ];
    expect(joinedSeconds(parts)).toBe(4.5);
    const output = join(dir, 'joined.mp4');
    await runFfmpeg(joinClipsArgs(parts, output), { duration: 4.5, timeoutMs: 120_000 });
    const info = await probe(output);
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264', hasAudio: false });
    expect(info.duration).toBeCloseTo(4.5, 1);
    const at = async (seconds: number) => pixel(await frameAt(output, seconds, 1080, 1920), 540, 960);
    expect(near(await at(1), '#d02020')).toBe(true);
    expect(near(await at(3.2), '#20d020')).toBe(true);
    expect(near(await at(4.2), '#2020d0')).toBe(true);
    // Half-way through the wipe, the left and right halves show different scenes.
    const mid = await frameAt(output, 1.75, 1080, 1920);
    expect(near(pixel(mid, 100, 960), '#d02020') !== near(pixel(mid, 980, 960), '#d02020')).toBe(true);
  }, 120_000);

  it('refuses a transition as long as a part, and an unknown one', () => {
    expect(() => joinClipsArgs([{ path: '/a.mp4', seconds: 1 }, { path: '/b.mp4', seconds: 1, transition: { name: 'fade', seconds: 1 } }], '/o.mp4')).toThrow(/shorter/);
    expect(() => joinClipsArgs([{ path: '/a.mp4', seconds: 2 }, { path: '/b.mp4', seconds: 2, transition: { name: 'spin' as never, seconds: 1 } }], '/o.mp4')).toThrow(/unknown/);
    expect(() => joinClipsArgs([], '/o.mp4')).toThrow();
  });
});

describe('last frame of a clip', () => {
  it('is the picture the clip ends on', async () => {
    const clip = join(dir, 'two-colours.mp4');
    // Red for 1.5 s, then yellow for the last half second.
    await ffmpeg(['-f', 'lavfi', '-i', 'color=c=0xd02020:s=320x240:r=24:d=1.5', '-f', 'lavfi', '-i', 'color=c=0xe0e020:s=320x240:r=24:d=0.5', '-filter_complex', '[0:v][1:v]concat=n=2:v=1[v]', '-map', '[v]', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', clip]);
    const still = join(dir, 'last.png');
    await runFfmpeg(lastFrameArgs(clip, still), { duration: 1, timeoutMs: 60_000 });
    expect(await probe(still)).toMatchObject({ width: 320, height: 240 });
    expect(near(pixel(await frameAt(still, 0, 320, 240), 160, 120), '#e0e020')).toBe(true);
  }, 60_000);
});
