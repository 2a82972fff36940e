import { z } from 'zod';
import { jobEstimateFields } from './busy.ts';
import { motionTemplateChoice, videoGeneratorNames } from './ai-video.ts';
import { maxImageUploadMb, uploadPolicies } from './uploads.ts';

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

/** The choices that shape the person: a vendor draws them in its photo, the offline compositor as an illustrated presenter. */
export const ugcPersonChoices = ['gender', 'ethnicity', 'ageGroup', 'clothing'] as const satisfies readonly (keyof UgcConfig)[];
export type UgcPerson = Pick<UgcConfig, (typeof ugcPersonChoices)[number]>;

/** SPEC §9: UGC video lengths, default 7. */
export const ugcLengths = ['7', '14'] as const;
export type UgcLength = (typeof ugcLengths)[number];
export const ugcDefaultLength: UgcLength = '7';
/** SPEC §4/§9: both steps poll every 5 s. */
export const ugcPollMs = 5000;
export const ugcPromptMaxLength = 1000;
export const ugcImagePolicy = uploadPolicies['ugc-product'];

const userId = z.string().min(1).max(100);
const videoId = z.string().min(1).max(100).optional();

/** SPEC §7 generate-ugc-image (multipart): the form's choices; `productImage` is the file part. */
export const generateUgcImageFields = ugcConfig.extend({
  user_id: userId,
  video_id: videoId,
  // Emptiness is checked by the service, so a missing name has its own words rather than the generic bad request.
  product: z.string().max(ugcProductMaxLength).default(''),
});
export const generateUgcImageResponse = z.object({ status: z.literal('processing'), video_id: z.string() });

export const ugcUserRequest = z.object({ user_id: userId, video_id: videoId });

/** SPEC §7 check-image-status: `ugc_image` once the still exists; the page polls until then. */
export const checkImageStatusResponse = z.object({
  ugc_image: z.string().nullable(),
  status: z.enum(['processing', 'done', 'error']),
  error: z.string().nullable(),
  percent: z.number().min(0).max(100),
  ...jobEstimateFields,
});
export type CheckImageStatusResponse = z.infer<typeof checkImageStatusResponse>;

/** SPEC §3 'UGC config (latest)', in the spec's field names; `video_id` null when the user has made no UGC image yet. */
export const latestUgcConfigResponse = z.object({
  video_id: z.string().nullable(),
  product: z.string().optional(),
  gender: z.enum(ugcGenders).optional(),
  ethnicity: z.enum(ugcEthnicities).optional(),
  agegroup: z.enum(ugcAgeGroups).optional(),
  clothing: z.enum(ugcClothing).optional(),
  productplacement: z.enum(ugcPlacements).optional(),
  background: z.enum(ugcBackgrounds).optional(),
  product_image: z.string().optional(),
});
export type LatestUgcConfig = z.infer<typeof latestUgcConfigResponse>;

/** SPEC §3 'UGC image', with what step 2 restores: the prompt (the last one sent, else the suggested one) and length. */
export const latestUgcImageResponse = z.object({
  video_id: z.string().nullable(),
  ugc_image: z.string().nullable(),
  prompt: z.string(),
  video_length: z.enum(ugcLengths),
  /** A video generation was started for this image: the page follows it with check-video-status. */
  video_started: z.boolean(),
});
export type LatestUgcImage = z.infer<typeof latestUgcImageResponse>;

/** SPEC §7 ugc-generate-video (form). */
export const ugcGenerateVideoFields = z.object({
  user_id: userId,
  video_id: videoId,
  prompt: z.string().max(ugcPromptMaxLength).default(''),
  video_length: z.enum(ugcLengths).default(ugcDefaultLength),
  motion_template: motionTemplateChoice,
});
export const ugcGenerateVideoResponse = z.object({ status: z.literal('processing'), video_id: z.string() });

export const imageGeneratorNames = ['openai', 'fal', 'local'] as const;
/** Which generators make the still and the video: the offline ones are labelled as such on the pages. */
export const ugcSettingsResponse = z.object({
  image_generator: z.enum(imageGeneratorNames),
  video_generator: z.enum(videoGeneratorNames),
  /** How many UGC images the user may still make in this plan period. */
  images_left: z.number().int().min(0),
});
export type UgcSettings = z.infer<typeof ugcSettingsResponse>;

export const ugcFieldLabels: Record<keyof UgcConfig, string> = {
  product: 'Product name',
  gender: 'Gender',
  ethnicity: 'Ethnicity',
  ageGroup: 'Age group',
  clothing: 'Clothing',
  productPlacement: 'Product placement',
  background: 'Background',
};

export const ugcTexts = {
  heading: 'UGC Video',
  imageLabel: 'Product image',
  // SPEC §5/§9's hint said 5 MB, a limit nothing enforced; it says the one that is (issue 29).
  imageHint: `PNG, JPG or WebP, max ${maxImageUploadMb} MB`,
  imagePreview: 'Product image preview',
  keptPhoto: 'The photo of your last UGC image. Replace it to use another.',
  generateImage: 'Generate Image',
  imageBusy: 'Generating your UGC image',
  imageEstimate: 'This usually takes under a minute. Do not refresh.',
  offlineImage: 'Image template: your product is placed on an illustrated scene of the background you choose, beside an illustrated presenter.',
  offlinePeople: (choices: string) => `${choices} shape the illustrated presenter. The picture is tagged 'Illustration', as it shows no real person.`,
  imagesLeft: (n: number) => `${n} image generation${n === 1 ? '' : 's'} left in this plan period.`,
  // Server refusals (SPEC §5: product name and image are needed).
  needProduct: 'Please enter the product name.',
  needImage: 'Please add a product image.',
  badImage: (reason: string) => `Product image: ${reason}`,
  imageLimit: (n: number) => `You have made all ${n} UGC images of this plan period. Use one of them, or upgrade your plan for more.`,
  // SPEC §8.
  imageFailed: 'Image generation failed',
  imageCheckFailed: 'Failed to check image status',
  imageUnderWay: 'A UGC image is being made already. Please wait for it to finish.',
  imageRefused: 'The image provider refused this photo or description. Try another photo or wording.',
  // Step 2.
  step2Heading: 'UGC Video: your video',
  ugcImageAlt: (product: string) => `Generated UGC image of ${product}`,
  promptLabel: 'Prompt',
  promptHint: 'How the scene should move. Edit it as you like.',
  lengthLegend: 'Video length',
  lengthOption: (length: UgcLength) => `${length} secs`,
  generateVideo: 'Generate Video',
  videoBusy: 'Generating your UGC video',
  videoResumed: 'Your UGC video is still being made. Do not refresh.',
  videoEstimate: (length: UgcLength) => `This can take ${length === '7' ? '3' : '6'} min. Do not refresh.`,
  progressLabel: 'Generation progress',
  result: 'Your UGC video',
  needPrompt: 'Please enter a prompt.',
  needUgcImage: 'Generate the UGC image first.',
  noImageYet: 'No UGC image yet. Start with the form.',
  // SPEC §8 creation flows, where the page shows them.
  videoStartFailed: 'Failed to generate video. Please try again.',
  startUnreachable: 'Something went wrong while starting the video generation.',
  unexpected: 'Unexpected response from server.',
  videoCheckFailed: 'Failed to check video status',
  videoFailed: 'Video generation failed or timed out.',
  backToForm: 'Back to the form',
  newImage: 'Make another image',
} as const;
