import { z } from 'zod';
import { aiVideoTransitions, videoGeneratorNames } from './ai-video.ts';
import { maxImageUploadMb, uploadPolicies } from './uploads.ts';

/**
 * SPEC §2/§4/§5/§7 Before/After (/before-after): POST /api/generate-before-after (multipart: user_id, video_id?,
 * before_type, after_type, transition, before_file, after_file, before_prompt, after_prompt) answers
 * {status:'processing', video_id}; the page then polls check-video-status every 5 s until a URL.
 *
 * A side's type says what its file is and how it becomes its 7 s scene:
 * - 'video': the clip cut (or its last frame held) to 7 s, fitted to 9:16;
 * - 'image': the still animated by the offline motion renderer (free; the prompt, if any, picks the camera move);
 * - 'image-to-video': the still sent with its prompt (required) to the configured video generator. A Generate with
 *   one or both sides of this type costs one AI credit; without, none.
 */
export const beforeAfterSides = ['before', 'after'] as const;
export type BeforeAfterSide = (typeof beforeAfterSides)[number];
export const beforeAfterSideTypes = ['image', 'video', 'image-to-video'] as const;
export type BeforeAfterSideType = (typeof beforeAfterSideTypes)[number];

/** SPEC §9: each scene is 7 s, so the joined video is 14 s (the transition plays over the cut). */
export const beforeAfterSceneSeconds = 7;
export const beforeAfterPromptMax = 500;
export const beforeAfterUploadPolicy = uploadPolicies['before-after'];

export const beforeAfterFieldNames = (side: BeforeAfterSide) => ({ type: `${side}_type`, file: `${side}_file`, prompt: `${side}_prompt` }) as const;

const prompt = z.string().trim().max(beforeAfterPromptMax).default('');
export const generateBeforeAfterFields = z.object({
  user_id: z.string().min(1).max(100),
  video_id: z.string().min(1).max(100).optional(),
  before_type: z.enum(beforeAfterSideTypes),
  after_type: z.enum(beforeAfterSideTypes),
  transition: z.enum(aiVideoTransitions),
  before_prompt: prompt,
  after_prompt: prompt,
});
export const generateBeforeAfterResponse = z.object({ status: z.literal('processing'), video_id: z.string() });
export type GenerateBeforeAfterResponse = z.infer<typeof generateBeforeAfterResponse>;

/** What the page needs before a Generate: whether 'image to video' may be offered (SPEC §4), and by what generator. */
export const beforeAfterOptionsResponse = z.object({
  ai_credits_left: z.boolean(),
  generator: z.enum(videoGeneratorNames),
});
export type BeforeAfterOptions = z.infer<typeof beforeAfterOptionsResponse>;

const sideName = (side: BeforeAfterSide) => (side === 'before' ? 'Before' : 'After');

export const beforeAfterTexts = {
  /** Set in the top-left corner of each half of the video, so a viewer always knows which side they see. */
  sideLabel: (side: BeforeAfterSide) => side.toUpperCase(),
  // The server's refusals (SPEC §5: both files and a transition; a prompt where image to video is chosen).
  missingFiles: 'Please add both the before and the after file.',
  missingTransition: 'Please choose a transition.',
  missingPrompt: (side: BeforeAfterSide) => `${sideName(side)}: please describe how the image should move (image to video).`,
  /** Said after the side's name (badFile): the file is not of the type chosen for its side. */
  wrongKind: (kind: 'image' | 'video') => `Please upload ${kind === 'image' ? 'an image' : 'a video'}, as chosen for this side.`,
  badFile: (side: BeforeAfterSide, reason: string) => `${sideName(side)}: ${reason}`,
  // SPEC §8 creation flows, where the page shows them.
  /** The start was refused without a text of its own. */
  startFailed: 'Failed to generate video. Please try again.',
  /** The start answered success with something other than the promised answer. */
  unexpected: 'Unexpected response from server.',
  /** The start never got an answer (offline, server down). */
  startUnreachable: 'Something went wrong while starting the video generation.',
  /** The generation itself failed (the job's own text, aiVideoMessages.failed). */
  generationFailed: 'Video generation failed or timed out.',
  /** A status poll failed or answered something unreadable. */
  pollFailed: 'Video generation failed, please try again',
  busy: 'Generating your Before/After video',
  estimate: 'This usually takes a minute or two.',
  progressLabel: 'Generation progress',
  /** The option's name says its cost: a motion template (no AI vendor set up) takes no AI credit (issue 29 §1). */
  imageToVideo: (motionTemplate: boolean) => `Image to video (${motionTemplate ? 'motion template, no AI credit' : '1 AI credit for this video'})`,
  promptLabel: (side: BeforeAfterSide) => `${sideName(side)} prompt`,
  zoneHint: `An image or a video, up to ${maxImageUploadMb} MB`,
} as const;
