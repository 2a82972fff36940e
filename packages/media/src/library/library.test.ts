import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { frameAt, near, pixel } from '../../test/fixtures.ts';
import { probe } from '../ffprobe.ts';
import { runFfmpeg } from '../runner.ts';
import { backgroundRecipes } from './backgrounds.ts';
import { particles } from './expressions.ts';
import { geqExpression, loopArgs, stillArgs, type LoopSpec } from './field.ts';
import { loudnessProbeArgs, musicEncodeArgs, musicGain, musicLoudness, parseLoudness, silenceArgs } from './music.ts';
import { musicTrackRecipes } from './music-tracks.ts';
import { colourAt, rampChannel, yuv } from './palette.ts';
import { posterFrameArgs } from './poster.ts';
import { stockImageRecipes, stockVideoRecipes } from './stock-set.ts';
import { chordNotes, synthesize, trackLayout, wavFile } from './synth.ts';

const dir = mkdtempSync(join(tmpdir(), 'rs-library-'));

describe('palette ramps', () => {
  it('maps grey levels to the stops and interpolates between them', () => {
    const palette = ['#000000', '#ff0000', '#ffffff'];
    expect(colourAt(palette, 0)).toEqual([0, 0, 0]);
    expect(colourAt(palette, 127.5)).toEqual([255, 0, 0]);
    expect(colourAt(palette, 255)).toEqual([255, 255, 255]);
    expect(rampChannel(palette, 1)).toContain('if(lt(val,');
    // The ramps are Y'CbCr: black and white land on the limited range's ends with neutral chroma.
    expect(yuv([0, 0, 0]).map(Math.round)).toEqual([16, 128, 128]);
    expect(yuv([255, 255, 255]).map(Math.round)).toEqual([235, 128, 128]);
    expect(rampChannel(['#000000', '#ffffff'], 0)).toBe('if(lt(val,0),16,if(lt(val,255),16+0.859*(val-0),235))');
    expect(() => colourAt(['#000000'], 0)).toThrow();
    expect(() => colourAt(['red', '#ffffff'], 0)).toThrow();
  });
});

describe('field builders', () => {
  const small: LoopSpec = { seconds: 2, fps: 12, base: { grid: [18, 32], lum: '128+100*sin(y+ph)' }, palette: ['#102030', '#f0e0d0'], grain: 3 };

  it('names frame units and the loop phase in geq terms', () => {
    expect(geqExpression('x+y+sin(ph)', '2*PI*N/48')).toBe('(X*9/W)+(Y*16/H)+sin((2*PI*N/48))');
    expect(geqExpression('exp(x)', '0')).toBe('exp((X*9/W))');
  });

  it('builds one run with the HD file, the SD rendition and the poster, on one thread', () => {
    const args = loopArgs(small, {
      hd: { path: '/o/hd.mp4', width: 360, height: 640 },
      sd: { path: '/o/sd.mp4', width: 180, height: 320 },
      poster: { path: '/o/p.jpg', at: 1, width: 90, height: 160 },
    });
    expect(args.filter((a) => a.startsWith('/o/'))).toEqual(['/o/hd.mp4', '/o/sd.mp4', '/o/p.jpg']);
    expect(args.slice(args.indexOf('-threads'), args.indexOf('-threads') + 2)).toEqual(['-threads', '1']);
    expect(args.join(' ')).toContain('split=3');
    expect(() => loopArgs({ ...small, seconds: 0.5 }, { hd: { path: '/o/x.mp4', width: 36, height: 64 } })).toThrow();
    expect(() => loopArgs(small, { hd: { path: 'http://x/y.mp4', width: 36, height: 64 } })).toThrow();
  });

  it('scrolls layers by whole turns per loop', () => {
    const args = loopArgs({ ...small, layers: [{ lum: '10', scroll: { y: -2 } }] }, { hd: { path: '/o/a.mp4', width: 36, height: 64 } });
    expect(args.join(' ')).toContain(`scroll=h=${(0).toFixed(8)}:v=${(2 / 24).toFixed(8)}`);
  });

  it('renders a real loop whose picture follows the palette and returns to its first frame', async () => {
    const hd = join(dir, 'loop.mp4');
    const poster = join(dir, 'poster.jpg');
    await runFfmpeg(loopArgs(small, { hd: { path: hd, width: 180, height: 320 }, poster: { path: poster, at: 0.5, width: 90, height: 160 } }), { duration: 2 });
    const info = await probe(hd);
    expect(info).toMatchObject({ width: 180, height: 320, videoCodec: 'h264', hasAudio: false });
    expect(info.duration).toBeCloseTo(2, 1);
    expect((await probe(poster)).width).toBe(90);
    // Stills at phase 0 and a full turn (2π to three decimals) must match: that is what makes the loop seamless.
    const [a, b] = [join(dir, 'p0.png'), join(dir, 'p1.png')];
    await runFfmpeg(stillArgs({ ...small, grain: 0 }, { path: a, width: 90, height: 160, phase: 0 }), { duration: 1 });
    await runFfmpeg(stillArgs({ ...small, grain: 0 }, { path: b, width: 90, height: 160, phase: 2 * Math.PI }), { duration: 1 });
    const [fa, fb] = [await frameAt(a, 0, 90, 160), await frameAt(b, 0, 90, 160)];
    const largest = fa.data.reduce((most, value, i) => Math.max(most, Math.abs(value - fb.data[i]!)), 0);
    expect(largest).toBeLessThanOrEqual(3);
  });

  it('renders a real still with a particle layer', async () => {
    const path = join(dir, 'still.jpg');
    const spec = { ...small, layers: [{ lum: `clip(${particles({ cols: 3, rows: 4, density: 1, seed: 1, size: 0.8, strength: 255, shape: 'disc' })},0,255)` }] };
    await runFfmpeg(stillArgs(spec, { path, width: 180, height: 320 }), { duration: 1 });
    expect(await probe(path)).toMatchObject({ width: 180, height: 320 });
  });

  it('colours the field through the palette without passing through RGB', async () => {
    const path = join(dir, 'ramp.png');
    const spec = { ...small, base: { grid: [18, 32] as const, lum: 'if(lt(y,8),0,255)' }, grain: 0 };
    await runFfmpeg(stillArgs(spec, { path, width: 90, height: 160 }), { duration: 1 });
    const frame = await frameAt(path, 0, 90, 160);
    expect(near(pixel(frame, 45, 30), '#102030', 6)).toBe(true);
    expect(near(pixel(frame, 45, 130), '#f0e0d0', 6)).toBe(true);
  });

  it('cuts covering, centred renditions from a still in the same run', async () => {
    const [full, large, crop] = [join(dir, 'full.jpg'), join(dir, 'large.jpg'), join(dir, 'crop.jpg')];
    const args = stillArgs(small, { path: full, width: 180, height: 320, renditions: [{ path: large, width: 90, height: 160 }, { path: crop, width: 80, height: 120 }] });
    expect(args.filter((a) => a.startsWith(dir))).toEqual([full, large, crop]);
    await runFfmpeg(args, { duration: 1 });
    expect(await probe(full)).toMatchObject({ width: 180, height: 320 });
    expect(await probe(large)).toMatchObject({ width: 90, height: 160 });
    expect(await probe(crop)).toMatchObject({ width: 80, height: 120 });
  });

  it('tweens a slow base: half the frames computed, the last one faded towards the first', async () => {
    const plain = { ...small, grain: 0 };
    const tweened = { ...plain, base: { ...plain.base, tween: true } };
    expect(loopArgs(tweened, { hd: { path: '/o/t.mp4', width: 36, height: 64 } }).join(' ')).toContain('color=c=black:s=18x32:r=6:d=2.167');
    const [a, b] = [join(dir, 'plain.mp4'), join(dir, 'tweened.mp4')];
    await runFfmpeg(loopArgs(plain, { hd: { path: a, width: 90, height: 160 } }), { duration: 2 });
    await runFfmpeg(loopArgs(tweened, { hd: { path: b, width: 90, height: 160 } }), { duration: 2 });
    expect((await probe(b)).duration).toBeCloseTo(2, 1);
    // Frame 23 of 24 lies between the base's last frame and the loop's first: held instead of faded, it would be a
    // whole step (some 25 grey levels here) behind.
    const [fa, fb] = [await frameAt(a, 1.91, 90, 160), await frameAt(b, 1.91, 90, 160)];
    const meanDifference = fa.data.reduce((sum, value, i) => sum + Math.abs(value - fb.data[i]!), 0) / fa.data.length;
    expect(meanDifference).toBeLessThan(3);
  });

  it('turns a spinning layer whole turns per loop', async () => {
    const spun = { ...small, fps: 24, base: { grid: [18, 32] as const, lum: '0' }, grain: 0, layers: [{ lum: 'if(lt(abs(x-4.5),0.5)*lt(y,8),255,0)', spin: 1, blend: 'lighten' as const }] };
    expect(loopArgs(spun, { hd: { path: '/o/s.mp4', width: 36, height: 64 } }).join(' ')).toContain('rotate=a=2*PI*1*n/48');
    const path = join(dir, 'spun.mp4');
    await runFfmpeg(loopArgs(spun, { hd: { path, width: 90, height: 160 } }), { duration: 2 });
    // Not a frame more (48 at 24 fps): a repeated first frame at the loop point is a visible stutter.
    expect((await probe(path)).duration).toBeCloseTo(2, 2);
    // A bar pointing up from the centre at the start points down half a loop later.
    const [start, half] = [await frameAt(path, 0, 90, 160), await frameAt(path, 1, 90, 160)];
    const brightness = (f: typeof start, y: number) => pixel(f, 45, y).reduce((sum, v) => sum + v, 0);
    expect(brightness(start, 45)).toBeGreaterThan(brightness(start, 115) + 150);
    expect(brightness(half, 115)).toBeGreaterThan(brightness(half, 45) + 150);
  });
});

describe('the starter sets', () => {
  it('has at least 40 procedural stills and 8 loops of 5 to 10 s (beside the drawn scenes), with unique ids, slugs and tags', () => {
    expect(stockImageRecipes.length).toBeGreaterThanOrEqual(40);
    expect(stockVideoRecipes.length).toBeGreaterThanOrEqual(8);
    const all = [...stockImageRecipes, ...stockVideoRecipes];
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(new Set(stockImageRecipes.map((r) => r.slug)).size).toBe(stockImageRecipes.length);
    for (const video of stockVideoRecipes) expect(video.spec.seconds).toBeGreaterThanOrEqual(5);
    for (const video of stockVideoRecipes) expect(video.spec.seconds).toBeLessThanOrEqual(10);
    for (const recipe of all) expect(recipe.tags.length).toBeGreaterThan(5);
  });

  it('has the 18 backgrounds of the spec, each a valid loop', () => {
    expect(Object.keys(backgroundRecipes)).toHaveLength(18);
    for (const spec of Object.values(backgroundRecipes)) {
      expect(() => loopArgs(spec, { hd: { path: '/o/b.mp4', width: 720, height: 1280 } })).not.toThrow();
    }
  });

  it('has eight distinct tracks of different tempo and mood', () => {
    expect(musicTrackRecipes.length).toBeGreaterThanOrEqual(8);
    expect(new Set(musicTrackRecipes.map((t) => t.mood)).size).toBe(musicTrackRecipes.length);
    expect(new Set(musicTrackRecipes.map((t) => t.bpm)).size).toBeGreaterThanOrEqual(6);
    for (const track of musicTrackRecipes) expect(trackLayout(track, 44100).seconds).toBeGreaterThanOrEqual(60);
  });
});

describe('music', () => {
  it('builds chords from the scale and whole progressions of bars', () => {
    expect(chordNotes({ root: 60, mode: 'major' }, 1)).toEqual([60, 64, 67]);
    expect(chordNotes({ root: 57, mode: 'minor', sevenths: true }, 1)).toEqual([57, 60, 64, 67]);
    expect(chordNotes({ root: 60, mode: 'major' }, 5)).toEqual([67, 71, 74]);
    const layout = trackLayout({ bpm: 120, progression: [1, 5, 6, 4], minSeconds: 60 }, 44100);
    expect(layout).toMatchObject({ bars: 32, seconds: 64 });
  });

  it('reads the ebur128 summary and refuses output without one', () => {
    const tail = '[Parsed_ebur128_0 @ 0x1] Summary:\n\n  Integrated loudness:\n    I:         -20.1 LUFS\n    Threshold: -30.4 LUFS\n\n  True peak:\n    Peak:       -3.0 dBFS';
    expect(parseLoudness(tail)).toEqual({ integrated: -20.1, truePeak: -3 });
    expect(() => parseLoudness('no summary here')).toThrow();
    expect(musicGain({ integrated: -20.1, truePeak: -3 })).toBeCloseTo(4.1, 5);
    expect(musicEncodeArgs('/a.wav', '/b.mp3', parseLoudness(tail)).join(' ')).toContain('volume=4.1dB');
    expect(() => loudnessProbeArgs('https://x/y.wav')).toThrow();
  });

  it('synthesises, measures and encodes a real track at the library loudness', async () => {
    const short = { ...musicTrackRecipes[0]!, minSeconds: 8 };
    const { left, right, seconds } = await synthesize(short);
    expect(seconds).toBe(8);
    const wav = join(dir, 'track.wav');
    writeFileSync(wav, wavFile(left, right, 44100));
    const measured = parseLoudness((await runFfmpeg(loudnessProbeArgs(wav), { duration: seconds })).stderrTail);
    const mp3 = join(dir, 'track.mp3');
    await runFfmpeg(musicEncodeArgs(wav, mp3, measured), { duration: seconds });
    const after = parseLoudness((await runFfmpeg(loudnessProbeArgs(mp3), { duration: seconds })).stderrTail);
    expect(Math.abs(after.integrated - musicLoudness.integrated)).toBeLessThan(1);
    expect(after.truePeak).toBeLessThan(0);
    expect(await probe(mp3)).toMatchObject({ sampleRate: 44100 });
    expect((await probe(mp3)).duration).toBeCloseTo(8, 0);
  });

  it('makes a silent track and a poster frame', async () => {
    const silence = join(dir, 'silence.mp3');
    await runFfmpeg(silenceArgs(silence, 3), { duration: 3 });
    expect((await probe(silence)).duration).toBeCloseTo(3, 0);
    const clip = join(dir, 'clip.mp4');
    await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=10:d=2', '-pix_fmt', 'yuv420p', clip], { duration: 2 });
    const poster = join(dir, 'clip.jpg');
    await runFfmpeg(posterFrameArgs(clip, poster, { width: 80, at: 1 }), { duration: 1 });
    expect(await probe(poster)).toMatchObject({ width: 80, height: 46 });
  });
});
