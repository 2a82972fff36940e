import { brandDefaults, brandFontFamilies, brandLogoSizes, type Brand, type BrandFields } from '@reelsmith/contracts';

/** The page's own words (the server's messages come from the contracts and are shown as sent). */
export const brandTexts = {
  heading: 'Brands',
  intro: 'Each brand keeps the logo, colours, fonts, captions, voice, music and end card its videos share. New videos use the active brand.',
  newBrand: 'New brand',
  newBrandName: 'New brand',
  allowance: (count: number, allowed: number) => `${count} of ${allowed} ${allowed === 1 ? 'brand' : 'brands'}`,
  atBound: 'Your plan keeps no more brands.',
  saved: (name: string) => `${name} is saved.`,
  created: (name: string) => `${name} is added.`,
  activated: (name: string) => `${name} is now the active brand.`,
  nameRequired: 'Please enter a brand name.',
  saveFirst: 'Save the brand first to add a logo or a font.',
  licence: 'This font is mine to use (I own it or its licence allows it)',
  fontHint: 'TTF, OTF or WOFF2, up to 5 MB. Once uploaded, its family is listed under Heading font and Body font.',
  fontNeedsFile: 'Choose a font file to upload.',
  fontNeedsLicence: 'Tick the box to confirm you may use this font.',
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteMoves: (count: number, heir: string) => `Its ${count} ${count === 1 ? 'video moves' : 'videos move'} to ${heir}.`,
  deleted: (name: string, count: number, heir: string) => `${name} is deleted. ${count} ${count === 1 ? 'video' : 'videos'} moved to ${heir}.`,
  projects: (count: number) => `${count} ${count === 1 ? 'video' : 'videos'}`,
} as const;

/** Heading and body fonts: the families the render machines have, and the brand's own uploaded one. */
export function fontChoices(uploaded: string | null): string[] {
  return uploaded && !(brandFontFamilies as readonly string[]).includes(uploaded) ? [...brandFontFamilies, uploaded] : [...brandFontFamilies];
}

/** What the form edits: a brand's fields, and the placement kept while the logo is switched off. */
export interface BrandDraft {
  fields: BrandFields;
  placement: NonNullable<BrandFields['logo']>;
}

export function draftOf(brand: Brand | null): BrandDraft {
  const fields: BrandFields = brand
    ? {
        name: brand.name,
        colors: brand.colors,
        fonts: brand.fonts,
        caption_style: brand.caption_style,
        voice: brand.voice,
        voice_instructions: brand.voice_instructions,
        music: brand.music,
        cta_text: brand.cta_text,
        cta_contact: brand.cta_contact,
        logo: brand.logo,
      }
    : { ...brandDefaults, name: '' };
  return { fields, placement: fields.logo ?? brandDefaults.logo! };
}

/** The brand that takes the deleted brand's videos: the user's first other brand, as the server picks it. */
export function heirOf(brand: Brand, brands: readonly Brand[]): Brand | null {
  return brands.find((other) => other.id !== brand.id) ?? null;
}

export const logoSizeLabels: Record<(typeof brandLogoSizes)[number], string> = { small: 'Small', medium: 'Medium', large: 'Large' };
export const logoPositionLabels = { 'top-left': 'Top left', 'top-right': 'Top right', 'bottom-left': 'Bottom left', 'bottom-right': 'Bottom right' } as const;
