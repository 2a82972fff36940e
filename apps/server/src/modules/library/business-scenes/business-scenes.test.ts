import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parallaxLoopArgs, probe, runFfmpeg } from '@reelsmith/media';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { businessLoops, businessStills, businessWords, renderLayers } from './index.ts';
import { sceneSvg } from './render.ts';

const dir = mkdtempSync(join(tmpdir(), 'rs-scenes-'));

describe('the drawn business scenes', () => {
  it('cover every kind of business with distinct slugs and ids, most kinds with two scenes', () => {
    const kinds = Object.keys(businessWords);
    expect(kinds.length).toBeGreaterThanOrEqual(24);
    expect(businessStills.length).toBeGreaterThanOrEqual(45);
    expect(new Set(businessStills.map((s) => s.slug)).size).toBe(businessStills.length);
    expect(new Set([...businessStills, ...businessLoops].map((s) => s.id)).size).toBe(businessStills.length + businessLoops.length);
    expect(businessLoops.length).toBeLessThanOrEqual(12);
  });

  it('each renders to a valid 1080x1920 picture in well under a second', async () => {
    for (const scene of businessStills) {
      const started = performance.now();
      const png = await sharp(sceneSvg(scene.draw())).png({ compressionLevel: 1 }).toBuffer();
      const elapsed = performance.now() - started;
      expect(await sharp(png).metadata(), scene.slug).toMatchObject({ width: 1080, height: 1920, format: 'png' });
      expect(elapsed, scene.slug).toBeLessThan(1500);
    }
  });

  it('leaves the caption band plain', async () => {
    // Captions sit centred in the lower middle (y 1150 to 1450): the picture keeps that band nearly flat.
    const contrast = async (png: Buffer) => {
      const grey = await sharp(png).extract({ left: 140, top: 1150, width: 800, height: 300 }).greyscale().raw().toBuffer();
      const mean = grey.reduce((sum, v) => sum + v, 0) / grey.length;
      return Math.sqrt(grey.reduce((sum, v) => sum + (v - mean) ** 2, 0) / grey.length);
    };
    for (const scene of businessStills) {
      expect(await contrast(await sharp(sceneSvg(scene.draw())).png().toBuffer()), scene.slug).toBeLessThan(20);
    }
  });

  it('renders a loop whose layers move apart, as an H.264 file with its poster', async () => {
    const scene = businessLoops[0]!;
    const layers = { back: join(dir, 'back.png'), front: join(dir, 'front.png') };
    await renderLayers(scene, layers, { width: 202, height: 358 });
    const outputs = { hd: { path: join(dir, 'hd.mp4'), width: 180, height: 320 }, poster: { path: join(dir, 'poster.jpg'), at: 1, width: 90, height: 160 } };
    await runFfmpeg(parallaxLoopArgs({ ...layers, overscan: 1.12, seconds: 2 }, outputs), { duration: 2 });
    const info = await probe(outputs.hd.path);
    expect(info).toMatchObject({ width: 180, height: 320, videoCodec: 'h264' });
    expect(info.duration).toBeCloseTo(2, 1);
    expect((await probe(outputs.poster.path)).width).toBe(90);
    expect(() => parallaxLoopArgs({ ...layers, overscan: 2, seconds: 2 }, outputs)).toThrow();
  });
});
