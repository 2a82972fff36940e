import { dotPath, kineticBand, roundedRectPath, starPath, strokePath, type KineticBlock, type KineticShape } from '@reelsmith/media';
import type { ProductBox } from './template-planes.ts';
import { featuresOf, offerOf, sidesOf, type DrawnTemplateName, type TemplateWords } from './template-words.ts';

export interface TemplateText {
  blocks: KineticBlock[];
  shapes: KineticShape[];
}

/** Where a point of the drawn frame lands once the camera has zoomed by `zoom` about the centre. */
const zoomed = (p: { x: number; y: number }, zoom: number) => ({ x: 540 + (p.x - 540) * zoom, y: 960 + (p.y - 960) * zoom });

/**
 * The words each template sets, from the user's own: a showcase's text is its headline; a Product Intro scene's
 * details become the features' labels, the reveal's two sides, an offer and its code; the business name is the
 * kicker where there is room. All of it stays inside the kinetic band, clear of any subtitle position.
 */
export function templateText(name: DrawnTemplateName, words: TemplateWords, product: ProductBox, seconds: number, reveal?: { at: number; seconds: number }): TemplateText {
  const end = seconds;
  const business = words.business?.trim();
  const details = words.details?.trim() ?? '';
  const kicker = (start = 0.15): KineticBlock[] => (business ? [{ kind: 'kicker', text: business, start, end }] : []);
  switch (name) {
    case 'showcase':
    case 'photo':
    case 'lifestyle':
    case 'usage':
    case 'hero':
    case 'hand': {
      // Details are a fragment ("on a sunlit bathroom shelf"); set as a headline they start with a capital.
      const headline = words.headline?.trim() || details.charAt(0).toUpperCase() + details.slice(1);
      if (!headline) return { blocks: business ? [{ kind: 'headline', text: business, start: 0.3, end }] : [], shapes: [] };
      return { blocks: [...kicker(), { kind: 'headline', text: headline, start: 0.3, end }], shapes: [] };
    }
    case 'outro': {
      const { offer, code, rest } = offerOf(details || words.headline || '');
      const headline = offer ?? (rest || business || '');
      const cta = code ? `Use code ${code}` : offer && rest ? rest : 'Shop now';
      return {
        blocks: [...kicker(), ...(headline ? [{ kind: 'headline' as const, text: headline, start: 0.3, end }] : []), { kind: 'cta', text: cta, start: Math.min(1.1, seconds / 3), end }],
        shapes: [],
      };
    }
    case 'features':
      return featureCallouts(featuresOf(details || words.headline || ''), product, seconds);
    case 'reveal': {
      const { before, after } = sidesOf(details || words.headline || '');
      const wipeEnd = reveal ? reveal.at + reveal.seconds : seconds / 2;
      const top = kineticBand.top + 20;
      const blocks: KineticBlock[] = [
        { kind: 'label', text: before ? `Before · ${before}` : 'Before', start: 0.2, end: reveal ? reveal.at + reveal.seconds * 0.5 : seconds / 2, at: { x: 540, y: top, align: 'center' } },
        { kind: 'label', text: after ? `After · ${after}` : 'After', start: reveal ? reveal.at + reveal.seconds * 0.5 : seconds / 2, end, at: { x: 540, y: top, align: 'center' } },
      ];
      return { blocks: business ? [...blocks, { kind: 'headline', text: business, start: wipeEnd, end, at: { x: 540, y: top + 110, align: 'center' } }] : blocks, shapes: [] };
    }
    case 'social-proof': {
      const starsY = kineticBand.top + 70;
      const card: KineticShape = { path: roundedRectPath(110, kineticBand.top, 860, kineticBand.bottom - kineticBand.top - 50, 36), colour: '#101010', opacity: 0.55, start: 0.1, end };
      const stars = [0, 1, 2, 3, 4].map(
        (i): KineticShape => ({ path: starPath({ x: 540 + (i - 2) * 96, y: starsY }, 40), colour: '#ffc83d', start: 0.35 + i * 0.12, end }),
      );
      // The card invites reviews rather than quoting one: the user gave none, and an ad must not invent a customer.
      return {
        blocks: [
          { kind: 'headline', text: business || 'Loved it? Tell a friend', start: 0.5, end, at: { x: 540, y: starsY + 64, align: 'center' } },
          { kind: 'cta', text: 'Leave us a review', start: 1.0, end },
        ],
        shapes: [card, ...stars],
      };
    }
  }
}

/**
 * Up to four labels in two rows at the top of the band, each with a line drawn out to a dot on the product's outline,
 * one after another.
 */
function featureCallouts(features: string[], product: ProductBox, seconds: number): TemplateText {
  const blocks: KineticBlock[] = [];
  const shapes: KineticShape[] = [];
  const zoom = 1.07;
  features.forEach((feature, i) => {
    const start = 0.3 + i * Math.min(0.6, (seconds - 1) / Math.max(features.length, 1));
    const left = i % 2 === 0;
    const row = Math.floor(i / 2);
    const labelY = kineticBand.top + 40 + row * 190;
    const labelX = left ? 110 : 970;
    blocks.push({ kind: 'label', text: feature, start, end: seconds, at: { x: labelX, y: labelY, align: left ? 'left' : 'right' } });
    // The dot sits on the product's outline, at heights down its body, on the label's side.
    const onProduct = zoomed({ x: product.x + product.width * (left ? 0.3 : 0.7), y: product.y + product.height * (0.18 + 0.22 * i) }, zoom);
    const from = { x: left ? 200 : 880, y: labelY + 86 };
    shapes.push({ path: strokePath(from, onProduct, 5), colour: '#ffffff', opacity: 0.9, start: start + 0.15, end: seconds, drawSeconds: 0.45 });
    shapes.push({ path: dotPath(onProduct, 14), colour: '#ffffff', start: start + 0.5, end: seconds });
  });
  return { blocks, shapes };
}
