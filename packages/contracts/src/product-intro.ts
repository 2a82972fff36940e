import { z } from 'zod';
import { aiVideoMessages, aiVideoTransitions, motionTemplateChoice, videoGeneratorNames } from './ai-video.ts';
import { maxImageUploadMb, uploadPolicies } from './uploads.ts';

/**
 * SPEC §2/§3/§4/§5/§7/§9 Product Intro (/product-intro): four scenes, each of one of eight types, with a product image
 * each, joined with one of the five transitions. POST /api/generate-product-intro (multipart: user_id, video_id?,
 * transition, sceneN_prompt1, sceneN_prompt2, sceneN_image for N = 1..4) answers {status:'processing', video_id}; the
 * page then polls check-video-status every 5 s until a URL.
 *
 * `sceneN_prompt1` names the scene's type (the server supplies its fixed descriptive prompt itself, so no client can
 * send the vendor words of its own through it); `sceneN_prompt2` is the user's extension of a custom type (SPEC §5:
 * required, at most 90 characters) and must be empty for a fixed one. Each scene is a 3.5 s clip of the image
 * brought to life by the video generator: 14 s in all. One AI credit (SPEC §6).
 */
export const introSceneTypes = [
  'Hero Shot',
  'Hand Showcase',
  'Usage in Action',
  'Lifestyle Context',
  'Exploded Features',
  'Social Proof Snap',
  'Before/After Reveal',
  'Dynamic Outro',
] as const;
export type IntroSceneType = (typeof introSceneTypes)[number];

export interface IntroSceneDefinition {
  /** A custom type takes the user's extension after its prompt; a fixed one is its prompt alone. */
  custom: boolean;
  /** The fixed descriptive prompt the video generator gets for this type. */
  prompt: string;
  /** What the extension field asks for (custom types). */
  extensionHint?: string;
}

/** SPEC §3: the eight types, their fixed prompts, and which take a user extension. */
export const introScenes: Record<IntroSceneType, IntroSceneDefinition> = {
  'Hero Shot': {
    custom: false,
    prompt:
      'Cinematic hero shot of the product from the image, centred on a clean backdrop: a slow push-in with soft studio light and gentle reflections. Keep the product exactly as in the image.',
  },
  'Hand Showcase': {
    custom: false,
    prompt:
      'A hand holds the product from the image and turns it slowly towards the camera, showing its front and label in soft natural light with a shallow depth of field. Keep the product exactly as in the image.',
  },
  'Usage in Action': {
    custom: true,
    prompt: 'The product from the image in use, close-up and natural, with smooth handheld camera motion. Keep the product exactly as in the image.',
    extensionHint: 'How the product is used, e.g. “serum dropped onto a fingertip”.',
  },
  'Lifestyle Context': {
    custom: true,
    prompt: 'The product from the image in an everyday lifestyle setting, warm natural light, a slow cinematic camera move. Keep the product exactly as in the image.',
    extensionHint: 'Where and with whom, e.g. “on a sunny breakfast table”.',
  },
  'Exploded Features': {
    custom: true,
    prompt:
      'An exploded view of the product from the image: its parts separate and float apart in a clean studio space to show its key features, then come back together.',
    extensionHint: 'The features to show, e.g. “the pump, the glass bottle, the vitamin C core”.',
  },
  'Social Proof Snap': {
    custom: false,
    prompt:
      'An authentic phone-camera snapshot of a happy customer showing the product from the image, upbeat and genuine, like a five-star review. Keep the product exactly as in the image.',
  },
  'Before/After Reveal': {
    custom: true,
    prompt: 'A before and after reveal: the scene opens on the problem, then a smooth sweep reveals the better result with the product from the image.',
    extensionHint: 'The before and the after, e.g. “dull skin, then a bright glow”.',
  },
  'Dynamic Outro': {
    custom: true,
    prompt:
      'A dynamic closing shot: the product from the image sweeps into the centre of the frame with an energetic camera move and settles, leaving room for a call to action.',
    extensionHint: 'The closing mood or offer, e.g. “confetti for the summer sale”.',
  },
};

export const introSceneCount = 4;
/** SPEC §9: 4 scenes make the 14 s video (the transitions play over the cuts). */
export const introSceneSeconds = 3.5;
export const introSeconds = introSceneCount * introSceneSeconds;
/** SPEC §5/§9: a custom scene's extension, at most 90 characters. */
export const introExtensionMax = 90;
export const introImagePolicy = uploadPolicies['intro-image'];
export const introSceneNumbers = [1, 2, 3, 4] as const;
export type IntroSceneNumber = (typeof introSceneNumbers)[number];

export const isIntroSceneType = (value: string): value is IntroSceneType => (introSceneTypes as readonly string[]).includes(value);

/** What the video generator is asked for a scene: the type's fixed prompt, then the user's extension for a custom type. */
export function introScenePrompt(type: IntroSceneType, extension = ''): string {
  const { custom, prompt } = introScenes[type];
  const added = extension.trim();
  return custom && added ? `${prompt} ${added}` : prompt;
}

/** The form fields of scene N (SPEC §7). */
export const introFieldNames = <N extends number>(n: N) =>
  ({ type: `scene${n}_prompt1`, extension: `scene${n}_prompt2`, image: `scene${n}_image` }) as { type: `scene${N}_prompt1`; extension: `scene${N}_prompt2`; image: `scene${N}_image` };
/** Any field or file of a scene, whatever its number: a fifth (or a zeroth) one is refused rather than ignored. */
const introScenePattern = /^scene(\d+)_/;
/** The scene a field belongs to (scene3_image → 3), or null for a field of no scene. */
export const introSceneOf = (name: string) => {
  const found = introScenePattern.exec(name);
  return found ? Number(found[1]) : null;
};

const text = z.string().default('');
/**
 * The text fields as sent. Types and extensions are plain text here, checked by the service in the page's order so
 * each refusal has its own words; the transition is one of the five (its absence has its own words too). Other fields
 * are kept, so a fifth scene's can be refused rather than ignored.
 */
export const generateIntroFields = z
  .object({
    user_id: z.string().min(1).max(100),
    video_id: z.string().min(1).max(100).optional(),
    transition: z.enum(aiVideoTransitions),
    motion_template: motionTemplateChoice,
    scene1_prompt1: text,
    scene1_prompt2: text,
    scene2_prompt1: text,
    scene2_prompt2: text,
    scene3_prompt1: text,
    scene3_prompt2: text,
    scene4_prompt1: text,
    scene4_prompt2: text,
  })
  .catchall(z.string());
/** `reconnected`: the project's generation was still running, so this start follows it (no second one, no credit). */
export const generateIntroResponse = z.object({ status: z.literal('processing'), video_id: z.string(), reconnected: z.boolean() });
export type GenerateIntroResponse = z.infer<typeof generateIntroResponse>;

/** Which generator makes the footage: the page labels the offline one where the user generates. */
export const introSettingsResponse = z.object({ generator: z.enum(videoGeneratorNames) });

export const introTexts = {
  /** One product photo serves the whole intro (issue 29 §8): said when it fills the scenes still without one. */
  imageReused: (scenes: number[]) =>
    `The same image is used for scene${scenes.length > 1 ? 's' : ''} ${scenes.length > 1 ? `${scenes.slice(0, -1).join(', ')} and ${scenes.at(-1)}` : scenes[0]}. Choose another image in any scene to change it.`,
  heading: 'Product Intro',
  intro: 'Four 3.5 s scenes of your product, joined into a 14 s video. Pick a type for each scene (a type may be used more than once) and add its image.',
  sceneHeading: (n: number) => `Scene ${n}`,
  typeLabel: (n: number) => `Scene ${n} type`,
  typePlaceholder: 'Choose a scene type',
  fixedBadge: 'Fixed',
  customBadge: 'Custom',
  promptLabel: (n: number) => `Scene ${n} direction`,
  extensionLabel: (n: number) => `Scene ${n} details`,
  extensionCount: (used: number) => `${used} / ${introExtensionMax}`,
  imageLabel: (n: number) => `Scene ${n} image`,
  changeImage: 'Change',
  imageZone: 'Drop the product image here or choose it',
  imageHint: `PNG, JPG or WebP, up to ${maxImageUploadMb} MB`,
  imagePreview: (n: number) => `Scene ${n} image preview`,
  removeImage: (n: number) => `Remove the scene ${n} image`,
  transitionLabel: 'Transition',
  transitionPreview: (label: string) => `Preview of the ${label} transition`,
  generate: 'Generate',
  result: 'Your product intro video',
  busy: 'Generating your product intro',
  estimate: 'This usually takes a few minutes.',
  restoring: 'Looking for your video in progress…',
  progressLabel: 'Generation progress',
  /** Where the offline generator makes the footage: what it does with the scene directions (UI.md offline stand-ins). */
  offlineDirections: 'The motion template moves the camera over each image and does not follow the scene directions.',
  /** The badge on a result the offline renderer made, and what it means. */
  offlineBadge: 'Motion template',
  offlineBadgeTooltip: 'Made with a motion template: a camera move over your images, not AI-generated footage.',

  // The server's refusals (SPEC §5: every scene needs a file; a custom scene prompt needs text, max 90 chars; a
  // transition is needed), checked before anything is stored or charged.
  needsType: (n: number) => `Choose a type for scene ${n}.`,
  unknownType: (n: number) => `Scene ${n}: choose one of the eight scene types.`,
  needsExtension: (n: number) => `Scene ${n} needs details (up to ${introExtensionMax} characters).`,
  extensionTooLong: (n: number) => `Scene ${n} details can be at most ${introExtensionMax} characters.`,
  extensionNotAllowed: (n: number, type: string) => `Scene ${n}: ${type} is a fixed scene and takes no details.`,
  needsImage: (n: number) => `Scene ${n} needs an image.`,
  badImage: (n: number, reason: string) => `Scene ${n} image: ${reason}`,
  needsTransition: 'Please choose a transition.',
  tooManyScenes: `A Product Intro has exactly ${introSceneCount} scenes.`,

  // SPEC §8 creation flows, where the page shows them.
  /** The start was refused without a text of its own. */
  startFailed: 'Failed to generate video. Please try again.',
  /** The start never got an answer (offline, server down). */
  startUnreachable: 'Something went wrong while starting the video generation.',
  /** The start answered success with something other than the promised answer. */
  unexpected: 'Unexpected response from server.',
  /** The generation itself failed (the job's own text). */
  generationFailed: aiVideoMessages.failed,
  /** A status poll failed or answered something unreadable. */
  pollFailed: 'Failed to check video status',
} as const;
