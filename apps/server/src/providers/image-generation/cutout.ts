import sharp from 'sharp';

/**
 * The product as a layer to place in a scene. A photo on a plain or near-plain backdrop (a packshot) is cut out:
 * the backdrop colour is estimated from the photo's border, and the pixels that reach the border through colours
 * close to it become transparent, with a soft edge. Any other photo becomes a card (a print with a thin border and
 * rounded corners), since cutting a product out of a busy photo by colour would cut holes in it.
 */
export interface ProductLayer {
  kind: 'cutout' | 'card';
  /** RGBA PNG at the size asked for, aspect ratio kept. */
  png: Buffer;
  width: number;
  height: number;
}

/** Working size: enough for a clean edge, small enough to flood-fill in a few milliseconds. */
const workingSize = 1000;
/** Colour distances (RGB, 0–441) from the backdrop colour. */
const near = 12; // at most this far is backdrop, even on the product's edge
const far = 56; // at least this far is product; between `near` and here, the edge is partly transparent
/** A backdrop is plain when this share of the border is within `far` of its median colour. */
const plainShare = 0.9;

interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

type Colour = readonly [number, number, number];

function borderIndexes(width: number, height: number): number[] {
  const ring = Math.max(2, Math.round(Math.min(width, height) * 0.02));
  const indexes: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x < ring || y < ring || x >= width - ring || y >= height - ring) indexes.push(y * width + x);
    }
  }
  return indexes;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function distance(data: Buffer, i: number, [r, g, b]: Colour): number {
  return Math.hypot(data[i * 4]! - r, data[i * 4 + 1]! - g, data[i * 4 + 2]! - b);
}

/**
 * The backdrop colour when the border is (near) one colour, else null: the photo is busy. With it, how far from
 * that colour the fill may spread: as far as the border itself strays (JPEG noise, a vignette), and no further, so
 * a light part of the product next to the backdrop is not taken for it.
 */
function plainBackdrop({ data, width, height }: Raster): { colour: Colour; reach: number } | null {
  const border = borderIndexes(width, height);
  const channel = (c: number) => median(border.map((i) => data[i * 4 + c]!));
  const colour: Colour = [channel(0), channel(1), channel(2)];
  const distances = border.map((i) => distance(data, i, colour)).sort((a, b) => a - b);
  if (distances.filter((d) => d < far).length / border.length < plainShare) return null;
  return { colour, reach: Math.min(40, Math.max(14, distances[Math.floor(distances.length * 0.95)]! + 10)) };
}

/** A soft shadow on the backdrop: the same colour, only darker (not a grey part of the product, told apart by place). */
function isShadow(data: Buffer, i: number, backdrop: Colour): boolean {
  const k = (data[i * 4]! + data[i * 4 + 1]! + data[i * 4 + 2]!) / (backdrop[0] + backdrop[1] + backdrop[2] || 1);
  if (k < 0.55 || k >= 1) return false;
  return [0, 1, 2].every((c) => Math.abs(data[i * 4 + c]! / k - backdrop[c]!) < 14);
}

/** Marks (1) every pixel reachable from the seeds through pixels `may` accepts, 4-connected. */
function flood(mask: Uint8Array, seeds: Iterable<number>, width: number, may: (i: number) => boolean): void {
  const queue: number[] = [];
  for (const seed of seeds) queue.push(seed);
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head]!;
    const x = i % width;
    for (const n of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
      if (n < 0 || n >= mask.length || mask[n] || !may(n)) continue;
      mask[n] = 1;
      queue.push(n);
    }
  }
}

/** One row or column of `grow`: marks each pixel with a marked one within `radius`, by running sums. */
function growLine(source: Uint8Array, target: Uint8Array, start: number, step: number, length: number, radius: number): void {
  const sums = new Int32Array(length + 1);
  for (let k = 0; k < length; k++) sums[k + 1] = sums[k]! + source[start + k * step]!;
  for (let k = 0; k < length; k++) target[start + k * step] = sums[Math.min(length, k + radius + 1)]! > sums[Math.max(0, k - radius)]! ? 1 : 0;
}

/** Dilation by a square of side 2·radius+1. */
function grow(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const across = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) growLine(mask, across, y * width, 1, width, radius);
  const grown = new Uint8Array(mask.length);
  for (let x = 0; x < width; x++) growLine(across, grown, x, width, height, radius);
  return grown;
}

const invert = (mask: Uint8Array) => mask.map((m) => 1 - m);

/**
 * Alpha for the product: 0 for the backdrop the fill reaches from the border, a ramp across the product's edge,
 * 255 inside. Light parts of the product itself (a white label) are kept because the fill cannot get through the
 * outline to them; a highlight that touches the outline lets it in only through a narrow gap, which an opening
 * (erode, then dilate the backdrop) closes again. A packshot's floor shadow under the product goes too: the
 * compositor draws its own. Edge pixels get the backdrop's tint taken out, so no light fringe shows on a dark scene.
 */
function cutAlpha(raster: Raster, { colour: backdrop, reach }: { colour: Colour; reach: number }): Buffer {
  const { data, width, height } = raster;
  const d = Float32Array.from({ length: width * height }, (_, i) => distance(data, i, backdrop));
  let behind: Uint8Array = new Uint8Array(width * height);
  const seeds = borderIndexes(width, height).filter((i) => d[i]! < reach);
  for (const i of seeds) behind[i] = 1;
  flood(behind, seeds, width, (i) => d[i]! < reach);
  const gap = Math.max(2, Math.round(Math.min(width, height) * 0.02));
  behind = grow(invert(grow(invert(behind), width, height, gap)), width, height, gap);

  const rows = Array.from({ length: height }, (_, y) => behind.subarray(y * width, (y + 1) * width).includes(0));
  const top = rows.indexOf(true);
  const floorFrom = top + (rows.lastIndexOf(true) - top) * 0.7;
  const floor = (i: number) => i / width >= floorFrom;
  flood(behind, Array.from(behind.keys()).filter((i) => behind[i] && floor(i)), width, (i) => floor(i) && (d[i]! < reach || isShadow(data, i, backdrop)));

  const product = invert(behind);
  const nearProduct = grow(product, width, height, 2);
  const nearBackdrop = grow(behind, width, height, 2);
  const alpha = Buffer.alloc(width * height);
  for (let i = 0; i < width * height; i++) {
    // Off the edge, and on a floor shadow reaching the product's foot, no blending: the pixel is one or the other.
    if (!(nearProduct[i] && nearBackdrop[i]) || (behind[i] && isShadow(data, i, backdrop))) {
      alpha[i] = product[i]! * 255;
      continue;
    }
    const a = Math.min(1, Math.max(0, (d[i]! - near) / (far - near)));
    alpha[i] = Math.round(a * 255);
    if (a > 0.1 && a < 1) for (let c = 0; c < 3; c++) data[i * 4 + c] = Math.min(255, Math.max(0, Math.round((data[i * 4 + c]! - (1 - a) * backdrop[c]!) / a)));
  }
  return choke(alpha, width, height);
}

/** Pulls the edge in by a pixel: the outermost ring still carries some backdrop or floor shadow in its colour. */
function choke(alpha: Buffer, width: number, height: number): Buffer {
  return Buffer.from(
    alpha.map((a, i) => {
      const x = i % width;
      const y = Math.floor(i / width);
      return Math.min(a, x > 0 ? alpha[i - 1]! : a, x < width - 1 ? alpha[i + 1]! : a, y > 0 ? alpha[i - width]! : a, y < height - 1 ? alpha[i + width]! : a);
    }),
  );
}

/** The rows and columns holding the product, ignoring specks (a few stray pixels) left in the backdrop. */
function productBounds(alpha: Buffer, width: number, height: number) {
  const rows = new Array<number>(height).fill(0);
  const cols = new Array<number>(width).fill(0);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (alpha[y * width + x]! > 128) {
        rows[y]! += 1;
        cols[x]! += 1;
      }
    }
  }
  const minimum = 3;
  const first = (counts: number[]) => counts.findIndex((c) => c >= minimum);
  const last = (counts: number[]) => counts.length - 1 - [...counts].reverse().findIndex((c) => c >= minimum);
  const covered = rows.reduce((sum, c) => sum + c, 0) / (width * height);
  return { left: first(cols), top: first(rows), right: last(cols), bottom: last(rows), covered };
}

/** The photo's own alpha when it already is a cut-out (a PNG whose border is transparent). */
function ownAlpha({ data, width, height }: Raster): Buffer | null {
  const border = borderIndexes(width, height);
  if (border.filter((i) => data[i * 4 + 3]! < 16).length / border.length < plainShare) return null;
  return Buffer.from(Array.from({ length: width * height }, (_, i) => data[i * 4 + 3]!));
}

async function cutout(raster: Raster, alpha: Buffer, fit: { width: number; height: number }, minCover: number): Promise<ProductLayer | null> {
  const { width, height } = raster;
  const bounds = productBounds(alpha, width, height);
  // Nothing found, or the fill reached almost nothing: the photo is not a product on a backdrop after all.
  if (bounds.left < 0 || bounds.covered < minCover || bounds.covered > 0.97) return null;
  const feathered = await sharp(alpha, { raw: { width, height, channels: 1 } }).blur(0.8).toColourspace('b-w').raw().toBuffer();
  for (let i = 0; i < width * height; i++) raster.data[i * 4 + 3] = feathered[i]!;
  const pad = 2;
  const left = Math.max(0, bounds.left - pad);
  const top = Math.max(0, bounds.top - pad);
  const region = { left, top, width: Math.min(width, bounds.right + pad + 1) - left, height: Math.min(height, bounds.bottom + pad + 1) - top };
  const png = await sharp(raster.data, { raw: { width, height, channels: 4 } }).extract(region).resize(fit.width, fit.height, { fit: 'inside' }).png().toBuffer({ resolveWithObject: true });
  return { kind: 'cutout', png: png.data, width: png.info.width, height: png.info.height };
}

/** A photo whose backdrop is not one colour, framed as a print: a thin white border, rounded corners, the whole picture kept. */
async function card(photo: Buffer, fit: { width: number; height: number }): Promise<ProductLayer> {
  const border = Math.round(Math.min(fit.width, fit.height) * 0.02);
  const framed = await sharp(photo)
    .rotate()
    .resize(fit.width - 2 * border, fit.height - 2 * border, { fit: 'inside' })
    .extend({ top: border, bottom: border, left: border, right: border, background: '#fbfaf7' })
    .ensureAlpha()
    .png()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = framed.info;
  const mask = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${Math.round(Math.min(width, height) * 0.04)}"/></svg>`;
  const png = await sharp(framed.data).composite([{ input: Buffer.from(mask), blend: 'dest-in' }]).png().toBuffer();
  return { kind: 'card', png, width, height };
}

function backdropAlpha(raster: Raster): Buffer | null {
  const backdrop = plainBackdrop(raster);
  return backdrop && cutAlpha(raster, backdrop);
}

/**
 * The product photo as a layer that fits inside `fit`, cut out when its backdrop allows, else a card. A cut-out that
 * keeps less than `minCover` of the photo is taken for a detail of a plain picture rather than a product on it.
 */
export async function productLayer(photo: Buffer, fit: { width: number; height: number }, options: { minCover?: number } = {}): Promise<ProductLayer> {
  const { data, info } = await sharp(photo).rotate().resize(workingSize, workingSize, { fit: 'inside', withoutEnlargement: true }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const raster = { data, width: info.width, height: info.height };
  const alpha = ownAlpha(raster) ?? backdropAlpha(raster);
  return (alpha && (await cutout(raster, alpha, fit, options.minCover ?? 0.01))) ?? card(photo, fit);
}

/** Where the layer is solid on each row ([left, right] in its pixels, null for an empty row): its outline, for a hand to grip. */
export async function rowSpans(layer: ProductLayer): Promise<([number, number] | null)[]> {
  const alpha = await sharp(layer.png).extractChannel('alpha').raw().toBuffer();
  return Array.from({ length: layer.height }, (_, y) => {
    const row = alpha.subarray(y * layer.width, (y + 1) * layer.width);
    const left = row.findIndex((a) => a > 128);
    return left < 0 ? null : [left, layer.width - 1 - [...row].reverse().findIndex((a) => a > 128)];
  });
}
