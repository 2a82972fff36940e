import { ugcDefaults, type UgcBackground, type UgcPerson, type UgcPlacement } from '@reelsmith/contracts';
import sharp from 'sharp';
import { productLayer, rowSpans } from './cutout.ts';
import { heldFit, heldProductSvg, standingFit, standingProductSvg, type PlacedProduct } from './placements.ts';
import { besideStance, holdingStance, illustrationTag, look, nearShoulder, presenterSvg } from './presenter.ts';
import { drawScene } from './scenes.ts';

export interface StillChoices extends Partial<UgcPerson> {
  background: UgcBackground;
  placement: UgcPlacement;
}

/**
 * The local stand-in for an AI still: the product photo (cut out, or framed as a card) placed in a drawn scene beside
 * an illustrated presenter drawn from the person choices (the form's defaults when none are given), standing on the
 * counter or held up in the presenter's hand, as a 1080x1920 JPEG. It is tagged 'Illustration', so nobody takes the
 * presenter for a real customer.
 */
export async function composeStill(photo: Buffer, choices: StillChoices): Promise<Buffer> {
  const person: UgcPerson = {
    gender: choices.gender ?? ugcDefaults.gender,
    ethnicity: choices.ethnicity ?? ugcDefaults.ethnicity,
    ageGroup: choices.ageGroup ?? ugcDefaults.ageGroup,
    clothing: choices.clothing ?? ugcDefaults.clothing,
  };
  const held = choices.placement === 'Held by person';
  const scene = drawScene(choices.background);
  const layer = await productLayer(photo, held ? heldFit : standingFit);
  const product: PlacedProduct = { href: `data:image/png;base64,${layer.png.toString('base64')}`, width: layer.width, height: layer.height, spans: await rowSpans(layer), kind: layer.kind };
  // A close, hand-held shot leaves the room further out of focus than a product on the counter in front of it.
  const backdrop = await sharp(Buffer.from(scene.backdrop)).blur(held ? 9 : 2.5).png().toBuffer();
  const layers = held
    ? [presenterSvg(person, holdingStance), heldProductSvg(product, look(person), nearShoulder(person, holdingStance))]
    : [presenterSvg(person, besideStance), scene.counter, standingProductSvg(product)];
  return sharp(backdrop)
    .composite([...layers, illustrationTag].map((svg) => ({ input: Buffer.from(svg) })))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
}
