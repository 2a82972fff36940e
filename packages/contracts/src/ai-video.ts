import { imageEffects } from './image-to-video.ts';

/** How AI video scenes are joined: the same five transitions as everywhere else (SPEC §3). */
export const aiVideoTransitions = imageEffects;
export type AiVideoTransition = (typeof aiVideoTransitions)[number];

/** Which generator makes AI video: a hosted vendor, or the offline motion renderer ('local'), which pages label. */
export const videoGeneratorNames = ['local', 'fal', 'replicate'] as const;
export type VideoGeneratorName = (typeof videoGeneratorNames)[number];

/**
 * The offline motion templates (issue 30): each a drawn scene, a camera move and kinetic type of its own. `photo` is
 * for a picture that is a scene itself (a shop front, a plate): it fills the frame and the camera moves over it. `ugc`
 * is the UGC Video's offline still drawn again in parts, its illustrated presenter moving and holding up the product.
 */
export const motionTemplateNames = ['hero', 'hand', 'usage', 'lifestyle', 'features', 'reveal', 'social-proof', 'outro', 'showcase', 'photo', 'ugc'] as const;
export type MotionTemplateName = (typeof motionTemplateNames)[number];

/** The texts of AI video generation (issue 14 §1); the flows built on it add their own. */
export const aiVideoMessages = {
  /** A vendor's content policy turned the input down: the credit comes back. */
  refused: 'The video provider refused this image or prompt. Try another image or wording.',
  failed: 'Video generation failed or timed out.',
  dailyLimit: (perDay: number) => `You have used today's ${perDay} AI video generations. Please try again tomorrow.`,
  /**
   * Shown where a user picks the offline generator: it animates the still, it does not generate footage. Customers
   * are told what they get; how an operator switches a vendor on is printed at the server's start (standInsLine).
   */
  offline: 'Motion template: your picture in a drawn, moving scene with your words, not AI-generated footage',
  /** Beside Generate, before the click: what the start will cost (issue 29 §1). */
  offlineCost: 'Motion template · no AI credit',
  vendorCost: 'Uses 1 AI credit',
  /** Offline generations cost no credit but CPU: each user has a bound per day and at once. */
  offlineDailyLimit: (perDay: number) => `You have made today's ${perDay} motion templates. Please try again tomorrow.`,
  offlineAtOnce: (atOnce: number) =>
    `${atOnce === 1 ? 'A motion template is' : `${atOnce} motion templates are`} being made for you. Please wait for ${atOnce === 1 ? 'it' : 'one'} to finish, then try again.`,
} as const;
