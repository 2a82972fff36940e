import { z } from 'zod';
import { plans, type PlanId } from './plans.ts';
import { voiceNames } from './voices.ts';
import { subtitleStyleNames } from './workflow.ts';

/**
 * Brand kits (issue 32): what every video of one business shares (logo and its placement, colours, fonts, caption
 * style, voice, music, the end card). A project belongs to the brand that was active when it started.
 */

/** The families the render machines have (scripts/lib/os-tools.mjs installs them); a brand may also upload its own. */
export const brandFontFamilies = ['Roboto', 'Inter', 'Open Sans', 'Lato', 'Bebas Neue', 'League Spartan'] as const;
export type BrandFontFamily = (typeof brandFontFamilies)[number];

export const brandLogoPositions = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export const brandLogoSizes = ['small', 'medium', 'large'] as const;
export type BrandLogoSize = (typeof brandLogoSizes)[number];
/** Width of the logo on the 1080 px wide frame, per size. */
export const brandLogoWidths: Record<BrandLogoSize, number> = { small: 140, medium: 200, large: 280 };

/** How many brands each plan keeps (issue 32). */
export const brandAllowance: Record<PlanId, number> = { free: 1, starter: 1, growth: 3, pro: 10, trial: 3 };

export const brandLimits = {
  name: 60,
  voiceInstructions: 500,
  ctaText: 60,
  ctaContact: 80,
  fontFamily: 80,
  /** An uploaded font file; real families are 20 KB to 2 MB, so 5 MB is generous. */
  fontBytes: 5 * 1024 * 1024,
} as const;

/** The plan past which more brands are kept, named in the refusal; null when no plan keeps more. */
export function planWithMoreBrands(current: PlanId): PlanId | null {
  const order: PlanId[] = ['free', 'starter', 'growth', 'pro'];
  return order.find((id) => brandAllowance[id] > brandAllowance[current]) ?? null;
}

export const brandMessages = {
  notFound: 'Brand not found.',
  invalid: 'Please check the brand details.',
  nameTaken: 'You already have a brand with this name.',
  limit: (plan: PlanId): string => {
    const allowed = brandAllowance[plan];
    const mine = `Your ${plans[plan].title} plan includes ${allowed} ${allowed === 1 ? 'brand' : 'brands'}.`;
    const next = planWithMoreBrands(plan);
    return next ? `${mine} Upgrade to ${plans[next].title} for up to ${brandAllowance[next]} brands.` : `${mine} Delete a brand to add another.`;
  },
  lastBrand: 'You need at least one brand. Add another brand before deleting this one.',
  unknownFont: 'Choose one of the listed fonts, or upload your own font first.',
  fontType: 'Please upload a TTF, OTF or WOFF2 font file.',
  fontTooLarge: 'The font must be at most 5 MB.',
  fontUnreadable: 'This font file could not be read. Please upload the complete TTF, OTF or WOFF2 file.',
  fontLicence: 'Please confirm that you may use this font in your videos.',
  noEndCard: 'Write an end card line first.',
  previewNotReady: 'The preview picture is still being made. Please try again in a minute.',
} as const;

const hexColour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'a colour is #rrggbb')
  .transform((c) => c.toLowerCase());
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value.replace(/\s+/g, ' '));

export const brandColorsSchema = z.object({ primary: hexColour, secondary: hexColour, text: hexColour });
export const brandFontsSchema = z.object({ heading: z.string().trim().min(1).max(brandLimits.fontFamily), body: z.string().trim().min(1).max(brandLimits.fontFamily) });
export const brandLogoSchema = z.object({
  position: z.enum(brandLogoPositions),
  size: z.enum(brandLogoSizes),
  opacity: z.number().min(0.2).max(1),
});

/** The fields a brand is made of; a new brand starts from these defaults. */
export const brandFieldsSchema = z.object({
  name: line(brandLimits.name).pipe(z.string().min(1)),
  colors: brandColorsSchema,
  fonts: brandFontsSchema,
  caption_style: z.enum(subtitleStyleNames),
  voice: z.enum(voiceNames),
  voice_instructions: line(brandLimits.voiceInstructions),
  /** A library track's slug, or null for none. */
  music: z.string().min(1).max(80).nullable(),
  cta_text: line(brandLimits.ctaText),
  cta_contact: line(brandLimits.ctaContact),
  logo: brandLogoSchema.nullable(),
});
export type BrandFields = z.output<typeof brandFieldsSchema>;

export const brandDefaults: Omit<BrandFields, 'name'> = {
  colors: { primary: '#1f6feb', secondary: '#ffe500', text: '#ffffff' },
  fonts: { heading: 'League Spartan', body: 'Inter' },
  caption_style: 'Default',
  voice: 'alloy',
  voice_instructions: '',
  music: null,
  cta_text: '',
  cta_contact: '',
  logo: { position: 'top-right', size: 'medium', opacity: 1 },
};

export const createBrandRequest = brandFieldsSchema.partial().required({ name: true });
export const updateBrandRequest = brandFieldsSchema.partial();
export const brandParams = z.object({ id: z.string().min(1).max(100) });

export const brandSchema = brandFieldsSchema.extend({
  id: z.string(),
  logo_url: z.string().nullable(),
  /** The family of the font this brand uploaded, usable as heading or body. */
  uploaded_font: z.string().nullable(),
  active: z.boolean(),
  project_count: z.number().int(),
});
export type Brand = z.infer<typeof brandSchema>;

export const brandsResponse = z.object({ brands: z.array(brandSchema), allowed: z.number().int(), active_id: z.string() });
export const brandResponse = z.object({ brand: brandSchema });
export const deleteBrandResponse = z.object({ status: z.literal('success'), moved_to: z.string().nullable(), moved_projects: z.number().int() });
export const uploadFontRequest = z.object({ licensed: z.enum(['true', 'on', 'yes']) });

/** The dashboard's brand filter: one brand's id, or every brand. */
export const allBrands = 'all';
