import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { templateClipArgs } from '@reelsmith/media';
import { beforeAll, describe, expect, it } from 'vitest';
import { samplePackshot } from '../../image-generation/sample-product.ts';
import type { DrawnTemplateName } from './template-words.ts';
import { prepareTemplate } from './template-render.ts';
import type { TemplateWords } from './template-words.ts';

const dir = mkdtempSync(join(tmpdir(), 'templates-'));
let photo: Buffer;
beforeAll(async () => {
  photo = await samplePackshot();
});

const rendered = new Map<string, Promise<string>>();

/** Each template and words rendered once for the whole file: several tests look at the same clip. */
function render(name: DrawnTemplateName, words: TemplateWords): Promise<string> {
  const key = JSON.stringify([name, words]);
  if (!rendered.has(key)) rendered.set(key, renderNow(name, words, `${name}-${rendered.size}`));
  return rendered.get(key)!;
}

async function renderNow(name: DrawnTemplateName, words: TemplateWords, folder: string, seconds = 3.5): Promise<string> {
  const workDir = join(dir, folder);
  mkdirSync(workDir, { recursive: true });
  const { options } = await prepareTemplate({ photo, prompt: `${name} scene`, seconds, template: { name, words }, workDir });
  const output = join(workDir, 'clip.mp4');
  execFileSync('ffmpeg', templateClipArgs({ ...options, outputPath: output }), { stdio: 'ignore' });
  return output;
}

/** One frame as raw RGB, optionally cropped (x, y, w, h). */
function frame(video: string, seconds: number, crop = '1080:1920:0:0'): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', `crop=${crop}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 16 * 1024 * 1024 });
}

const saturated = (() => {
  const at = (c: string) => `${c}(X\\,Y)`;
  const chroma = `max(max(${at('r')}\\,${at('g')})\\,${at('b')})-min(min(${at('r')}\\,${at('g')})\\,${at('b')})`;
  const ink = `'if(gt(${chroma}\\,110)\\,0\\,255)'`;
  return `format=gbrp,geq=r=${ink}:g=${ink}:b=${ink},format=gray`;
})();

/**
 * The words in the band at the top, read back by tesseract, each kind of letter made black on white first: white
 * words, dark words on a light box, and words in the accent colour.
 */
function readWords(video: string, seconds: number): string {
  const png = join(dir, `ocr-${Math.random().toString(36).slice(2)}.png`);
  const read = (filter: string) => {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', `crop=1080:600:0:150,${filter}`, png]);
    return execFileSync('tesseract', [png, '-', '--psm', '6'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  };
  return [read("format=gray,lut=y='if(gt(val\\,250)\\,0\\,255)'"), read("format=gray,lut=y='if(lt(val\\,60)\\,0\\,255)'"), read(saturated)].join(' ').toLowerCase();
}

const meanDifference = (a: Buffer, b: Buffer) => a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;

describe('motion templates on a product photo', () => {
  it('fills the frame with the drawn set, moving, with the product in it and no card over a blur', async () => {
    const video = await render('hero', {});
    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_streams', '-of', 'json', video]).toString()).streams[0];
    expect(probe).toMatchObject({ width: 1080, height: 1920, codec_name: 'h264', nb_read_frames: '105' });
    const first = frame(video, 0.2);
    const last = frame(video, 3.3);
    expect(meanDifference(first, last)).toBeGreaterThan(2);
    // The packshot's own off-white studio backdrop is cut away, not shown as a card over a blur of itself.
    let backdrop = 0;
    for (let i = 0; i < first.length; i += 3) if (Math.hypot(first[i]! - 246, first[i + 1]! - 245, first[i + 2]! - 243) < 14) backdrop += 1;
    expect(backdrop / (first.length / 3)).toBeLessThan(0.01);
    // The serum bottle (teal) stands in the middle of the frame.
    const [r, g, b] = frame(video, 2, '20:20:530:1150');
    expect(g! > r! && b! > r!).toBe(true);
  }, 60_000);

  it('keeps a product in a place above the bottom subtitles, even at the end of the push-in', async () => {
    const video = await render('showcase', { headline: 'Hydration that lasts all day' });
    const teal = (rgb: Buffer) => {
      let count = 0;
      for (let i = 0; i < rgb.length; i += 3) if (rgb[i + 1]! > rgb[i]! + 40 && rgb[i + 2]! > rgb[i]! + 40) count += 1;
      return count;
    };
    const product = teal(frame(video, 3.4, '1080:760:0:720'));
    expect(product).toBeGreaterThan(5000);
    expect(teal(frame(video, 3.4, '1080:440:0:1480'))).toBeLessThan(product * 0.01);
  }, 60_000);

  it('makes two scene types on one photo look clearly different', async () => {
    const [hero, features] = [await render('hero', {}), await render('features', { details: 'the pump, the glass bottle' })];
    expect(meanDifference(frame(hero, 2), frame(features, 2))).toBeGreaterThan(20);
  }, 60_000);

  it('puts the user’s own words on screen, read back by OCR', async () => {
    const showcase = readWords(await render('showcase', { headline: 'Hydration that lasts all day' }), 3.2);
    expect(['hydration', 'lasts', 'all', 'day'].filter((word) => showcase.includes(word)).length).toBeGreaterThanOrEqual(3);
    const outro = readWords(await render('outro', { details: '20% off, code GLOW20', business: 'Lumi' }), 3.2);
    expect(outro).toContain('20% off');
    expect(outro).toContain('glow20');
    const features = readWords(await render('features', { details: 'the pump, the glass bottle' }), 3.2);
    expect(features).toContain('pump');
    expect(features).toContain('glass bottle');
    const reveal = await render('reveal', { details: 'dull skin, then a bright glow' });
    expect(readWords(reveal, 0.6)).toContain('before');
    expect(readWords(reveal, 3.2)).toContain('after');
  }, 120_000);

  it('wipes a reveal from the dim, grey before to the lit after', async () => {
    const video = await render('reveal', { details: 'dull skin, then a bright glow' });
    const saturation = (rgb: Buffer) => {
      let sum = 0;
      for (let i = 0; i < rgb.length; i += 3) sum += Math.max(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!) - Math.min(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!);
      return sum / (rgb.length / 3);
    };
    expect(saturation(frame(video, 3.2, '1080:900:0:1000'))).toBeGreaterThan(saturation(frame(video, 0.5, '1080:900:0:1000')) + 10);
  }, 60_000);
});
