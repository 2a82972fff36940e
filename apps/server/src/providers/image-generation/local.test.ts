import { ugcBackgrounds, type UgcBackground, type UgcPlacement } from '@reelsmith/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { composeStill } from './compose.ts';
import { productLayer } from './cutout.ts';

/** A product photo as an upload would be: the shape drawn on a backdrop colour, as a JPEG. */
async function photo(width: number, height: number, backdrop: string, shape: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${backdrop}"/>${shape}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A red bottle (body, shoulder, cap) on white, 200x500 from cap to base. */
const redBottle = () =>
  photo(600, 900, '#ffffff', '<rect x="200" y="330" width="200" height="370" rx="40" fill="#d01e28"/><rect x="250" y="250" width="100" height="100" rx="20" fill="#d01e28"/><rect x="265" y="200" width="70" height="60" rx="8" fill="#8a1018"/>');

/** Random colour noise: nothing in it is a backdrop. */
async function busyPhoto(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg().toBuffer();
}

async function rgb(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, at: (x: number, y: number) => [data[(y * info.width + x) * 3]!, data[(y * info.width + x) * 3 + 1]!, data[(y * info.width + x) * 3 + 2]!] as const };
}

/** The box around the strongly red pixels (the test products' colour, which no scene uses). */
async function redBox(jpeg: Buffer) {
  const image = await rgb(jpeg);
  const box = { left: image.width, top: image.height, right: -1, bottom: -1 };
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const [r, g, b] = image.at(x, y);
      if (r > 150 && g < 70 && b < 80) Object.assign(box, { left: Math.min(box.left, x), right: Math.max(box.right, x), top: Math.min(box.top, y), bottom: Math.max(box.bottom, y) });
    }
  }
  return { ...box, width: box.right - box.left + 1, height: box.bottom - box.top + 1, image };
}

/** Mean absolute difference (0–255) of two stills scaled down to 54x96, where only the composition shows. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const small = (jpeg: Buffer) => sharp(jpeg).resize(54, 96).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([small(a), small(b)]);
  return x.reduce((sum, value, i) => sum + Math.abs(value - y[i]!), 0) / x.length;
}

const counter: UgcPlacement = 'Placed on the counter';

describe('the offline compositor', () => {
  let bottle: Buffer;
  const stills = new Map<UgcBackground, Buffer>();

  beforeAll(async () => {
    bottle = await redBottle();
    for (const background of ugcBackgrounds) stills.set(background, await composeStill(bottle, { background, placement: counter }));
  }, 60_000);

  it('makes a 1080x1920 JPEG', async () => {
    expect(await sharp(stills.get('Park')!).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1920 });
  });

  it('cuts a product on white out of its photo: none of the white shows around it', async () => {
    const { image, left, top, right, bottom, width } = await redBox(stills.get('Park')!);
    expect(width).toBeGreaterThan(150);
    let ring = 0;
    let white = 0;
    for (let y = top - 40; y <= bottom + 40; y++) {
      for (let x = left - 40; x <= right + 40; x++) {
        if (x >= left - 4 && x <= right + 4 && y >= top - 4 && y <= bottom + 4) continue;
        ring += 1;
        if (image.at(x, y).every((c) => c > 235)) white += 1;
      }
    }
    expect(white / ring).toBeLessThan(0.005);
    // Where the photo's white border would have been (beside the bottle's middle), the scene shows.
    const [r, g, b] = image.at(left - 25, Math.round((top + bottom) / 2));
    expect(Math.min(r, g, b)).toBeLessThan(200);
  });

  it('keeps the aspect ratio of the product, tall or wide', async () => {
    const tall = await redBox(stills.get('Kitchen')!);
    expect(tall.width / tall.height).toBeCloseTo(200 / 500, 1);
    const wide = await redBox(await composeStill(await photo(900, 600, '#f4f4f2', '<rect x="150" y="200" width="600" height="200" rx="30" fill="#d01e28"/>'), { background: 'Home Office', placement: counter }));
    expect(wide.width / wide.height).toBeCloseTo(600 / 200, 1);
  });

  it('cuts out a product on a plain coloured backdrop, or one already transparent', async () => {
    expect((await productLayer(await photo(600, 800, '#cfe3f0', '<circle cx="300" cy="400" r="160" fill="#d01e28"/>'), { width: 400, height: 400 })).kind).toBe('cutout');
    const transparent = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="600"><rect x="100" y="100" width="100" height="400" fill="#2266aa"/></svg>')).png().toBuffer();
    const layer = await productLayer(transparent, { width: 300, height: 600 });
    expect(layer).toMatchObject({ kind: 'cutout', height: 600 });
    expect(layer.width / layer.height).toBeCloseTo(100 / 400, 1);
  });

  it('frames a busy photo as a card with rounded corners, whole and unstretched', async () => {
    const busy = await busyPhoto(600, 400);
    const layer = await productLayer(busy, { width: 660, height: 860 });
    expect(layer).toMatchObject({ kind: 'card', width: 660 });
    // The photo's 3:2, give or take the thin border round it.
    expect(layer.width / layer.height).toBeCloseTo(1.5, 1);
    const alpha = await sharp(layer.png).extractChannel('alpha').raw().toBuffer();
    expect(alpha[0]).toBe(0);
    expect(alpha[Math.floor(layer.height / 2) * 660 + 330]).toBe(255);
    const still = await composeStill(busy, { background: 'Livingroom', placement: counter });
    const middle = await sharp(still).extract({ left: 440, top: 1160, width: 200, height: 200 }).stats();
    expect(middle.channels[0]!.stdev).toBeGreaterThan(40);
  });

  it('draws the eight backgrounds clearly apart, for the same product and placement', async () => {
    const pairs: string[] = [];
    for (const [i, a] of ugcBackgrounds.entries()) {
      for (const b of ugcBackgrounds.slice(i + 1)) {
        const apart = await difference(stills.get(a)!, stills.get(b)!);
        if (apart < 16) pairs.push(`${a}/${b}: ${apart.toFixed(1)}`);
      }
    }
    expect(pairs).toEqual([]);
  });

  it("holds the product up in a hand for 'Held by person', unlike standing on the counter", async () => {
    const held = await composeStill(bottle, { background: 'Kitchen', placement: 'Held by person' });
    expect(await sharp(held).metadata()).toMatchObject({ width: 1080, height: 1920 });
    expect(await difference(held, stills.get('Kitchen')!)).toBeGreaterThan(14);
    // Larger in the hand than on the counter (the tilt widens its box a little too).
    expect((await redBox(held)).height).toBeGreaterThan((await redBox(stills.get('Kitchen')!)).height);
  });

  it("says it is an illustration with one small tag in the top-left corner, and only there, whatever the scene", async () => {
    const tag = { left: 44, top: 52, width: 176, height: 44 };
    for (const background of ugcBackgrounds) {
      const corner = await rgb(await sharp(stills.get(background)!).extract(tag).jpeg().toBuffer());
      const pixels = Array.from({ length: corner.data.length / 3 }, (_, i) => [corner.data[i * 3]!, corner.data[i * 3 + 1]!, corner.data[i * 3 + 2]!]);
      const words = pixels.filter((p) => p.every((c) => c > 215)).length;
      const pill = pixels.filter((p) => p.every((c) => c < 150)).length;
      expect({ background, words: words > 150, pill: pill > pixels.length / 3 }).toEqual({ background, words: true, pill: true });
    }
    // The other top corner, where a second label once sat, keeps the scene.
    const { data } = await rgb(await sharp(stills.get('Kitchen')!).extract({ left: 860, top: 52, width: 176, height: 44 }).jpeg().toBuffer());
    expect(Array.from({ length: data.length / 3 }, (_, i) => data[i * 3]! > 215 && data[i * 3 + 1]! > 215 && data[i * 3 + 2]! > 215).filter(Boolean).length).toBeLessThan(150);
  });
});
