import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, tempDir } from '../test/fixtures.ts';
import { compileComposition, profiles } from './compile/compile.ts';
import type { CompositionInput } from './composition.ts';
import { probe } from './ffprobe.ts';
import { runCompiled } from './render.ts';

let dir: string;
let cleanup: () => Promise<void>;
const seconds = 6;

/**
 * The worst a customer's photo gives the encoder: a detailed, grainy picture that slowly zooms, as a motion template
 * moves a phone photo (every frame resamples the grain, which no motion vector predicts). Made at near-lossless
 * quality, so the test measures the final encode and not this one.
 */
async function detailedZoom(): Promise<string> {
  const still = join(dir, 'detailed.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=1440x2560,noise=alls=50:allf=u', '-frames:v', '1', still]);
  const clip = join(dir, 'zoom.mp4');
  await ffmpeg([
    '-loop', '1', '-i', still, '-t', String(seconds), '-r', '30',
    '-vf', "scale=w='trunc(1440*(1+t*0.03)/2)*2':h=-2:eval=frame,crop=1080:1920",
    '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '8', '-pix_fmt', 'yuv420p', clip,
  ]);
  return clip;
}

/** ffmpeg's SSIM of `a` against `b` over every frame (1 is identical). */
async function ssim(a: string, b: string): Promise<number> {
  const out = await ffmpeg(['-i', a, '-i', b, '-lavfi', 'ssim=stats_file=-', '-f', 'null', '-']);
  const values = out.toString().split('\n').map((line) => /All:([\d.]+)/.exec(line)?.[1]).filter((v): v is string => v !== undefined);
  return values.reduce((sum, v) => sum + Number(v), 0) / values.length;
}

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterAll(() => cleanup());

describe('final profile bitrate', () => {
  it('holds a detailed, moving picture to 8 Mbit/s for social upload, looking as the uncapped encode does', { timeout: 180_000 }, async () => {
    const composition: CompositionInput = { background: { kind: 'clips', clips: [{ path: await detailedZoom(), duration: seconds }], fit: 'trim' } };
    const capped = compileComposition(composition, { profile: 'final', outputPath: join(dir, 'capped.mp4') });
    // The same encode without the rate cap: the quality target (CRF) alone.
    const vbv = new Set(['-maxrate', '-bufsize']);
    const uncappedArgs = capped.args.filter((arg, i, all) => !vbv.has(arg) && !vbv.has(all[i - 1]!)).map((arg) => (arg === join(dir, 'capped.mp4') ? join(dir, 'uncapped.mp4') : arg));
    expect(uncappedArgs.length).toBe(capped.args.length - 4);
    await runCompiled(capped, {});
    await runCompiled({ ...capped, args: uncappedArgs }, {});

    const [cappedInfo, uncappedInfo] = await Promise.all([probe(join(dir, 'capped.mp4')), probe(join(dir, 'uncapped.mp4'))]);
    // Without the cap this picture needs over 10 Mbit/s, so the cap is what holds it.
    expect(uncappedInfo.bitRate!).toBeGreaterThan(10_000_000);
    expect(cappedInfo.bitRate!).toBeLessThanOrEqual(8_000_000 + 200_000);
    expect(cappedInfo).toMatchObject({ width: profiles.final.width, height: profiles.final.height, videoCodec: 'h264' });
    // Grain is what a cap costs first; the picture stays the uncapped one's (0.93 measured; 1 would be identical).
    expect(await ssim(join(dir, 'capped.mp4'), join(dir, 'uncapped.mp4'))).toBeGreaterThan(0.9);
  });
});
