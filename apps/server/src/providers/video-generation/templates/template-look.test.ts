import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultKineticLook, type KineticLook } from '@reelsmith/media';
import { beforeAll, describe, expect, it } from 'vitest';
import { samplePackshot } from '../../image-generation/sample-product.ts';
import { prepareTemplateClip } from './template-clip.ts';
import type { TemplateRequest } from './template-words.ts';

const dir = mkdtempSync(join(tmpdir(), 'template-look-'));
let photo: Buffer;
beforeAll(async () => {
  photo = await samplePackshot();
});

const magenta: KineticLook = { text: '#ffffff', accent: '#d6006f', onAccent: '#ffffff', shadow: '#101010', headingFont: 'Bebas Neue Bold', bodyFont: 'Roboto Black' };
const lime: KineticLook = { text: '#fff2c2', accent: '#8fd400', onAccent: '#101010', shadow: '#101010', headingFont: 'Open Sans Extrabold', bodyFont: 'Lato Black' };

/** The template rendered through the offline generator's own preparation, one frame of its top band as raw RGB. */
async function band(template: TemplateRequest, folder: string, seconds = 3, at = 2.4): Promise<Buffer> {
  const workDir = join(dir, folder);
  mkdirSync(workDir, { recursive: true });
  const clip = await prepareTemplateClip({ photo, prompt: 'closing offer', seconds, template, workDir });
  const output = join(workDir, 'clip.mp4');
  execFileSync('ffmpeg', clip.args(output), { stdio: 'ignore' });
  return execFileSync('ffmpeg', ['-v', 'error', '-ss', String(at), '-i', output, '-frames:v', '1', '-vf', 'crop=1080:760:0:140', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 8 * 1024 * 1024 });
}

/** How many pixels are near the colour (the video's compression moves colours a little). */
function near(rgb: Buffer, hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  let count = 0;
  for (let i = 0; i < rgb.length; i += 3) if (Math.hypot(rgb[i]! - r, rgb[i + 1]! - g, rgb[i + 2]! - b) < 40) count += 1;
  return count;
}

describe('a brand look on the motion templates', () => {
  it('draws the kicker box and the call to action in the brand accent, not the picture palette', async () => {
    const words = { headline: '20% off this week', business: 'Crumb & Co' };
    const [asMagenta, asLime, plain] = await Promise.all([
      band({ name: 'outro', words, look: magenta }, 'magenta'),
      band({ name: 'outro', words, look: lime }, 'lime'),
      band({ name: 'outro', words }, 'plain'),
    ]);
    // The kicker's box alone is some 300 x 70 px.
    expect(near(asMagenta, magenta.accent)).toBeGreaterThan(8000);
    expect(near(asLime, lime.accent)).toBeGreaterThan(8000);
    expect(near(asLime, magenta.accent)).toBeLessThan(300);
    expect(near(asMagenta, lime.accent)).toBeLessThan(300);
    expect(near(plain, magenta.accent) + near(plain, lime.accent)).toBeLessThan(600);
    // The headline in the brand's text colour.
    expect(near(asLime, lime.text)).toBeGreaterThan(near(plain, lime.text) + 2000);
    expect(defaultKineticLook.accent).not.toBe(magenta.accent);
  }, 120_000);

  it('sets the UGC presenter’s words in the brand look too: the kicker box in its accent', async () => {
    const rgb = await band({ name: 'ugc', words: { headline: 'Glow serum', business: 'Crumb & Co' }, look: magenta }, 'ugc', 2, 1.6);
    expect(near(rgb, magenta.accent)).toBeGreaterThan(8000);
  }, 120_000);
});
