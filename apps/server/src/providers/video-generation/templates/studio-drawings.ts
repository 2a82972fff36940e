import { linear, radial, rect, sceneHeight, sceneWidth, svgDocument } from '../../image-generation/scene-parts.ts';

/**
 * The drawn sets of the studio templates, as SVG at 1080x1920: backdrops tinted from the product's own colour, a
 * pedestal, a sunburst, a blueprint grid. Pure string builders; sharp renders them.
 */
export interface TemplatePalette {
  /** The backdrop's deep tone and its lit tone. */
  deep: string;
  lit: string;
  /** A bright colour that stands out on both: the kicker's box, the call to action, the callout dots. */
  accent: string;
  /** Words set on the accent. */
  onAccent: string;
}

type Rgb = readonly [number, number, number];

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h * 60, s, l];
}

function hsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/**
 * The set's colours from the product's dominant colour: the backdrop in its hue, deep enough that white words read
 * on it, and an accent on the opposite side of the wheel. A grey or white product gets a warm neutral set.
 */
export function paletteFrom(dominant: Rgb): TemplatePalette {
  const [h, s] = toHsl(dominant);
  const hue = s < 0.12 ? 32 : h;
  const sat = s < 0.12 ? 0.18 : Math.min(0.62, Math.max(0.32, s));
  // Light enough to read over the set's lit middle too, not only its deep edges.
  return { deep: hsl(hue, sat, 0.14), lit: hsl(hue, sat, 0.4), accent: hsl((hue + 180) % 360, 0.9, 0.72), onAccent: '#141414' };
}

/** A studio: the wall lit from above in the middle, a floor that falls into shade, a soft spotlight pool. */
export function studioBackdrop(p: TemplatePalette): string {
  const defs = [
    linear('wall', [[0, p.deep], [0.55, p.lit], [0.78, p.deep]]),
    radial('spot', [[0, '#ffffff', 0.38], [0.5, '#ffffff', 0.1], [1, '#ffffff', 0]], 540, 1180, 760),
    linear('floor', [[0, '#000', 0], [1, '#000', 0.55]]),
    linear('beam', [[0, '#ffffff', 0.22], [1, '#ffffff', 0]]),
  ].join('');
  const body = [
    rect(0, 0, sceneWidth, sceneHeight, 'url(#wall)'),
    `<path d="M420 0 L660 0 L980 1560 L100 1560 z" fill="url(#beam)"/>`,
    rect(0, 0, sceneWidth, sceneHeight, 'url(#spot)'),
    rect(0, 1420, sceneWidth, sceneHeight - 1420, 'url(#floor)'),
  ].join('');
  return svgDocument(defs, body);
}

/** A round pedestal whose top is at `top`, lit from the front. */
export function pedestal(p: TemplatePalette, top: number): string {
  const defs = [
    linear('side', [[0, '#000', 0.45], [0.35, '#ffffff', 0.18], [0.7, '#000', 0.1], [1, '#000', 0.5]], [0, 0, 1, 0]),
    linear('face', [[0, '#ffffff', 0.5], [1, '#ffffff', 0.15]]),
  ].join('');
  const [cx, rx, ry] = [540, 400, 70];
  const body = [
    `<path d="M${cx - rx} ${top} L${cx - rx} ${sceneHeight} L${cx + rx} ${sceneHeight} L${cx + rx} ${top} z" fill="${p.lit}"/>`,
    `<path d="M${cx - rx} ${top} L${cx - rx} ${sceneHeight} L${cx + rx} ${sceneHeight} L${cx + rx} ${top} z" fill="url(#side)"/>`,
    `<ellipse cx="${cx}" cy="${top}" rx="${rx}" ry="${ry}" fill="${p.lit}"/>`,
    `<ellipse cx="${cx}" cy="${top}" rx="${rx}" ry="${ry}" fill="url(#face)"/>`,
    `<ellipse cx="${cx}" cy="${top}" rx="${rx}" ry="${ry}" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="4"/>`,
  ].join('');
  return svgDocument(defs, body);
}

/** A sunburst of alternating rays from behind the product: the energy of a closing offer. */
export function sunburst(p: TemplatePalette, centre: { x: number; y: number }): string {
  const rays = Array.from({ length: 18 }, (_, i) => {
    const a0 = (i * 2 * Math.PI) / 18;
    const a1 = a0 + Math.PI / 18;
    const far = 2600;
    const point = (a: number) => `${Math.round(centre.x + far * Math.cos(a))} ${Math.round(centre.y + far * Math.sin(a))}`;
    return `<path d="M${centre.x} ${centre.y} L${point(a0)} L${point(a1)} z" fill="#ffffff" opacity="0.07"/>`;
  }).join('');
  const defs = [
    linear('burst-wall', [[0, p.deep], [1, p.lit]]),
    radial('burst-glow', [[0, '#ffffff', 0.45], [1, '#ffffff', 0]], centre.x, centre.y, 620),
  ].join('');
  return svgDocument(defs, `${rect(0, 0, sceneWidth, sceneHeight, 'url(#burst-wall)')}${rays}<circle cx="${centre.x}" cy="${centre.y}" r="620" fill="url(#burst-glow)"/>`);
}

/** A dark technical backdrop with a faint grid: the look of a product's parts being explained. */
export function blueprint(p: TemplatePalette): string {
  const defs = [
    `<pattern id="grid" width="60" height="60" patternUnits="userSpaceOnUse"><path d="M60 0 L0 0 L0 60" fill="none" stroke="#ffffff" stroke-opacity="0.08" stroke-width="2"/></pattern>`,
    linear('bp-wall', [[0, p.deep], [1, '#06080c']]),
    radial('bp-glow', [[0, p.lit, 0.85], [1, p.lit, 0]], 540, 1250, 700),
  ].join('');
  return svgDocument(defs, `${rect(0, 0, sceneWidth, sceneHeight, 'url(#bp-wall)')}<circle cx="540" cy="1250" r="700" fill="url(#bp-glow)"/>${rect(0, 0, sceneWidth, sceneHeight, 'url(#grid)')}`);
}

/** A soft dark fade from the top of the frame, so white words read over a busy photograph. */
export function topScrim(): string {
  return svgDocument(linear('scrim', [[0, '#000', 0.62], [0.55, '#000', 0.25], [1, '#000', 0]]), rect(0, 0, sceneWidth, 900, 'url(#scrim)'));
}

/** An image placed on the frame as an SVG element (a product layer as a data URI). */
export const placedImage = (href: string, x: number, y: number, width: number, height: number, extra = '') =>
  `<image href="${href}" x="${x}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="none" ${extra}/>`;

/** The product standing with its base at `base`, centred on x, with a soft contact shadow under it. */
export function standingOn(product: { href: string; width: number; height: number }, x: number, base: number, shadowOpacity = 0.45): string {
  const left = Math.round(x - product.width / 2);
  const defs = '<filter id="contact" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="16"/></filter>';
  const body = [
    `<ellipse cx="${x}" cy="${base}" rx="${product.width * 0.46}" ry="${Math.max(14, product.width * 0.06)}" fill="#000" opacity="${shadowOpacity}" filter="url(#contact)"/>`,
    placedImage(product.href, left, base - product.height, product.width, product.height),
  ].join('');
  return svgDocument(defs, body);
}
