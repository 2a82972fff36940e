import { link, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ugcDefaults, type UgcPerson } from '@reelsmith/contracts';
import { defaultKineticLook, kineticAss, type KineticBlock, type KineticLook, type PuppetClipOptions, type PuppetPart, type Wobble } from '@reelsmith/media';
import sharp from 'sharp';
import { productLayer, rowSpans } from '../../image-generation/cutout.ts';
import { heldArm, heldFit, standingFit, standingProductSvg, type HeldArm, type PlacedProduct } from '../../image-generation/placements.ts';
import { svgDocument } from '../../image-generation/scene-parts.ts';
import { besideStance, holdingStance, illustrationTag, look, nearShoulder, presenterSvg, type Stance } from '../../image-generation/presenter.ts';
import { drawScene } from '../../image-generation/scenes.ts';
import { paletteFrom } from './studio-drawings.ts';
import { pose } from './template-planes.ts';
import { productColour } from './template-render.ts';
import type { TemplateWords, UgcSceneChoices } from './template-words.ts';

export interface UgcPuppetInput {
  /** The user's product photo (not the still: the still is flat, the parts are drawn again). */
  photo: Buffer;
  seconds: number;
  words: TemplateWords;
  choices?: UgcSceneChoices;
  /** The project's brand on the product's name; the default faces and an accent from the product without it. */
  look?: KineticLook;
  workDir: string;
}

/**
 * The presenter stands lower than on the still: the template's words take the top of the frame (kineticBand), and
 * the face stays under them.
 */
const drop = { held: 320, beside: 150 } as const;

/** The forearm's turn about the elbow as it comes up (degrees, frame by frame), then held up, from the clip's start. */
export function raiseAngles(from = -26, seconds = 1.4, fps = 30): number[] {
  const frames = Math.round(seconds * fps);
  return Array.from({ length: frames + 1 }, (_, i) => {
    const u = i / frames;
    // easeOutBack: quick at first, a little past upright, settling back: a hand, not a crane.
    const c = 1.2;
    const eased = 1 + (c + 1) * (u - 1) ** 3 + c * (u - 1) ** 2;
    // `|| 0`: upright is 0, not -0.
    return Math.round(from * (1 - eased) * 100) / 100 || 0;
  });
}

/** Breathing: the whole figure rises and falls a little, slower than speech. */
const breathing: Wobble = { x: 0, y: 4, period: 3.6 };
const sway: Wobble = { x: 3, y: 0, period: 5.2, phase: 0.25 };
/** The head nods as if talking, a little out of step with the body. */
const nod: Wobble[] = [{ x: 0, y: 5, period: 1.5, phase: 0.1 }, { x: 3, y: 0, period: 2.7 }];
/** The hand shows the product off while talking: a small lift and back, within the elbow's round, so no gap opens. */
const showing: Wobble = { x: 0, y: 8, period: 2.3, phase: 0.5 };

interface CutOut {
  path: string;
  x: number;
  y: number;
}

type Box = { left: number; top: number; width: number; height: number };

const even = (n: number) => 2 * Math.floor(n / 2);

/** The box round a layer's visible pixels, on even pixels (4:2:0), grown by `margin`. */
async function visibleBox(png: Buffer, margin: number): Promise<Box> {
  const { data, info } = await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  let [left, top, right, bottom] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x]! === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  if (right < 0) return { left: 0, top: 0, width: 2, height: 2 };
  left = even(Math.max(0, left - margin));
  top = even(Math.max(0, top - margin));
  const width = even(Math.min(info.width, right + margin + 2) - left);
  const height = even(Math.min(info.height, bottom + margin + 2) - top);
  return { left, top, width, height };
}

/** A layer drawn at the frame's size and cut to what it shows, so each frame overlays a small picture. */
async function cutOut(svg: string, path: string): Promise<CutOut> {
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
  const box = await visibleBox(png, 0);
  await writeFile(path, await sharp(png).extract(box).png({ compressionLevel: 1 }).toBuffer());
  return { path, x: box.left, y: box.top };
}

/** An SVG of only `box` of the frame: librsvg then rasterises that much, not the whole frame. */
const boxedSvg = (defs: string, body: string, box: Box) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}" viewBox="${box.left} ${box.top} ${box.width} ${box.height}"><defs>${defs}</defs>${body}</svg>`;

/** The hand with the product drawn at each angle of its raise, all cut to one box, as hand000.png, hand001.png… */
async function handFrames(draw: (raise: number) => HeldArm, workDir: string): Promise<CutOut & { frames: number }> {
  const angles = raiseAngles();
  const whole: Box = { left: 0, top: 0, width: 1080, height: 1920 };
  // The two ends' boxes together, with room for the arc between them.
  const [a, b] = await Promise.all(
    [angles[0]!, 0].map(async (raise) => {
      const arm = draw(raise);
      return visibleBox(await sharp(Buffer.from(boxedSvg(arm.defs, arm.hand, whole))).png({ compressionLevel: 0 }).toBuffer(), 40);
    }),
  );
  const left = Math.min(a!.left, b!.left);
  const top = Math.min(a!.top, b!.top);
  const box = { left, top, width: even(Math.min(1080, Math.max(a!.left + a!.width, b!.left + b!.width)) - left), height: even(Math.min(1920, Math.max(a!.top + a!.height, b!.top + b!.height)) - top) };
  const name = (i: number) => join(workDir, `hand${String(i).padStart(3, '0')}.png`);
  // As the arm settles, frames barely differ: one drawn frame stands for the next ones until it is off by a
  // quarter of a degree (a pixel or two at the product), linked rather than drawn again.
  const drawnAt: number[] = [];
  for (const [i, raise] of angles.entries()) if (drawnAt.length === 0 || Math.abs(raise - angles[drawnAt.at(-1)!]!) >= 0.25) drawnAt.push(i);
  const write = async (i: number) => {
    const arm = draw(angles[i]!);
    await writeFile(name(i), await sharp(Buffer.from(boxedSvg(arm.defs, arm.hand, box))).png({ compressionLevel: 0 }).toBuffer());
  };
  // Two at a time: librsvg draws on one core, and each frame is a few megabytes of raster while it is drawn.
  for (let i = 0; i < drawnAt.length; i += 2) await Promise.all(drawnAt.slice(i, i + 2).map(write));
  let source = 0;
  for (let i = 0; i < angles.length; i++) {
    if (drawnAt.includes(i)) source = i;
    else await link(name(source), name(i));
  }
  return { path: join(workDir, 'hand%03d.png'), x: box.left, y: box.top, frames: angles.length };
}

/** The product's name as the headline, the business as a kicker, and a short call to action once the arm is up. */
export function ugcWords(words: TemplateWords, seconds: number): KineticBlock[] {
  const headline = words.headline?.trim();
  const business = words.business?.trim();
  return [
    ...(business ? [{ kind: 'kicker' as const, text: business, start: 0.15, end: seconds }] : []),
    ...(headline ? [{ kind: 'headline' as const, text: headline, start: 0.3, end: seconds }] : []),
    { kind: 'cta', text: 'Shop now', start: Math.min(2, seconds / 3), end: seconds },
  ];
}

/**
 * The 'ugc' template: the offline still's scene drawn again in parts (the place, the presenter's body, the face,
 * the arm holding the product or the counter and the product on it) so each can move on its own: the presenter
 * breathes and sways, the head nods as if talking, the arm brings the product up in the first second and a half
 * (or the product is set down on the counter), under a slow push-in, with the product's name above.
 */
export async function prepareUgcPuppet(input: UgcPuppetInput): Promise<Omit<PuppetClipOptions, 'outputPath'>> {
  const choices = input.choices ?? { background: ugcDefaults.background, placement: 'Held by person', person: ugcDefaults };
  const person: UgcPerson = { gender: choices.person.gender, ethnicity: choices.person.ethnicity, ageGroup: choices.person.ageGroup, clothing: choices.person.clothing };
  const held = choices.placement === 'Held by person';
  const scene = drawScene(choices.background);
  const stance: Stance = held ? { ...holdingStance, y: holdingStance.y + drop.held } : { ...besideStance, y: besideStance.y + drop.beside };
  const path = (name: string) => join(input.workDir, `${name}.png`);
  const backdrop = path('backdrop');
  // The place and the presenter do not need the product: they are drawn while it is cut out.
  const drawn = Promise.all([
    sharp(Buffer.from(scene.backdrop)).blur(held ? 9 : 2.5).flatten({ background: '#000000' }).png({ compressionLevel: 1 }).toBuffer().then((png) => writeFile(backdrop, png)),
    cutOut(presenterSvg(person, stance, 'body'), path('body')),
    cutOut(presenterSvg(person, stance, 'face'), path('face')),
    cutOut(illustrationTag, path('tag')),
  ]);
  const layer = await productLayer(input.photo, held ? heldFit : standingFit);
  const product: PlacedProduct = { href: `data:image/png;base64,${layer.png.toString('base64')}`, width: layer.width, height: layer.height, spans: await rowSpans(layer), kind: layer.kind };
  const [, body, face, tag] = await drawn;
  const figure = held ? [breathing, sway] : [breathing, { ...sway, x: -5 }];
  const parts: PuppetPart[] = [
    { ...body, wobbles: figure },
    { ...face, wobbles: [...figure, ...nod] },
  ];
  if (held) {
    const shoulder = nearShoulder(person, stance);
    const draw = (raise: number) => heldArm(product, look(person), shoulder, { drop: drop.held, raise, quickShadow: true });
    const still = draw(0);
    const [upperArm, hand] = await Promise.all([cutOut(svgDocument(still.defs, still.upperArm), path('upper-arm')), handFrames(draw, input.workDir)]);
    // The arm moves with the body it hangs from, so the shoulder never parts from it.
    parts.push({ ...upperArm, wobbles: figure }, { ...hand, wobbles: [...figure, showing] });
  } else {
    const [counter, standing] = await Promise.all([cutOut(scene.counter, path('counter')), cutOut(standingProductSvg(product), path('product'))]);
    parts.push(counter, { ...standing, arrival: { x: 0, y: -150, start: 0.2, seconds: 1.1 } });
  }

  const palette = paletteFrom(await productColour(layer));
  const assPath = join(input.workDir, 'words.ass');
  await writeFile(assPath, kineticAss(ugcWords(input.words, input.seconds), [], input.look ?? { ...defaultKineticLook, accent: palette.accent, onAccent: palette.onAccent }));
  return { backdrop, parts, overlay: tag, camera: [pose(1.05), pose(1.11)], assPath, seconds: input.seconds };
}
