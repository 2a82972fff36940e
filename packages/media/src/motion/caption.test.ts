import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, frameAt, tempDir, type RgbFrame } from '../../test/fixtures.ts';
import { probe } from '../ffprobe.ts';
import { runFfmpeg } from '../runner.ts';
import { captionAss, captionFilter, captionFontSize, captionText, joinedCaptions, maxCaptionLength, maxLabelLength } from './caption.ts';
import { joinClipsArgs, joinedSeconds, type JoinPart } from './join.ts';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

describe('caption filter', () => {
  it("names a folder of fonts that are not installed (a brand's own) only when there is one", () => {
    expect(captionFilter('/work/words.ass')).toBe('ass=filename=/work/words.ass');
    expect(captionFilter('/work/words.ass', '/work/fonts')).toBe('ass=filename=/work/words.ass:fontsdir=/work/fonts');
    expect(() => captionFilter('/work/words.ass', 'relative/fonts')).toThrow();
  });
});

describe('caption timing in the joined video', () => {
  it('runs each scene text from where its scene comes in (mid-transition) to where the next one does', () => {
    const parts: JoinPart[] = [
      { path: '/a.mp4', seconds: 7, caption: 'First' },
      { path: '/b.mp4', seconds: 7, caption: 'Second', transition: { name: 'fade', seconds: 0.5 } },
    ];
    expect(joinedCaptions(parts)).toEqual([
      { text: 'First', start: 0, end: 6.75 },
      { text: 'Second', start: 6.75, end: 13.5 },
    ]);
    expect(joinedSeconds(parts)).toBe(13.5);
  });

  it('keeps a caption over the chained pieces of its scene, and ends it at a scene without one', () => {
    const parts: JoinPart[] = [
      { path: '/a1.mp4', seconds: 5, caption: 'Long scene' },
      { path: '/a2.mp4', seconds: 2 },
      { path: '/b.mp4', seconds: 4, transition: { name: 'wipeleft', seconds: 1 } },
      { path: '/c.mp4', seconds: 3, caption: 'Cut in' },
    ];
    expect(joinedCaptions(parts)).toEqual([
      { text: 'Long scene', start: 0, end: 6.5 },
      { text: 'Cut in', start: 10, end: 13 },
    ]);
    expect(joinedCaptions([{ path: '/a.mp4', seconds: 3 }])).toEqual([]);
  });

  it('times labels as captions, each over its own scene, beside any caption', () => {
    const parts: JoinPart[] = [
      { path: '/a1.mp4', seconds: 5, label: 'BEFORE' },
      { path: '/a2.mp4', seconds: 2.5 },
      { path: '/b.mp4', seconds: 7, label: 'AFTER', caption: 'Glowing skin', transition: { name: 'wipeleft', seconds: 0.5 } },
    ];
    expect(joinedCaptions(parts)).toEqual([
      { text: 'Glowing skin', start: 7.25, end: 14 },
      { text: 'BEFORE', start: 0, end: 7.25, kind: 'label' },
      { text: 'AFTER', start: 7.25, end: 14, kind: 'label' },
    ]);
    expect(() => joinedCaptions([{ path: '/a.mp4', seconds: 3, label: 'x'.repeat(maxLabelLength + 1) }])).toThrow(/at most/);
  });
});

describe('caption script', () => {
  it('keeps the words and the line breaks, never an override tag', () => {
    expect(captionText('  Fresh {\\b0}roast\\,\n\n every   morning ')).toBe('Fresh (b0)roast,\\Nevery morning');
    const ass = captionAss([{ text: 'Hello {there}', start: 0, end: 2.5 }, { text: '   ', start: 2.5, end: 3 }]);
    expect(ass).toContain('PlayResX: 1080');
    expect(ass).toContain('PlayResY: 1920');
    const dialogues = ass.split('\n').filter((line) => line.startsWith('Dialogue:'));
    expect(dialogues).toEqual(['Dialogue: 0,0:00:00.00,0:00:02.50,Caption,,0,0,0,,{\\fad(250,250)\\fs76}Hello (there)']);
  });

  it('sets long texts and long words smaller, and refuses a text past the limit', () => {
    expect(captionFontSize('Fresh roast')).toBeGreaterThan(captionFontSize('word '.repeat(40)));
    expect(captionFontSize('Supercalifragilisticexpialidociouslyamazing')).toBeLessThan(captionFontSize('Super amazing'));
    expect(() => captionAss([{ text: 'x'.repeat(maxCaptionLength + 1), start: 0, end: 1 }])).toThrow(/at most/);
  });
});

/** Pixels in the band where captions sit that are near white (the text) or far darker than the blue ground (the box). */
function captionPixels(frame: RgbFrame): { white: number; dark: number } {
  let [white, dark] = [0, 0];
  for (let y = 1200; y < 1700; y += 2) {
    for (let x = 0; x < frame.width; x += 2) {
      const i = (y * frame.width + x) * 3;
      const [r, g, b] = [frame.data[i]!, frame.data[i + 1]!, frame.data[i + 2]!];
      if (r > 220 && g > 220 && b > 220) white += 1;
      if (r < 45 && g < 60 && b < 100) dark += 1;
    }
  }
  return { white, dark };
}

async function solidClip(name: string, hex: string, seconds: number): Promise<string> {
  const path = join(dir, name);
  await ffmpeg(['-f', 'lavfi', '-i', `color=c=${hex}:s=1080x1920:r=30:d=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path]);
  return path;
}

describe('captions burnt on in the join', () => {
  it('shows each scene text as white letters on a dark box over its own scene only', async () => {
    // A mid-blue ground: neither white nor the box's near-black.
    const [first, second] = await Promise.all([solidClip('first.mp4', '0x3060c0', 2), solidClip('second.mp4', '0x3060c0', 2)]);
    const parts: JoinPart[] = [
      { path: first, seconds: 2, caption: 'Fresh roast, every morning' },
      { path: second, seconds: 2, transition: { name: 'fade', seconds: 0.5 } },
    ];
    const captionsPath = join(dir, 'captions.ass');
    await writeFile(captionsPath, captionAss(joinedCaptions(parts)));
    const output = join(dir, 'captioned.mp4');
    await runFfmpeg(joinClipsArgs(parts, output, { captionsPath }), { duration: 3.5, timeoutMs: 120_000 });
    expect(await probe(output)).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });

    const shown = captionPixels(await frameAt(output, 1, 1080, 1920));
    expect(shown.white).toBeGreaterThan(800);
    expect(shown.dark).toBeGreaterThan(shown.white);
    // The second scene has no text of its own: after the caption faded out, the band is the plain ground.
    const after = captionPixels(await frameAt(output, 3.2, 1080, 1920));
    expect(after).toEqual({ white: 0, dark: 0 });
  }, 120_000);

  it("sets each part's label in the top-left corner for its own scene, and leaves the rest of the top clear", async () => {
    const [first, second] = await Promise.all([solidClip('before.mp4', '0x3060c0', 2), solidClip('after.mp4', '0x3060c0', 2)]);
    const parts: JoinPart[] = [
      { path: first, seconds: 2, label: 'BEFORE' },
      { path: second, seconds: 2, label: 'AFTER', transition: { name: 'fade', seconds: 0.5 } },
    ];
    const captionsPath = join(dir, 'labels.ass');
    await writeFile(captionsPath, captionAss(joinedCaptions(parts)));
    const output = join(dir, 'labelled.mp4');
    await runFfmpeg(joinClipsArgs(parts, output, { captionsPath }), { duration: 3.5, timeoutMs: 120_000 });

    const [before, after] = await Promise.all([frameAt(output, 0.8, 1080, 1920), frameAt(output, 3.2, 1080, 1920)]);
    const corner = { x: 0, y: 100, w: 540, h: 200 };
    // BEFORE is wider than AFTER: each frame shows its own word, white on the dark box, in the corner.
    const [beforeLabel, afterLabel] = [textPixels(before, corner), textPixels(after, corner)];
    expect(beforeLabel.white).toBeGreaterThan(300);
    expect(afterLabel.white).toBeGreaterThan(300);
    expect(beforeLabel.dark).toBeGreaterThan(beforeLabel.white);
    expect(beforeLabel.width).toBeGreaterThan(afterLabel.width + 20);
    // Nothing in the top-right corner, where the final render puts the logo, nor in the caption band.
    expect(textPixels(before, { x: 600, y: 0, w: 480, h: 400 })).toMatchObject({ white: 0, dark: 0 });
    expect(captionPixels(before)).toEqual({ white: 0, dark: 0 });
  }, 120_000);
});

/** Near-white and box-dark pixels in `box`, and how far across the white ones reach. */
function textPixels(frame: RgbFrame, box: { x: number; y: number; w: number; h: number }): { white: number; dark: number; width: number } {
  let [white, dark, left, right] = [0, 0, Infinity, -Infinity];
  for (let y = box.y; y < box.y + box.h; y += 2) {
    for (let x = box.x; x < box.x + box.w; x += 2) {
      const i = (y * frame.width + x) * 3;
      const [r, g, b] = [frame.data[i]!, frame.data[i + 1]!, frame.data[i + 2]!];
      if (r > 220 && g > 220 && b > 220) [white, left, right] = [white + 1, Math.min(left, x), Math.max(right, x)];
      if (r < 45 && g < 60 && b < 100) dark += 1;
    }
  }
  return { white, dark, width: white ? right - left : 0 };
}
