import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countNear, ffmpeg, makeImage, near, pixel, tempDir, type RgbFrame } from '../../test/fixtures.ts';
import { probe } from '../ffprobe.ts';
import { endCardArgs, endCardLayout, estimateWidth, fitText, renderEndCard, type EndCardSpec } from './end-card.ts';
import { fontFileOf } from './fonts.ts';

const tricky = "50% off: Tom's café, today!";
const spec = (over: Partial<EndCardSpec> = {}): EndCardSpec => ({
  text: 'Book your table today',
  contact: 'tomscafe.example',
  background: '#1B3A5C',
  accent: '#F4B400',
  textColour: '#FFFFFF',
  headingFontFile: '/fonts/Heading Bold.otf',
  bodyFontFile: '/fonts/body:regular.ttf',
  ...over,
});
const graphOf = (args: string[]) => args[args.indexOf('-filter_complex') + 1]!;

describe('the end card layout', () => {
  it('wraps at spaces into at most three lines of 900 px, shrinking the size until they fit', () => {
    expect(fitText('Book now', { maxSize: 140, minSize: 40, maxLines: 3 })).toEqual({ fontSize: 140, lines: ['Book now'] });
    const long = fitText('Order your festive hamper before the twentieth of December', { maxSize: 140, minSize: 40, maxLines: 3 });
    expect(long.lines).toHaveLength(3);
    expect(long.fontSize).toBeLessThan(140);
    for (const l of long.lines) expect(estimateWidth(l, long.fontSize)).toBeLessThanOrEqual(900);
    expect(long.lines.join(' ')).toBe('Order your festive hamper before the twentieth of December');
  });

  it('breaks a web address after a slash before shrinking it to one line', () => {
    const contact = fitText('www.hampers-and-more.example/christmas', { maxSize: 60, minSize: 28, maxLines: 3 });
    expect(contact.lines).toEqual(['www.hampers-and-more.example/', 'christmas']);
  });

  it('breaks a word too long for a line even at the smallest size, and keeps 60 of the widest letters on three lines', () => {
    const worst = fitText('W'.repeat(60), { maxSize: 140, minSize: 40, maxLines: 3 });
    expect(worst.fontSize).toBe(40);
    expect(worst.lines.join('')).toBe('W'.repeat(60));
    for (const l of worst.lines) expect(estimateWidth(l, 40)).toBeLessThanOrEqual(900);
  });

  it('keeps the lines, the rule and the contact apart, below the logo and above the apps’ lowest sixth', () => {
    for (const [text, contact] of [[tricky, 'www.toms-cafe.example'], ['W'.repeat(60), 'M'.repeat(80)], ['Hi', '']] as const) {
      for (const hasLogo of [true, false]) {
        const l = endCardLayout(text, contact, hasLogo);
        const gaps = (b: number[]) => b.slice(1).map((y, i) => y - b[i]!);
        for (const gap of gaps(l.heading.baselines)) expect(gap).toBeGreaterThanOrEqual(1.2 * l.heading.fontSize);
        expect(l.rule.y).toBeGreaterThan(l.heading.baselines.at(-1)! + 0.27 * l.heading.fontSize);
        if (l.contact) expect(l.contact.baselines[0]! - l.contact.fontSize).toBeGreaterThan(l.rule.y + 12);
        expect(l.top).toBeGreaterThanOrEqual(hasLogo ? 610 : 400);
        expect(l.bottom).toBeLessThanOrEqual(1560);
      }
    }
  });
});

describe('endCardArgs', () => {
  it('draws escaped text without expansion in the given font files and colours, one PNG frame', () => {
    const args = endCardArgs(spec({ text: tricky }), '/out/card.png');
    const graph = graphOf(args);
    expect(graph).toContain('color=c=0x1B3A5C:s=1080x1920:d=1,format=rgb24');
    expect(graph).toContain("drawtext=fontfile=/fonts/Heading Bold.otf:expansion=none:text=50% off\\\\::fontsize=");
    expect(graph).toContain("text=Tom\\\\\\'s:");
    expect(graph).toContain('text=café\\, today!:');
    expect(graph).toContain('fontfile=/fonts/body\\\\:regular.ttf:expansion=none:text=tomscafe.example:fontsize=60:fontcolor=0xFFFFFF');
    expect(graph).toContain('drawbox=x=460:y=');
    expect(graph).toContain(':w=160:h=12:color=0xF4B400:t=fill');
    expect(args.slice(-7)).toEqual(['-map', expect.stringMatching(/^\[v\d+\]$/), '-frames:v', '1', '-update', '1', '/out/card.png']);
    expect(args).not.toContain('-i');
  });

  it('fits the logo into 520x360 in the upper third, opened as a local file only', () => {
    const args = endCardArgs(spec({ logoPath: '/media/logo.png' }), '/out/card.png');
    expect(args.join(' ')).toContain('-protocol_whitelist file,pipe -i /media/logo.png');
    expect(graphOf(args)).toContain('scale=520:360:force_original_aspect_ratio=decrease,format=rgba');
    expect(graphOf(args)).toContain('overlay=x=(W-w)/2:y=340-h/2');
  });

  it('leaves out the contact when there is none and refuses what it cannot draw', () => {
    expect(graphOf(endCardArgs(spec({ contact: ' ' }), '/o.png'))).not.toContain('/fonts/body');
    expect(() => endCardArgs(spec({ text: 'x'.repeat(61) }), '/o.png')).toThrow();
    expect(() => endCardArgs(spec({ contact: 'x'.repeat(81) }), '/o.png')).toThrow();
    expect(() => endCardArgs(spec({ background: 'navy' }), '/o.png')).toThrow();
    expect(() => endCardArgs(spec({ logoPath: 'https://x/logo.png' }), '/o.png')).toThrow(/URL/);
    expect(() => endCardArgs(spec(), 'relative.png')).toThrow();
  });
});

const ocr = (path: string) =>
  new Promise<string>((resolve, reject) => execFile('tesseract', [path, '-', '--psm', '6'], (e, out) => (e ? reject(e) : resolve(out))));
const rgb = async (path: string): Promise<RgbFrame> => ({ width: 1080, height: 1920, data: await ffmpeg(['-i', path, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']) });

describe('a rendered end card', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let fonts: { headingFontFile: string; bodyFontFile: string };
  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
    fonts = { headingFontFile: await fontFileOf('Inter', { bold: true }), bodyFontFile: await fontFileOf('Inter') };
  });
  afterAll(() => cleanup());

  it('is a 1080x1920 PNG on the brand colour whose call to action, logo and contact can be read', async () => {
    const logoPath = await makeImage(dir, 'logo.png', { width: 800, height: 400, colour: '#C62828' });
    const out = join(dir, "it's: a card.png");
    await renderEndCard(spec({ ...fonts, text: tricky, contact: 'www.toms-cafe.example', logoPath }), out);
    expect(await probe(out)).toMatchObject({ width: 1080, height: 1920 });
    const text = await ocr(out);
    for (const word of ['50%', 'off:', "Tom's", 'today!', 'toms-cafe.example']) expect(text).toContain(word);
    const card = await rgb(out);
    expect(pixel(card, 20, 20)).toEqual([0x1b, 0x3a, 0x5c]);
    expect(near(pixel(card, 1060, 1900), '#1B3A5C', 2)).toBe(true);
    // 800x400 fitted into 520x360 is 520x260, centred on y = 340.
    expect(countNear(card, '#C62828', { x: 280, y: 220, w: 520, h: 240 })).toBe(520 * 240);
    expect(countNear(card, '#C62828', { x: 0, y: 470, w: 1080, h: 1450 })).toBe(0);
    expect(countNear(card, '#F4B400', { x: 0, y: 0, w: 1080, h: 1920 }, 4)).toBe(160 * 12);
  });

  it('lays out without a logo, nothing drawn within 90 px of the sides', async () => {
    const out = join(dir, 'plain.png');
    await renderEndCard(spec({ ...fonts, text: 'Book your table today', contact: '' }), out);
    const text = await ocr(out);
    expect(text).toMatch(/Book\s+your\s+table\s+today/);
    const card = await rgb(out);
    const side = { y: 0, w: 90, h: 1920 };
    expect(countNear(card, '#1B3A5C', { ...side, x: 0 }, 2)).toBe(90 * 1920);
    expect(countNear(card, '#1B3A5C', { ...side, x: 990 }, 2)).toBe(90 * 1920);
    expect(countNear(card, '#FFFFFF', { x: 90, y: 300, w: 900, h: 900 })).toBeGreaterThan(5000);
  });

  it.each(['Lato', 'Inter'])('keeps 60 and 80 of the widest letters inside the margins in %s, the widest shipped families', async (family) => {
    const out = join(dir, `worst-${family}.png`);
    const widest = { headingFontFile: await fontFileOf(family, { bold: true }), bodyFontFile: await fontFileOf(family) };
    await renderEndCard(spec({ ...widest, text: 'W'.repeat(60), contact: 'M'.repeat(80) }), out);
    const card = await rgb(out);
    const side = { y: 0, w: 90, h: 1920 };
    expect(countNear(card, '#1B3A5C', { ...side, x: 0 }, 2)).toBe(90 * 1920);
    expect(countNear(card, '#1B3A5C', { ...side, x: 990 }, 2)).toBe(90 * 1920);
    expect(countNear(card, '#1B3A5C', { x: 0, y: 1560, w: 1080, h: 360 }, 2)).toBe(1080 * 360);
  });
});
