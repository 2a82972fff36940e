import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countNear, frameAt, integratedLoudness, near, pixel, tempDir } from '../test/fixtures.ts';
import { brollColours, makeStandardFixtures, standardComposition, standardOverlayTimes, type StandardFixtures } from '../test/standard.ts';
import { probe } from './ffprobe.ts';
import { renderComposition } from './render.ts';
import { subtitleLayout, subtitleStyles } from './subtitles/styles.ts';

let dir: string;
let cleanup: () => Promise<void>;
let fixtures: StandardFixtures;
/**
 * The standard job's parts at half its length: the profile, the loop, the B-roll, the captions and the loudness are
 * the same at any length, and the benchmark (`npm run bench`) renders the full 59 s.
 */
const seconds = 30;
beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  fixtures = await makeStandardFixtures(dir, 10, seconds);
});
afterAll(() => cleanup());

/** Names of the top-level MP4 boxes in file order; faststart means moov comes before mdat. */
async function topLevelBoxes(path: string): Promise<string[]> {
  const file = await open(path);
  try {
    const { size } = await file.stat();
    const names: string[] = [];
    const header = Buffer.alloc(16);
    for (let offset = 0; offset < size; ) {
      await file.read(header, 0, 16, offset);
      const small = header.readUInt32BE(0);
      names.push(header.toString('latin1', 4, 8));
      offset += small === 1 ? Number(header.readBigUInt64BE(8)) : small;
      if (small === 0) break;
    }
    return names;
  } finally {
    await file.close();
  }
}

describe('final profile', () => {
  it('renders the standard composition, its 10 s background looped to 30 s', { timeout: 240_000 }, async () => {
    const outputPath = join(dir, 'final.mp4');
    const progress: number[] = [];
    await renderComposition(standardComposition(fixtures), { profile: 'final', outputPath, onProgress: (p) => progress.push(p) });
    expect(progress.at(-1)).toBe(100);

    const info = await probe(outputPath);
    expect(info).toMatchObject({
      width: 1080,
      height: 1920,
      videoCodec: 'h264',
      videoProfile: 'High',
      pixFmt: 'yuv420p',
      frameRate: 30,
      audioCodec: 'aac',
      sampleRate: 48000,
    });
    expect(Math.abs(info.duration - seconds)).toBeLessThan(0.1);
    const boxes = await topLevelBoxes(outputPath);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

    // The first B-roll is shown from 3 s to 7 s, the second from 9 s; at 8 s neither is.
    const [first, second] = [standardOverlayTimes(seconds, 0), standardOverlayTimes(seconds, 1)];
    expect([first.end, second.start]).toEqual([7, 9]);
    const [inside, outside] = await Promise.all([frameAt(outputPath, 5, 1080, 1920), frameAt(outputPath, 8, 1080, 1920)]);
    expect(near(pixel(inside, 540, 720), brollColours[0]!)).toBe(true);
    expect(near(pixel(outside, 540, 720), brollColours[0]!)).toBe(false);

    // Hormozi captions in the middle: white words with the spoken one in green.
    const { fontSize, marginV } = subtitleLayout('middle', 'medium');
    const caption = { x: 60, y: 1920 - marginV - fontSize * 2.4, w: 960, h: fontSize * 2.6 };
    expect(countNear(outside, subtitleStyles.Hormozi.highlightColour!, caption)).toBeGreaterThan(200);

    expect(Math.abs((await integratedLoudness(outputPath)) + 14)).toBeLessThanOrEqual(1);
  });
});
