import { brandLogoWidths } from '@reelsmith/contracts';
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
