import { z } from 'zod';
import { jobEstimateFields } from './busy.ts';
import { aiVideoMessages, aiVideoTransitions, motionTemplateChoice, videoGeneratorNames } from './ai-video.ts';
import { maxImageUploadMb, uploadPolicies } from './uploads.ts';

/**
 * SPEC §2/§4/§5/§7/§9 Product Showcase (/product-showcase): generate-product-showcase (multipart: length 7 or 14,
 * text1, image1, text2, image2, transition, user_id, video_id?) answers {status, error} (and the project it made);
 * the page then polls check-video-status every 10 s. Each 7 s scene is the product image brought to life with its
 * text as the direction, and the text set on it; a 14 s video joins two scenes with the chosen transition.
 */
export const showcaseLengths = ['7', '14'] as const;
export type ShowcaseLength = (typeof showcaseLengths)[number];
export const showcaseSceneSeconds = 7;
/** How many scenes each length has. */
export const showcaseScenes: Record<ShowcaseLength, 1 | 2> = { '7': 1, '14': 2 };
export const showcaseTextMaxLength = 200;
export const showcaseImagePolicy = uploadPolicies['showcase-image'];
/** SPEC §9: Product Showcase polling. */
export const showcasePollMs = 10_000;

/** The form fields of scene N (1 or 2). */
export const showcaseFieldNames = (n: number) => ({ text: `text${n}`, image: `image${n}` });

const userId = z.string().min(1).max(100);
/**
 * The text fields as sent: their length rule (and which scene needs what) is checked by the service, so each refusal
 * has its own words rather than the generic bad request.
 */
export const generateShowcaseFields = z.object({
  user_id: userId,
  video_id: z.string().min(1).max(100).optional(),
  length: z.enum(showcaseLengths),
  text1: z.string().default(''),
  text2: z.string().default(''),
  transition: z.union([z.enum(aiVideoTransitions), z.literal('')]).default(''),
  motion_template: motionTemplateChoice,
});
/** With the measured wait of the job it started, so the page counts down before its first poll 10 s later. */
export const generateShowcaseResponse = z.object({ status: z.literal('processing'), error: z.null(), video_id: z.string(), ...jobEstimateFields });
export type GenerateShowcaseResponse = z.infer<typeof generateShowcaseResponse>;

/** Which generator makes the footage: the page says so where the user generates when it is the offline one. */
export const showcaseSettingsResponse = z.object({ generator: z.enum(videoGeneratorNames) });

export const showcaseTexts = {
  heading: 'Product Showcase',
  lengthLegend: 'Video length',
  lengthOption: (length: ShowcaseLength) => `${length} secs`,
  sceneHeading: (n: number) => `Scene ${n}`,
  textLabel: (n: number) => `Scene ${n} text`,
  textHint: `What the product does in this scene; it is also shown on the video. Up to ${showcaseTextMaxLength} characters.`,
  textCount: (used: number) => `${used} / ${showcaseTextMaxLength}`,
  imageLabel: (n: number) => `Scene ${n} product image`,
  imageHint: `PNG, JPG or WebP, up to ${maxImageUploadMb} MB`,
  imagePreview: (n: number) => `Scene ${n} image preview`,
  transitionLabel: 'Transition',
  transitionPlaceholder: 'Choose a transition',
  transitionPreview: (label: string) => `Preview of the ${label} transition`,
  generate: 'Generate',
  result: 'Your showcase video',
  busy: 'Generating your showcase',
  progressLabel: 'Generation progress',
  /** SPEC §9 estimated waits: 3 min for 7 s, 6 min for 14 s. */
  estimate: (length: ShowcaseLength) => `This usually takes about ${length === '7' ? 3 : 6} min.`,
  /** A generation found running on return to the page: its length is not known here, so no estimate. */
  resumed: 'Your showcase is still being generated.',
  // The server's refusals; SPEC §5 names the image one.
  textTooLong: (n: number) => `Scene ${n} text can be at most ${showcaseTextMaxLength} characters.`,
  imageTooLarge: (bytes: number) => showcaseImagePolicy.tooLargeMessage(bytes),
  needsScene: (n: number) => `Scene ${n} needs a text and an image.`,
  needsTransition: 'Choose a transition for the 14 s video.',
  badImage: (n: number, reason: string) => `Image ${n}: ${reason}`,
  // SPEC §8 creation-flow messages, where the page shows them.
  failed: 'Failed to generate video. Please try again.',
  startFailed: 'Something went wrong while starting the video generation.',
  generationFailed: aiVideoMessages.failed,
  unexpected: 'Unexpected response from server.',
} as const;
