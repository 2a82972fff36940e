import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameAt, near, pixel, tempDir } from '../test/fixtures.ts';
import { transitionNames, type TransitionName } from './composition.ts';
import { effectPreview, effectPreviewArgs, effectPreviewSeconds } from './effects.ts';
import { probe } from './ffprobe.ts';
import { runFfmpeg } from './runner.ts';

const violet = '#7c3aed';
const coral = '#f97316';

describe('effect preview arguments', () => {
  it('crossfades the two cards with the named transition, silently, into the given file', () => {
    const args = effectPreviewArgs('smoothleft', '/tmp/out.mp4');
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain('xfade=transition=smoothleft:duration=0.8:offset=0.7');
    expect(args.filter((a) => a === 'lavfi')).toHaveLength(2);
    expect(args).toContain('-an');
    expect(args.at(-1)).toBe('/tmp/out.mp4');
    expect(effectPreviewSeconds).toBe(2.2);
  });

  it('refuses an unknown transition and an output that is not a local path', () => {
    expect(() => effectPreviewArgs('spin' as TransitionName, '/tmp/out.mp4')).toThrow(/unknown transition/);
    expect(() => effectPreviewArgs('fade', 'http://example.com/out.mp4')).toThrow();
    expect(() => effectPreviewArgs('fade', 'relative.mp4')).toThrow();
  });
});

describe('effect preview renders', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ dir, cleanup } = await tempDir()));
  afterAll(() => cleanup());

  it.each(transitionNames)('%s: starts on the violet card, ends on the coral one, and shows both halfway', async (name) => {
    const output = join(dir, `${name}.mp4`);
    await runFfmpeg(effectPreviewArgs(name, output), { duration: effectPreviewSeconds, timeoutMs: 60_000 });
    const info = await probe(output);
    expect(info.width).toBe(effectPreview.width);
    expect(info.height).toBe(effectPreview.height);
    expect(info.hasAudio).toBe(false);
    expect(info.duration).toBeCloseTo(effectPreviewSeconds, 1);

    const { width, height } = effectPreview;
    // (30, 30) lies inside a grid cell of the coral card and above the violet card's band.
    const first = await frameAt(output, 0.2, width, height);
    expect(near(pixel(first, 30, 30), violet)).toBe(true);
    const last = await frameAt(output, effectPreviewSeconds - 0.1, width, height);
    expect(near(pixel(last, 30, 30), coral)).toBe(true);
    const middle = await frameAt(output, effectPreview.cardSeconds - effectPreview.transitionSeconds / 2, width, height);
    const samples = [pixel(middle, 30, 30), pixel(middle, width - 30, 30), pixel(middle, 30, height - 30), pixel(middle, width - 30, height - 30)];
    // Halfway through, no effect still shows only the first card or already only the second.
    expect(samples.every((rgb) => near(rgb, violet))).toBe(false);
    expect(samples.every((rgb) => near(rgb, coral))).toBe(false);
  }, 60_000);
});
