import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultKineticLook, kineticAss, motionFromPrompt, type MotionMove, type TemplateClipOptions } from '@reelsmith/media';
import sharp from 'sharp';
import { productLayer, rowSpans, type ProductLayer } from '../../image-generation/cutout.ts';
import { paletteFrom, topScrim } from './studio-drawings.ts';
import { pose, productFits, templateSet, type DrawnPlane, type Pose, type ProductBox } from './template-planes.ts';
import { templateText } from './template-text.ts';
import { hash, templateFromWords, type DrawnTemplateName, type TemplateRequest } from './template-words.ts';

export interface TemplateInput {
  photo: Buffer;
  /** The scene's direction: its words pick the template when the request names none, and the camera on a photo. */
  prompt: string;
  seconds: number;
  template?: Omit<TemplateRequest, 'name'> & { name?: DrawnTemplateName };
  /** Where the planes and the words are written for the render; the caller removes it. */
  workDir: string;
}

/** The camera over a photograph that is a scene itself, per move the prompt asks for; always zoomed past its edges. */
const photoCamera: Record<MotionMove, readonly [Pose, Pose]> = {
  'push-in': [pose(1.06), pose(1.18)],
  'pull-out': [pose(1.18), pose(1.06)],
  'pan-left': [pose(1.12, -0.035), pose(1.14, 0.035)],
  'pan-right': [pose(1.12, 0.035), pose(1.14, -0.035)],
  'tilt-up': [pose(1.12, 0, -0.035), pose(1.14, 0, 0.035)],
  'tilt-down': [pose(1.12, 0, 0.035), pose(1.14, 0, -0.035)],
  orbit: [pose(1.16, 0.03, 0.01), pose(1.08, -0.03, -0.01)],
};

/** The mean colour of the product's own pixels (not its backdrop's): the set is tinted from it. */
export async function productColour(layer: ProductLayer): Promise<[number, number, number]> {
  const { data, info } = await sharp(layer.png).resize(64, 64, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const sum: [number, number, number] = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < info.width * info.height; i++) {
    if (data[i * 4 + 3]! < 160) continue;
    const [r, g, b] = [data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!];
    // Colourful pixels count three times: a label's colour says more about the product than its white cap.
    const weight = Math.max(r, g, b) - Math.min(r, g, b) > 40 ? 3 : 1;
    sum[0] += r * weight;
    sum[1] += g * weight;
    sum[2] += b * weight;
    count += weight;
  }
  if (count === 0) return [128, 128, 128];
  return [sum[0] / count, sum[1] / count, sum[2] / count];
}

async function writePlane(plane: DrawnPlane, path: string, opaque: boolean): Promise<void> {
  let image = sharp(Buffer.from(plane.svg));
  if (plane.blur) image = image.blur(plane.blur);
  if (plane.faded) image = image.modulate({ saturation: 0.15, brightness: 0.62 });
  if (opaque) image = image.flatten({ background: '#000000' });
  await writeFile(path, await image.png({ compressionLevel: 1 }).toBuffer());
}

/** The photograph filling the frame, cropped round what draws the eye (sharp's attention strategy). */
async function photoPlane(photo: Buffer, path: string, options: { scrim: boolean; faded?: boolean }): Promise<void> {
  let image = sharp(photo).rotate().resize(1080, 1920, { fit: 'cover', position: sharp.strategy.attention });
  if (options.faded) image = image.modulate({ saturation: 0.15, brightness: 0.62 });
  const filled = await image.png().toBuffer();
  const layered = options.scrim ? sharp(filled).composite([{ input: Buffer.from(topScrim()) }]) : sharp(filled);
  await writeFile(path, await layered.flatten({ background: '#000000' }).png({ compressionLevel: 1 }).toBuffer());
}

/**
 * Below this share of the photo, what a cut-out kept is a detail of a plain picture (a sticker in a corner), not a
 * product on a backdrop: the picture fills the frame instead. Packshots fill far more of their photo.
 */
const minProductCover = 0.06;

const centreBox: ProductBox = { x: 240, y: 760, width: 600, height: 800 };

/**
 * Everything a motion template's render needs but the output: its planes drawn to PNG, its words written as ASS, and
 * which template it is. A product on a plain backdrop is cut out and set in the template's drawn set; any other
 * picture is a scene itself and fills the frame under the template's words.
 */
export async function prepareTemplate(input: TemplateInput): Promise<{ name: DrawnTemplateName; options: Omit<TemplateClipOptions, 'outputPath'> }> {
  const words = input.template?.words ?? {};
  const cueText = `${input.prompt} ${words.details ?? ''} ${words.headline ?? ''}`;
  const name = input.template?.name ?? templateFromWords(cueText) ?? 'hero';
  const variant = input.template?.variant ?? 0;
  const side = (hash(input.prompt) + variant) % 2 === 0 ? 1 : -1;
  const layer = await productLayer(input.photo, productFits[name === 'photo' ? 'hero' : name], { minCover: minProductCover });
  const reveal = name === 'reveal' ? { at: Math.max(0.6, input.seconds * 0.36), seconds: Math.min(1, input.seconds * 0.25) } : undefined;
  const path = (n: number) => join(input.workDir, `plane${n}.png`);
  const planes: TemplateClipOptions['planes'][number][] = [];
  const after: TemplateClipOptions['planes'][number][] = [];
  let product = centreBox;
  let sweep = false;
  let palette = paletteFrom(await productColour(layer));

  if (layer.kind === 'card' || name === 'photo') {
    const stats = await sharp(input.photo).stats();
    palette = paletteFrom([stats.dominant.r, stats.dominant.g, stats.dominant.b]);
    const camera = photoCamera[motionFromPrompt(input.prompt)];
    // Darkened at the top only under words: a picture without them (a title card's own) shows as it is.
    const scrim = templateText(name, words, centreBox, input.seconds, reveal).blocks.length > 0;
    await photoPlane(input.photo, path(0), { scrim, faded: Boolean(reveal) });
    planes.push({ path: path(0), poses: camera });
    if (reveal) {
      await photoPlane(input.photo, path(1), { scrim });
      after.push({ path: path(1), poses: camera });
    }
  } else {
    const set = templateSet(name, layer, await rowSpans(layer), palette, variant > 0 ? `${cueText} #${variant}` : cueText, side);
    product = set.product;
    sweep = set.sweep;
    let n = 0;
    for (const [list, drawn] of [[planes, set.back], [after, set.after ?? []]] as const) {
      for (const [i, plane] of drawn.entries()) {
        await writePlane(plane, path(n), i === 0);
        list.push({ path: path(n++), poses: plane.poses });
      }
    }
  }

  const text = templateText(name, words, product, input.seconds, reveal);
  let assPath: string | undefined;
  if (text.blocks.length > 0 || text.shapes.length > 0) {
    assPath = join(input.workDir, 'words.ass');
    await writeFile(assPath, kineticAss(text.blocks, text.shapes, input.template?.look ?? { ...defaultKineticLook, accent: palette.accent, onAccent: palette.onAccent }));
  }
  return {
    name,
    options: { planes, ...(reveal && after.length > 0 ? { reveal: { ...reveal, planes: after } } : {}), ...(assPath ? { assPath } : {}), sweep, seconds: input.seconds },
  };
}
