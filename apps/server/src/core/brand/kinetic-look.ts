import type { BrandFields, BrandFontFamily } from '@reelsmith/contracts';
import { defaultKineticLook, type KineticLook } from '@reelsmith/media';

/**
 * The heavy face of each family a brand may choose, as fontconfig names it on the render machines (`fc-list : family
 * style`): kinetic type is set in the boldest weight each family ships. Bebas Neue's plain name finds its Book weight.
 */
export const kineticFaces: Record<BrandFontFamily, string> = {
  'League Spartan': 'League Spartan Black',
  Inter: 'Inter Black',
  Roboto: 'Roboto Black',
  Lato: 'Lato Black',
  'Open Sans': 'Open Sans Extrabold',
  'Bebas Neue': 'Bebas Neue Bold',
};

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG 2 contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The brand's uploaded font: its family (what the words' style names) and its file in storage. */
export interface UploadedFont {
  family: string;
  key: string;
}

/** A family an ASS style line can carry (commas part its fields); another uploaded family keeps the default face. */
const assFaceName = /^[A-Za-z0-9 ._-]{1,80}$/;

const black = '#101010';
/** What the call to action's colour needs against its outline (WCAG's large-text minimum). */
const ctaContrast = 3;
const white = '#ffffff';
/** Black or white, whichever reads better on the colour. */
const inkOn = (background: string) => (contrastRatio(black, background) >= contrastRatio(white, background) ? black : white);

/**
 * The brand on a motion template's words (the offline generator's kinetic type): the headline in the brand's text
 * colour, the kicker's box and the call to action in its secondary colour (the accent its final video and end card
 * use too) with black or white words on it by contrast, and its heading and body fonts in their heaviest face.
 * A font the brand uploaded is set in its own face: the job hands libass its file (`fontKey`) beside the words.
 *
 * Of the brand's fields (brandFieldsOf) rather than its record: brands.ts answers it, and brand-look.ts reads brands.ts.
 */
export function kineticLookOf({ colors, fonts }: Pick<BrandFields, 'colors' | 'fonts'>, uploaded?: UploadedFont | null): KineticLook & { fontKey?: string } {
  const own = (family: string) => Boolean(uploaded && family === uploaded.family && assFaceName.test(family));
  const face = (family: string, fallback: string) => (own(family) ? family : Object.hasOwn(kineticFaces, family) ? kineticFaces[family as BrandFontFamily] : fallback);
  // The outline that lets the words read over any scene: dark under light words, light under dark ones.
  const shadow = inkOn(colors.text);
  // The call to action is outlined words, not a box: a dark secondary would vanish in its outline, so the primary, or the text colour, takes it.
  const cta = [colors.secondary, colors.primary].find((colour) => contrastRatio(colour, shadow) >= ctaContrast) ?? colors.text;
  return {
    text: colors.text,
    accent: colors.secondary,
    onAccent: inkOn(colors.secondary),
    cta,
    shadow,
    headingFont: face(fonts.heading, defaultKineticLook.headingFont),
    bodyFont: face(fonts.body, defaultKineticLook.bodyFont),
    ...(uploaded && (own(fonts.heading) || own(fonts.body)) ? { fontKey: uploaded.key } : {}),
  };
}
