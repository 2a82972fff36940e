import { ugcClothing, ugcDefaults, ugcEthnicities, type UgcPerson, type UgcPlacement } from '@reelsmith/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { composeStill, type StillChoices } from './compose.ts';
import { skinTones } from './presenter-parts.ts';
import { besideStance } from './presenter.ts';

/** A red bottle on white, as an upload would be: red is a colour neither the scenes nor the presenter use. */
const redBottle = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="600" height="900" fill="#ffffff"/><rect x="200" y="330" width="200" height="370" rx="40" fill="#d01e28"/><rect x="250" y="250" width="100" height="100" rx="20" fill="#d01e28"/></svg>',
    ),
  )
    .jpeg({ quality: 90 })
    .toBuffer();

const person: UgcPerson = { gender: ugcDefaults.gender, ethnicity: ugcDefaults.ethnicity, ageGroup: ugcDefaults.ageGroup, clothing: ugcDefaults.clothing };
const counter: UgcPlacement = 'Placed on the counter';

async function pixels(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [0, 1, 2].map((c) => data[(y * info.width + x) * 3 + c]!);
  /** The mean colour of a small square, so the JPEG's noise does not decide a test. */
  const mean = (x: number, y: number, half = 4) => {
    const sum = [0, 0, 0];
    for (let dy = -half; dy <= half; dy++) for (let dx = -half; dx <= half; dx++) at(Math.round(x) + dx, Math.round(y) + dy).forEach((v, c) => (sum[c]! += v));
    return sum.map((v) => v / (2 * half + 1) ** 2);
  };
  const isRed = (x: number, y: number) => {
    const [r, g, b] = at(Math.min(x, info.width - 1), Math.min(y, info.height - 1));
    return r! > 150 && g! < 70 && b! < 80;
  };
  const red = () => {
    let count = 0;
    const box = { left: info.width, right: -1, top: info.height, bottom: -1 };
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        // A red square, not a lone pixel where the JPEG blends two colours of the clothes at their edge.
        if (isRed(x, y) && isRed(x + 3, y) && isRed(x, y + 3) && isRed(x + 3, y + 3)) {
          count += 1;
          Object.assign(box, { left: Math.min(box.left, x), right: Math.max(box.right, x), top: Math.min(box.top, y), bottom: Math.max(box.bottom, y) });
        }
      }
    }
    return { count, box };
  };
  return { width: info.width, height: info.height, at, mean, red };
}

const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));
const rgbOf = (hex: string) => [0, 1, 2].map((i) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16));
/** A point of the presenter beside the counter, in the figure's own units (the middle of the face is 0,0). */
const onFigure = (x: number, y: number) => [besideStance.x + x * besideStance.scale, besideStance.y + y * besideStance.scale] as const;
/** The left cheek, clear of eye, glasses, blush and hair. */
const cheek = onFigure(-64, 30);
/** The left upper arm of a woman's figure (half her shoulders are 178 units), above the counter. */
const sleeve = onFigure(-178 + 50, 398);

describe('the illustrated presenter', () => {
  let bottle: Buffer;
  const stills = new Map<string, Buffer>();
  const still = async (choices: StillChoices) => {
    const key = JSON.stringify(choices);
    if (!stills.has(key)) stills.set(key, await composeStill(bottle, choices));
    return stills.get(key)!;
  };

  beforeAll(async () => {
    bottle = await redBottle();
  });

  it('draws each ethnicity with its own skin tone at the face, a range from light to deep', async () => {
    const tones: number[][] = [];
    for (const ethnicity of ugcEthnicities) {
      const face = (await pixels(await still({ background: 'Kitchen', placement: counter, ...person, ethnicity }))).mean(...cheek);
      expect(distance(face, rgbOf(skinTones[ethnicity].base))).toBeLessThan(14);
      tones.push(face);
    }
    for (const [i, a] of tones.entries()) for (const b of tones.slice(i + 1)) expect(distance(a, b)).toBeGreaterThan(20);
  }, 60_000);

  it('dresses the presenter in the chosen clothing: the sleeve differs for every choice', async () => {
    const colours: number[][] = [];
    for (const clothing of ugcClothing) colours.push((await pixels(await still({ background: 'Kitchen', placement: counter, ...person, clothing }))).mean(...sleeve, 6));
    for (const [i, a] of colours.entries()) for (const b of colours.slice(i + 1)) expect(distance(a, b)).toBeGreaterThan(30);
  }, 60_000);

  it('changes the picture with gender and age group too, around the head', async () => {
    const head = async (choices: Partial<UgcPerson>) => sharp(await still({ background: 'Park', placement: counter, ...person, ...choices })).extract({ left: 620, top: 440, width: 400, height: 420 }).raw().toBuffer();
    const apart = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    const adult = await head({});
    for (const choices of [{ gender: 'Male' }, { gender: 'Other' }, { ageGroup: 'Elderly' }, { ageGroup: 'Teen' }] as const) {
      expect({ ...choices, apart: apart(adult, await head(choices)) > 4 }).toEqual({ ...choices, apart: true });
    }
  }, 60_000);

  it('leaves the product whole and in front, whoever presents it, on the counter or in hand', async () => {
    for (const placement of [counter, 'Held by person'] as const) {
      const seen = [];
      for (const who of [person, { gender: 'Male', ethnicity: 'African', ageGroup: 'Elderly', clothing: 'Formal Clothing' }, { gender: 'Female', ethnicity: 'Indian', ageGroup: 'Teen', clothing: 'Traditional' }] as const) {
        const image = await pixels(await still({ background: 'Cafe', placement, ...who }));
        expect([image.width, image.height]).toEqual([1080, 1920]);
        seen.push(image.red());
      }
      const [first, ...others] = seen;
      expect(first!.count).toBeGreaterThan(100_000);
      for (const other of others) {
        expect(Math.abs(other.count - first!.count) / first!.count).toBeLessThan(0.01);
        expect(other.box).toEqual(first!.box);
      }
      // Left of the presenter's face, which is where the figure is widest above the counter.
      expect(first!.box.right).toBeLessThan(besideStance.x - 100);
    }
  }, 90_000);
});
