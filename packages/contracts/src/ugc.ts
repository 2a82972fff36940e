import { z } from 'zod';

/**
 * SPEC §3 UGC form fields and their defaults (Female, Caucasian, Adult, Casual Clothing, Placed on the counter,
 * Livingroom). The values are the spec's own words: they are sent as they are and shown as they are.
 */
export const ugcGenders = ['Female', 'Male', 'Other'] as const;
export const ugcEthnicities = ['Indian', 'Caucasian', 'Southeast Asian', 'Hispanic', 'African'] as const;
export const ugcAgeGroups = ['Adult', 'Teen', 'Elderly'] as const;
export const ugcClothing = ['Casual Clothing', 'Formal Clothing', 'Sportswear', 'Sleepwear', 'Traditional'] as const;
export const ugcPlacements = ['Placed on the counter', 'Held by person'] as const;
export const ugcBackgrounds = ['Livingroom', 'Kitchen', 'Washroom', 'Bathroom', 'Park', 'Cafe', 'Home Office', 'Outdoor'] as const;

export type UgcGender = (typeof ugcGenders)[number];
export type UgcEthnicity = (typeof ugcEthnicities)[number];
export type UgcAgeGroup = (typeof ugcAgeGroups)[number];
export type UgcClothing = (typeof ugcClothing)[number];
export type UgcPlacement = (typeof ugcPlacements)[number];
export type UgcBackground = (typeof ugcBackgrounds)[number];

export const ugcProductMaxLength = 100;

/** The form's choices (SPEC §3 'UGC config'), without the product photo. */
export const ugcConfig = z.object({
  product: z.string().trim().min(1).max(ugcProductMaxLength),
  gender: z.enum(ugcGenders),
  ethnicity: z.enum(ugcEthnicities),
  ageGroup: z.enum(ugcAgeGroups),
  clothing: z.enum(ugcClothing),
  productPlacement: z.enum(ugcPlacements),
  background: z.enum(ugcBackgrounds),
});
export type UgcConfig = z.infer<typeof ugcConfig>;

export const ugcDefaults: Omit<UgcConfig, 'product'> = {
  gender: 'Female',
  ethnicity: 'Caucasian',
  ageGroup: 'Adult',
  clothing: 'Casual Clothing',
  productPlacement: 'Placed on the counter',
  background: 'Livingroom',
};

const backgroundPlaces: Record<UgcBackground, string> = {
  Livingroom: 'a bright, cosy living room',
  Kitchen: 'a clean modern kitchen',
  Washroom: 'a tidy washroom with a mirror and a sink',
  Bathroom: 'a calm bathroom with soft tiles',
  Park: 'a green park on a sunny day',
  Cafe: 'a warm, busy cafe',
  'Home Office': 'a neat home office with a desk and plants',
  Outdoor: 'an open outdoor street in daylight',
};

const person = (config: UgcConfig) => {
  const age = { Adult: 'adult', Teen: 'teenage', Elderly: 'elderly' }[config.ageGroup];
  const who = { Female: 'woman', Male: 'man', Other: 'person' }[config.gender];
  return `a ${age} ${config.ethnicity} ${who} wearing ${config.clothing.toLowerCase()}`;
};

/**
 * The words an image vendor gets for the still: the product (from the photo sent with it) in the chosen place, on a
 * counter or in the hands of the described person. Every choice of the form is in it, so none is dropped.
 */
export function ugcImagePrompt(config: UgcConfig): string {
  const where = backgroundPlaces[config.background];
  const shot =
    config.productPlacement === 'Held by person'
      ? `${person(config)} holds the ${config.product} from the photo towards the camera, smiling, in ${where}`
      : `the ${config.product} from the photo stands on a counter in ${where}, with ${person(config)} beside it`;
  return `Authentic vertical 9:16 user-generated-content photo, shot on a phone: ${shot}. Keep the product exactly as in the photo (shape, colours, label). Natural light, realistic, no text.`;
}

/** The direction for the video (editable on step 2): the still comes to life as a short handheld testimonial. */
export function ugcVideoPrompt(config: UgcConfig): string {
  const action =
    config.productPlacement === 'Held by person'
      ? `${person(config)} shows the ${config.product} to the camera and talks about it with enthusiasm`
      : `${person(config)} picks up the ${config.product} from the counter and presents it to the camera`;
  return `Handheld phone video, slow natural camera motion: ${action}. Keep the product unchanged.`;
}

/** The choices only a real image model can honour: the offline compositor draws no person. */
export const ugcPersonChoices = ['gender', 'ethnicity', 'ageGroup', 'clothing'] as const satisfies readonly (keyof UgcConfig)[];
