import type { UgcBackground, UgcPlacement } from '@reelsmith/contracts';
import sharp from 'sharp';
import { productLayer, rowSpans } from './cutout.ts';
import { heldFit, heldProductSvg, standingFit, standingProductSvg, type PlacedProduct } from './placements.ts';
import { drawScene } from './scenes.ts';

export interface StillChoices {
  background: UgcBackground;
  placement: UgcPlacement;
}

/**
 * The local stand-in for an AI still: the product photo (cut out, or framed as a card) placed in a drawn scene,
 * standing on the counter or held up in a hand, as a 1080x1920 JPEG. Nothing is written on it: the still goes into the
 * customer's video, and the page says it is an image template (issue 29 §6).
 */
export async function composeStill(photo: Buffer, choices: StillChoices): Promise<Buffer> {
  const held = choices.placement === 'Held by person';
  const scene = drawScene(choices.background);
  const layer = await productLayer(photo, held ? heldFit : standingFit);
  const product: PlacedProduct = { href: `data:image/png;base64,${layer.png.toString('base64')}`, width: layer.width, height: layer.height, spans: await rowSpans(layer), kind: layer.kind };
  // A close, hand-held shot leaves the room further out of focus than a product on the counter in front of it.
  const backdrop = await sharp(Buffer.from(scene.backdrop)).blur(held ? 9 : 2.5).png().toBuffer();
  const layers = held ? [heldProductSvg(product)] : [scene.counter, standingProductSvg(product)];
  return sharp(backdrop)
    .composite(layers.map((svg) => ({ input: Buffer.from(svg) })))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
}
