import { brandLogoWidths, type BrandFontFamily } from '@reelsmith/contracts';
import { defaultKineticLook, type KineticLook } from '@reelsmith/media';
import type { BrandRecord } from '../../db/repositories/brands.ts';
import type { BrandLook } from '../project/project-document-schema.ts';
import { brandFieldsOf } from './brands.ts';

export interface BrandLookChoices {
  /** The final step's switches: the logo and the end card can each be left out of one video. */
  logoEnabled: boolean;
  endCardEnabled: boolean;
}

/** A font of the brand: the one it uploaded (its file goes with the render), else a family the machines have. */
const fontOf = (record: BrandRecord, family: string) => (record.fontKey && family === record.fontFamily ? { family, key: record.fontKey } : { family });

/**
 * What the project's brand puts on its final video: the logo where the brand places it, the brand's emphasis colour on
 * the spoken word, and the end card when the brand has a call to action. Read at the final render, so a brand edited
 * since shows in the next render.
 */
export function brandLookOf(record: BrandRecord, choices: BrandLookChoices): BrandLook {
  const fields = brandFieldsOf(record);
  const placement = fields.logo;
  return {
    logo: choices.logoEnabled && record.logoKey && placement ? { corner: placement.position, width: brandLogoWidths[placement.size], opacity: placement.opacity } : null,
    highlightColour: fields.colors.secondary.toUpperCase(),
    endCard:
      choices.endCardEnabled && fields.cta_text
        ? {
            text: fields.cta_text,
            contact: fields.cta_contact,
            logoKey: record.logoKey,
            colors: { background: fields.colors.primary, accent: fields.colors.secondary, text: fields.colors.text },
            headingFont: fontOf(record, fields.fonts.heading),
            bodyFont: fontOf(record, fields.fonts.body),
          }
        : null,
  };
}

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
 * Kinetic type is drawn by libass from the fonts installed on the render machine, so a font the brand uploaded (kept in
 * storage, not installed) falls back to the default face.
 */
export function kineticLookOf(record: BrandRecord): KineticLook {
  const { colors, fonts } = brandFieldsOf(record);
  const face = (family: string, fallback: string) => (Object.hasOwn(kineticFaces, family) ? kineticFaces[family as BrandFontFamily] : fallback);
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
  };
}
