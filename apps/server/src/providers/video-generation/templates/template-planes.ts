import type { ProductLayer } from '../../image-generation/cutout.ts';
import { ugcDefaults } from '@reelsmith/contracts';
import { heldProductSvg, type PlacedProduct } from '../../image-generation/placements.ts';
import { look } from '../../image-generation/presenter.ts';
import { drawScene } from '../../image-generation/scenes.ts';
import { blueprint, pedestal, standingOn, studioBackdrop, sunburst, type TemplatePalette } from './studio-drawings.ts';
import { placeFromWords, type DrawnTemplateName } from './template-words.ts';

/** A plane as drawn: SVG (rendered by sharp), blurred by `blur` px, or dimmed and greyed for a reveal's before side. */
export interface DrawnPlane {
  svg: string;
  blur?: number;
  faded?: boolean;
  poses: readonly [Pose, Pose];
}

export interface Pose {
  zoom: number;
  x: number;
  y: number;
  turn: number;
}

export const pose = (zoom: number, x = 0, y = 0): Pose => ({ zoom, x, y, turn: 0 });

/** Where the product stands in the frame before the camera moves: for callout lines and the reveal's labels. */
export interface ProductBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TemplateSet {
  back: DrawnPlane[];
  /** A reveal's after side; the back is its before side. */
  after?: DrawnPlane[];
  product: ProductBox;
  sweep: boolean;
}

/**
 * How large the product is drawn, per template: the hero fills the set, the outro leaves room for the offer; a product
 * in a place stays between the words' band (above y 720) and the bottom subtitles.
 */
export const productFits: Record<DrawnTemplateName, { width: number; height: number }> = {
  hero: { width: 640, height: 700 },
  hand: { width: 740, height: 860 },
  usage: { width: 660, height: 720 },
  lifestyle: { width: 540, height: 600 },
  features: { width: 600, height: 760 },
  reveal: { width: 560, height: 620 },
  'social-proof': { width: 560, height: 620 },
  outro: { width: 480, height: 560 },
  showcase: { width: 560, height: 620 },
  photo: { width: 1080, height: 1920 },
};

/** A hand-held shot shows the arm alone, its shoulder below the frame, in the UGC form's default person's colours. */
const handLook = look({ gender: ugcDefaults.gender, ethnicity: ugcDefaults.ethnicity, ageGroup: ugcDefaults.ageGroup, clothing: ugcDefaults.clothing });

const asPlaced = (layer: ProductLayer, spans: PlacedProduct['spans']): PlacedProduct => ({
  href: `data:image/png;base64,${layer.png.toString('base64')}`,
  width: layer.width,
  height: layer.height,
  spans,
  kind: layer.kind,
});

/**
 * The planes of each template for a product that could be cut out, back to front, with the camera on each: the
 * back moves least and the product most, so the product reads as nearest (2.5D). `side` (±1) turns a scene's
 * drift the other way, so two scenes of one video do not move alike.
 */
export function templateSet(name: DrawnTemplateName, layer: ProductLayer, spans: PlacedProduct['spans'], palette: TemplatePalette, words: string, side: 1 | -1): TemplateSet {
  const product = asPlaced(layer, spans);
  const box = (base: number): ProductBox => ({ x: 540 - layer.width / 2, y: base - layer.height, width: layer.width, height: layer.height });
  const drift = (amount: number) => amount * side;
  switch (name) {
    case 'hero': {
      const top = 1500;
      return {
        back: [
          { svg: studioBackdrop(palette), poses: [pose(1.06), pose(1.08)] },
          { svg: pedestal(palette, top), poses: [pose(1.06, 0, 0.006), pose(1.1, 0, -0.004)] },
          { svg: standingOn(product, 540, top + 30, 0.5), poses: [pose(1.06, 0, 0.01), pose(1.16, 0, -0.01)] },
        ],
        product: box(top + 30),
        sweep: true,
      };
    }
    case 'hand': {
      const scene = drawScene(placeFromWords(words, ['Livingroom', 'Cafe', 'Park', 'Kitchen']));
      return {
        back: [
          { svg: scene.backdrop, blur: 10, poses: [pose(1.1, drift(-0.02)), pose(1.1, drift(0.02))] },
          { svg: heldProductSvg(product, handLook, { x: 1010, y: 2050 }), poses: [pose(1.06, drift(-0.02), 0.02), pose(1.12, drift(0.025), -0.012)] },
        ],
        product: { x: 400 - layer.width / 2, y: 910 - layer.height / 2, width: layer.width, height: layer.height },
        sweep: false,
      };
    }
    case 'usage':
    case 'lifestyle':
    case 'showcase':
    case 'social-proof':
    case 'reveal': {
      const fallbacks = name === 'social-proof' ? (['Livingroom', 'Cafe'] as const) : undefined;
      const scene = drawScene(placeFromWords(words, fallbacks));
      const close = name === 'usage';
      // Standing further back on the counter, so that even under the push-in the product's foot stays above the
      // bottom subtitles (their top line is near y 1480) and its top below the words' band.
      const base = 1380;
      const set = [
        { svg: scene.backdrop, blur: close ? 8 : 2, poses: [pose(1.07, drift(-0.012)), pose(1.09, drift(0.012))] as const },
        { svg: scene.counter, poses: [pose(1.06, drift(-0.025)), pose(1.1, drift(0.025))] as const },
        { svg: standingOn(product, 540, base), poses: close ? ([pose(1.08, 0, 0.02), pose(1.2, 0, -0.01)] as const) : ([pose(1.06, drift(-0.04)), pose(1.13, drift(0.04))] as const) },
      ];
      if (name !== 'reveal') return { back: set, product: box(base), sweep: name === 'showcase' };
      // Before: the same place, dim and grey, the product not yet there; after: the place lit, with the product.
      return { back: set.slice(0, 2).map((plane) => ({ ...plane, faded: true })), after: set, product: box(base), sweep: true };
    }
    case 'features': {
      const base = 1640;
      return {
        back: [
          { svg: blueprint(palette), poses: [pose(1.06), pose(1.08)] },
          { svg: standingOn(product, 540, base, 0.6), poses: [pose(1.06), pose(1.08)] },
        ],
        product: box(base),
        sweep: false,
      };
    }
    case 'outro': {
      const base = 1560;
      return {
        back: [
          { svg: sunburst(palette, { x: 540, y: base - layer.height / 2 }), poses: [pose(1.06), pose(1.12)] },
          { svg: standingOn(product, 540, base, 0.5), poses: [pose(1.12, 0, 0.02), pose(1.06, 0, -0.005)] },
        ],
        product: box(base),
        sweep: true,
      };
    }
    case 'photo':
      throw new Error('a photo fills the frame: it has no drawn set');
  }
}
