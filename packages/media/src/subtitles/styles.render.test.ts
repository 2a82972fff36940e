import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countNear, ffmpeg, tempDir, type RgbFrame } from '../../test/fixtures.ts';
import { escapeFilterValue } from '../filtergraph.ts';
import { buildAss, chunkWords } from './ass.ts';
import { isAnimated, subtitleLayout, subtitleStyleNames, subtitleStyles } from './styles.ts';

const backdrop = '#24304A';
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

/** Frame 15 (t = 0.5 s) of the script burnt onto a plain 1080x1920 backdrop, while the second word is spoken. */
async function burn(assPath: string): Promise<RgbFrame> {
  const data = await ffmpeg([
    '-f', 'lavfi', '-i', `color=c=${backdrop.replace('#', '0x')}:s=1080x1920:r=30:d=1`,
    '-vf', `ass=filename=${escapeFilterValue(assPath)},trim=start_frame=15`,
    '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1',
  ]);
  return { width: 1080, height: 1920, data };
}

describe('subtitle styles', () => {
  it('name font families installed on this machine', async () => {
    const families = await new Promise<string>((resolve, reject) =>
      execFile('fc-list', [':', 'family'], (e, out) => (e ? reject(e) : resolve(out))),
    );
    const known = new Set(families.split('\n').flatMap((line) => line.split(',')));
    for (const name of subtitleStyleNames) expect(known, name).toContain(subtitleStyles[name].fontName);
  });

  it.each(subtitleStyleNames)('%s renders with libass where the caption belongs', async (name) => {
    const style = subtitleStyles[name];
    const words = ['Grow', 'your', 'brand'].map((text, i) => ({ text, start: i * 0.4, end: i * 0.4 + 0.35 }));
    // A file name the filter graph would otherwise split, to prove the escaping end to end.
    const assPath = join(dir, `style ${name.replace(' ', '_')}: it's [x],y;z.ass`);
    await writeFile(assPath, buildAss(chunkWords(words, 3), { style: name, position: 'bottom', fontSize: 'medium' }));
    const frame = await burn(assPath);

    const { fontSize, marginV } = subtitleLayout('bottom', 'medium');
    const bottom = 1920 - marginV;
    const caption = { x: 60, y: bottom - fontSize * 1.6, w: 960, h: fontSize * 1.8 };
    const above = { x: 0, y: 0, w: 1080, h: caption.y - 40 };
    expect(countNear(frame, style.primaryColour, caption)).toBeGreaterThan(400);
    if (style.border === 'box') expect(countNear(frame, style.outlineColour, caption)).toBeGreaterThan(4000);
    if (isAnimated(style) && style.highlightColour) {
      expect(countNear(frame, style.highlightColour, caption)).toBeGreaterThan(300);
    }
    expect(countNear(frame, style.primaryColour, above)).toBe(0);
  });

  /** Pixels that are not the backdrop: caption fill, outline, box or shadow. */
  const inked = (frame: RgbFrame, box: { x: number; y: number; w: number; h: number }) => box.w * box.h - countNear(frame, backdrop, box, 24);

  // At t = 0.5 s the long word is the one being spoken, so the grown (popped) size must fit too.
  it.each(subtitleStyleNames)('%s shrinks one long unbreakable word to stay inside the side margins', async (name) => {
    const words = [{ text: 'Supercalifragilisticexpialidocious', start: 0, end: 0.8 }, { text: 'ok', start: 0.85, end: 0.95 }];
    const assPath = join(dir, `long-${name.replace(' ', '_')}.ass`);
    await writeFile(assPath, buildAss(chunkWords(words, 3), { style: name, position: 'middle', fontSize: 'large' }));
    const frame = await burn(assPath);

    const outer = 40;
    expect(inked(frame, { x: 0, y: 0, w: outer, h: 1920 })).toBe(0);
    expect(inked(frame, { x: 1080 - outer, y: 0, w: outer, h: 1920 })).toBe(0);
    expect(inked(frame, { x: outer, y: 700, w: 1080 - 2 * outer, h: 520 })).toBeGreaterThan(3000);
  });

  it('draws the spoken word in the brand’s highlight colour instead of the style’s', async () => {
    const brand = '#FF2BD6';
    const words = ['Grow', 'your', 'brand'].map((text, i) => ({ text, start: i * 0.4, end: i * 0.4 + 0.35 }));
    const assPath = join(dir, 'brand-highlight.ass');
    await writeFile(assPath, buildAss(chunkWords(words, 3), { style: 'Hormozi', position: 'bottom', fontSize: 'medium', highlightColour: brand }));
    const frame = await burn(assPath);
    const caption = { x: 60, y: 1920 - 340 - 130, w: 960, h: 150 };
    expect(countNear(frame, brand, caption)).toBeGreaterThan(300);
    expect(countNear(frame, subtitleStyles.Hormozi.highlightColour!, caption)).toBe(0);
  });

  it.each(['Lato', 'Mr Beast'] as const)('%s draws a word the user emphasised in its colour, the spoken one in the style’s', async (name) => {
    const red = '#FF4040';
    // At t = 0.5 s 'fresh' is spoken; 'bread' carries the emphasis.
    const words = [{ text: 'Fresh', start: 0.3, end: 0.7 }, { text: 'bread', start: 0.75, end: 0.95, colour: red }];
    const caption = { x: 40, y: 1920 - 340 - 200, w: 1000, h: 240 };
    const draw = async (file: string, cueWords: typeof words) => {
      await writeFile(join(dir, file), buildAss(chunkWords(cueWords, 3), { style: name, position: 'bottom', fontSize: 'large' }));
      return burn(join(dir, file));
    };
    const emphasised = await draw(`red-${name.replace(' ', '_')}.ass`, words);
    const plain = await draw(`plain-${name.replace(' ', '_')}.ass`, words.map(({ colour: _, ...w }) => w));
    expect(countNear(emphasised, red, caption)).toBeGreaterThan(1500);
    expect(countNear(plain, red, caption)).toBe(0);
    // The spoken word keeps the style's highlight: the emphasis does not take over the voice's place.
    const style = subtitleStyles[name];
    expect(countNear(emphasised, style.highlightColour ?? style.primaryColour, caption)).toBeGreaterThan(400);
  });
});
