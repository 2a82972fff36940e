import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kineticBand } from '@reelsmith/media';
import { beforeAll, describe, expect, it } from 'vitest';
import { samplePackshot } from '../../image-generation/sample-product.ts';
import { prepareTemplateClip } from './template-clip.ts';
import type { UgcSceneChoices } from './template-words.ts';
import { raiseAngles } from './ugc-puppet.ts';

const dir = mkdtempSync(join(tmpdir(), 'ugc-puppet-'));
const person = { gender: 'Female', ethnicity: 'Indian', ageGroup: 'Adult', clothing: 'Traditional' } as const;
let photo: Buffer;
beforeAll(async () => {
  photo = await samplePackshot();
});

async function render(choices: UgcSceneChoices, seconds: number): Promise<{ video: string; assPath: string }> {
  const workDir = join(dir, choices.placement.split(' ')[0]!);
  mkdirSync(workDir, { recursive: true });
  const clip = await prepareTemplateClip({ photo, prompt: 'Show it', seconds, template: { name: 'ugc', words: { headline: 'Lumi Hydrating Serum' }, ugc: choices }, workDir });
  const video = join(workDir, 'clip.mp4');
  execFileSync('ffmpeg', clip.args(video), { stdio: 'ignore' });
  return { video, assPath: join(workDir, 'words.ass') };
}

function frame(video: string, seconds: number): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 16 * 1024 * 1024 });
}

/** The middle of the sample serum bottle's teal glass in a frame: where the product is. */
function productCentre(rgb: Buffer): { x: number; y: number; pixels: number } {
  let [sx, sy, n] = [0, 0, 0];
  for (let i = 0; i < rgb.length; i += 3) {
    const [r, g, b] = [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!];
    if (g > r + 30 && b > r + 25 && g < 150) {
      const p = i / 3;
      sx += p % 1080;
      sy += Math.floor(p / 1080);
      n += 1;
    }
  }
  return { x: sx / Math.max(n, 1), y: sy / Math.max(n, 1), pixels: n };
}

const white = "format=gray,lut=y='if(gt(val\\,250)\\,0\\,255)'";
/** Letters in a strong colour (the call to action's accent) black, all else white. */
const coloured = (() => {
  const at = (c: string) => `${c}(X\\,Y)`;
  const chroma = `max(max(${at('r')}\\,${at('g')})\\,${at('b')})-min(min(${at('r')}\\,${at('g')})\\,${at('b')})`;
  const ink = `'if(gt(${chroma}\\,110)\\,0\\,255)'`;
  return `format=gbrp,geq=r=${ink}:g=${ink}:b=${ink},format=gray`;
})();

/** The words of the band at the top read back by tesseract, the letters of one look made black on white first. */
function readBand(video: string, seconds: number, letters = white): string {
  const png = join(dir, `ocr-${seconds}.png`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', `crop=1080:${kineticBand.bottom - 150}:0:150,${letters}`, png]);
  // Sparse text: the words stand apart over a picture that leaves specks behind.
  return execFileSync('tesseract', [png, '-', '--psm', '11'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().toLowerCase();
}

/** The rows the template's words (its ASS alone, burnt over black) light at `seconds`. */
function wordRows(assPath: string, seconds: number): number[] {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `color=black:s=1080x1920:r=30:d=${seconds + 0.1}`, '-vf', `ass=${assPath},format=gray`, '-ss', String(seconds), '-frames:v', '1', '-f', 'rawvideo', '-'], { maxBuffer: 4 * 1024 * 1024 });
  const rows: number[] = [];
  for (let y = 0; y < 1920; y++) if (raw.subarray(y * 1080, (y + 1) * 1080).some((v) => v > 40)) rows.push(y);
  return rows;
}

describe('the ugc motion template', () => {
  let held: { video: string; assPath: string };
  beforeAll(async () => {
    held = await render({ background: 'Cafe', placement: 'Held by person', person }, 7);
  }, 120_000);

  it('makes 7 s of 1080x1920 H.264', () => {
    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_streams', '-show_format', '-of', 'json', held.video]).toString());
    expect(probe.streams[0]).toMatchObject({ width: 1080, height: 1920, codec_name: 'h264', nb_read_frames: '210' });
    expect(Number(probe.format.duration)).toBeCloseTo(7, 1);
  });

  it('raises the product in the hand over the first second and a half, then holds it up', () => {
    const [early, raised, later] = [0.2, 2, 5].map((t) => productCentre(frame(held.video, t)));
    expect(early!.pixels).toBeGreaterThan(20_000);
    // Up and to the right, toward the presenter's face and the camera.
    expect(early!.y - raised!.y).toBeGreaterThan(60);
    expect(raised!.x - early!.x).toBeGreaterThan(40);
    // Held: only the breathing and the camera's push-in move it after.
    expect(Math.abs(later!.y - raised!.y)).toBeLessThan(40);
  });

  it('turns the forearm smoothly: no step between frames larger than a few degrees', () => {
    const angles = raiseAngles();
    expect(angles[0]).toBeLessThan(-20);
    expect(angles.at(-1)).toBe(0);
    for (let i = 1; i < angles.length; i++) expect(Math.abs(angles[i]! - angles[i - 1]!)).toBeLessThan(3);
  });

  it('sets the product’s name in the band at the top, readable', () => {
    const words = readBand(held.video, 3);
    expect(words).toContain('lumi');
    expect(words).toMatch(/hydrating|serum/);
    // Specks of the brick wall in the accent's colours may blur 'now'; the call to action's first word must read.
    expect(readBand(held.video, 3.5, coloured)).toContain('shop');
  });

  it('keeps its words clear of every subtitle position', () => {
    for (const t of [0.5, 1.5, 3, 6.5]) {
      const rows = wordRows(held.assPath, t);
      expect(rows.length).toBeGreaterThan(0);
      expect(Math.max(...rows)).toBeLessThanOrEqual(kineticBand.bottom);
      expect(Math.min(...rows)).toBeGreaterThanOrEqual(kineticBand.top - 10);
    }
  });

  it('sets a product on the counter down in the first second', async () => {
    const counter = await render({ background: 'Kitchen', placement: 'Placed on the counter', person: { ...person, gender: 'Male' } }, 3);
    const [early, landed] = [0.25, 2].map((t) => productCentre(frame(counter.video, t)));
    expect(landed!.y - early!.y).toBeGreaterThan(60);
  }, 120_000);
});
