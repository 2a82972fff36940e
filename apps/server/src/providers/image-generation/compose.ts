import type { UgcBackground, UgcPlacement } from '@reelsmith/contracts';
import sharp from 'sharp';
import { productLayer, rowSpans } from './cutout.ts';
import { heldFit, heldProductSvg, standingFit, standingProductSvg, type PlacedProduct } from './placements.ts';
import { svgDocument } from './scene-parts.ts';
import { drawScene } from './scenes.ts';

export interface StillChoices {
  background: UgcBackground;
  placement: UgcPlacement;
}

/** The issue asks for the offline result to say what it is, on the picture itself where the user sees it. */
const offlineLabel = svgDocument(
  '',
  [
    '<rect x="40" y="52" width="232" height="48" rx="24" fill="#15110e" opacity="0.55"/>',
    '<circle cx="68" cy="76" r="7" fill="#f4c76b"/>',
    '<text x="86" y="84" font-family="Inter, DejaVu Sans, sans-serif" font-size="23" font-weight="600" fill="#ffffff" letter-spacing="0.4">Offline preview</text>',
  ].join(''),
);

/**
 * The local stand-in for an AI still: the product photo (cut out, or framed as a card) placed in a drawn scene,
 * standing on the counter or held up in a hand, as a 1080x1920 JPEG labelled 'Offline preview'.
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
    .composite([...layers, offlineLabel].map((svg) => ({ input: Buffer.from(svg) })))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
}
