import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probe } from '../ffprobe.ts';
import { previewAss, previewSeconds, typePreviewArgs, typePreviewRecipes, type TypePreviewRecipe } from './type-previews.ts';

const dir = mkdtempSync(join(tmpdir(), 'type-previews-'));
const colour = (name: string, hex: string, size = '720x1280') => {
  const path = join(dir, `${name}.jpg`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${hex}:s=${size}`, '-frames:v', '1', '-q:v', '2', path]);
  return path;
};
const [red, blue, grey] = [colour('red', '0xC81E1E'), colour('blue', '0x1E3CC8'), colour('grey', '0x808080')];
const product = colour('product', '0x1EA03C', '800x1000');

/** The RGB of one pixel of the frame shown at `seconds`. */
function pixel(video: string, seconds: number, x: number, y: number): [number, number, number] {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
  const at = (y * 360 + x) * 3;
  return [raw[at]!, raw[at + 1]!, raw[at + 2]!];
}

function render(name: string, recipe: TypePreviewRecipe, stills: string[]) {
  const ass = join(dir, `${name}.ass`);
  writeFileSync(ass, previewAss(recipe.texts));
  const out = { video: join(dir, `${name}.mp4`), poster: join(dir, `${name}.jpg`) };
  execFileSync('ffmpeg', typePreviewArgs(recipe, { stills, product, ass }, out));
  return out;
}

const dominant = ([r, g, b]: [number, number, number]) => (r > g + 60 && r > b + 60 ? 'red' : b > r + 60 && b > g + 40 ? 'blue' : g > r + 60 && g > b + 40 ? 'green' : 'other');

describe('the Create Video tiles’ previews', () => {
  it('are silent 360x640 H.264 loops of four seconds, a sequence as long as its scenes, each with a poster', async () => {
    const still = render('still', { layout: 'still', stills: ['a'], texts: [{ text: 'Hello', start: 0, end: 4, style: 'caption' }] }, [grey]);
    const info = await probe(still.video);
    expect(info).toMatchObject({ width: 360, height: 640, videoCodec: 'h264', hasAudio: false });
    expect(info.duration).toBeCloseTo(4, 1);
    expect(await probe(still.poster)).toMatchObject({ width: 360, height: 640 });
    const sequence = { layout: 'sequence', stills: ['a', 'b', 'c'], texts: [] } as const;
    const seq = render('sequence', sequence, [red, blue, grey]);
    expect((await probe(seq.video)).duration).toBeCloseTo(previewSeconds(sequence), 1);
    expect([dominant(pixel(seq.video, 0.3, 180, 320)), dominant(pixel(seq.video, 2.2, 180, 320))]).toEqual(['red', 'blue']);
  });

  it('Before/After: the before picture, then the after one wiped in over it', () => {
    const { video } = render('split', { layout: 'split', stills: ['a', 'b'], texts: [] }, [red, blue]);
    expect(dominant(pixel(video, 0.5, 180, 320))).toBe('red');
    // Mid-wipe the two halves show at once; at the end only after.
    const mid = [dominant(pixel(video, 1.8, 20, 320)), dominant(pixel(video, 1.8, 340, 320))];
    expect(mid.sort()).toEqual(['blue', 'red']);
    expect(dominant(pixel(video, 3.8, 340, 320))).toBe('blue');
  });

  it('a product preview puts the packshot in the upper middle over its still, and an inset shows only while it is on', () => {
    const { video } = render('product', { layout: 'product', stills: ['a'], product: true, texts: [] }, [red]);
    expect(dominant(pixel(video, 2, 180, 260))).toBe('green');
    expect(dominant(pixel(video, 2, 10, 620))).toBe('red');
    const inset = render('inset', { layout: 'inset', stills: ['a', 'b'], texts: [] }, [red, blue]).video;
    expect(dominant(pixel(inset, 0.5, 180, 150))).toBe('red');
    expect(dominant(pixel(inset, 2, 180, 150))).toBe('blue');
    expect(dominant(pixel(inset, 3.7, 180, 150))).toBe('red');
  });

  it('a scroll preview keeps moving and ends where it began, so it loops', () => {
    const stripes = join(dir, 'stripes.jpg');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0xC81E1E:s=720x1280', '-vf', "drawbox=y=0:w=720:h=640:color=0x1E3CC8:t=fill", '-frames:v', '1', stripes]);
    const { video } = render('scroll', { layout: 'scroll', stills: ['a'], texts: [] }, [stripes]);
    // The picture (blue over red) and its mirror pass under the frame's middle: red at the start, blue half way.
    expect([0, 2.2, 3.95].map((t) => dominant(pixel(video, t, 180, 400)))).toEqual(['red', 'blue', 'red']);
  });

  it('draws the words with libass, braces and backslashes taken out, and refuses a recipe its inputs do not fit', () => {
    const ass = previewAss([{ text: 'Sale {\\b1} now\\N', start: 0, end: 2, style: 'big' }]);
    expect(ass).toContain('PlayResX: 360');
    expect(ass).toMatch(/Dialogue: 0,0:00:00\.00,0:00:02\.00,Big,,0,0,0,,\{\\fad\(180,180\)\}Sale b1 nowN$/m);
    expect(() => typePreviewArgs({ layout: 'split', stills: ['a'], texts: [] }, { stills: [red], ass: 'x.ass' }, { video: 'v.mp4', poster: 'p.jpg' })).toThrow('a split preview takes 2 stills');
    expect(() => typePreviewArgs(typePreviewRecipes.ugc, { stills: [red, blue], ass: 'x.ass' }, { video: 'v.mp4', poster: 'p.jpg' })).toThrow('one input per still');
    for (const recipe of Object.values(typePreviewRecipes)) for (const text of recipe.texts) expect(text.end).toBeLessThanOrEqual(previewSeconds(recipe) + 0.01);
  });
});
