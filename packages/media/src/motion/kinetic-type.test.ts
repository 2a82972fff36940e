import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { subtitleLayout } from '../subtitles/styles.ts';
import { defaultKineticLook, headingFaceEms, headlineSize, kineticAss, kineticBand, type KineticBlock } from './kinetic-type.ts';

const dir = mkdtempSync(join(tmpdir(), 'kinetic-'));

/** The words burnt over black at `seconds`, one grey byte a pixel. */
function burnt(blocks: KineticBlock[], seconds: number, look = defaultKineticLook): Buffer {
  const ass = join(dir, `words-${Math.random().toString(36).slice(2)}.ass`);
  writeFileSync(ass, kineticAss(blocks, [], look));
  return execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `color=black:s=1080x1920:r=30:d=${seconds + 0.1}`, '-vf', `ass=${ass},format=gray`, '-ss', String(seconds), '-frames:v', '1', '-f', 'rawvideo', '-'], { maxBuffer: 1080 * 1920 * 2 });
}

/** The rows (0..1919) where the words drew anything at `seconds`, burnt over black. */
function litRows(blocks: KineticBlock[], seconds: number, look = defaultKineticLook): number[] {
  const raw = burnt(blocks, seconds, look);
  const rows: number[] = [];
  for (let y = 0; y < 1920; y++) {
    for (let x = 0; x < 1080; x++) {
      if (raw[y * 1080 + x]! > 40) {
        rows.push(y);
        break;
      }
    }
  }
  return rows;
}

describe('kinetic type', () => {
  it('sets short headlines large and long ones smaller, never below a readable size', () => {
    expect(headlineSize('20% off')).toBeGreaterThan(headlineSize('Hydration that lasts all day long, for every kind of skin, in every season'));
    expect(headlineSize('x '.repeat(100))).toBeGreaterThanOrEqual(64);
  });

  it('reveals the words one after another: fewer are drawn early than once settled', () => {
    const blocks: KineticBlock[] = [{ kind: 'headline', text: 'One two three four five six seven eight', start: 0, end: 3 }];
    expect(litRows(blocks, 0.15).length).toBeLessThan(litRows(blocks, 2).length);
  });

  it('keeps every word inside its band, above the middle and bottom subtitles, whatever their length', () => {
    const middleTop = 1920 / 2 - subtitleLayout('middle', 'large').fontSize * 1.5;
    const longest = 'Our bestselling hydrating serum with vitamin C, hyaluronic acid and niacinamide for glowing skin all day long, now in a bigger bottle for the same price as always';
    const blocks: KineticBlock[] = [
      { kind: 'kicker', text: 'Lumi Skincare of Bandra West', start: 0, end: 3 },
      { kind: 'headline', text: longest, start: 0, end: 3 },
      { kind: 'cta', text: 'Use code GLOW20 today', start: 0, end: 3 },
      { kind: 'label', text: 'vitamin C core', start: 0, end: 3, at: { x: 110, y: kineticBand.top + 230, align: 'left' } },
    ];
    const rows = litRows(blocks, 2.5);
    expect(rows.length).toBeGreaterThan(100);
    expect(Math.min(...rows)).toBeGreaterThanOrEqual(kineticBand.top - 20);
    expect(Math.max(...rows)).toBeLessThan(Math.min(kineticBand.bottom + 20, middleTop));
  });

  it('fits a headline in every heading face a brand may have to the band, a wide face set smaller', () => {
    const text = 'Fresh sourdough and pastries baked every single morning in our neighbourhood kitchen';
    expect(headlineSize(text, undefined, 'Inter Black')).toBeLessThan(headlineSize(text, undefined, 'League Spartan Black'));
    for (const face of Object.keys(headingFaceEms)) {
      const blocks: KineticBlock[] = [
        { kind: 'kicker', text: 'Crumb & Co', start: 0, end: 3 },
        { kind: 'headline', text, start: 0, end: 3 },
        { kind: 'cta', text: 'Order today', start: 0, end: 3 },
      ];
      const rows = litRows(blocks, 2.5, { ...defaultKineticLook, headingFont: face });
      expect(Math.max(...rows), face).toBeLessThan(kineticBand.bottom + 20);
    }
  });
});
