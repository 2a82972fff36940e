import { z } from 'zod';
import { aiVideoMessages, motionTemplateChoice, videoGeneratorNames } from './ai-video.ts';
import { storyboardSceneCount } from './storyboard.ts';
import { videoAudioTexts } from './video-audio.ts';
import { workflowMessages } from './workflow.ts';

/**
 * SPEC §7 generate-ai-video (Smart Storyboard's Create AI Video; multipart: user_id, video_id?, scene1..N text, image1..N
 * files or imageN_url naming one of the user's own images). It answers at once with the started (or the still running)
 * generation; the page then polls check-video-status every 5 s, at most 24 times (SPEC §4, §9).
 */
export const aiVideoPollMs = 5000;
export const aiVideoMaxPolls = 24;

/** The form fields of scene N (1..6): its text, and its still as a file or as the signed URL of one of the user's images. */
export const aiVideoFieldNames = (n: number) => ({ scene: `scene${n}`, image: `image${n}`, imageUrl: `image${n}_url` });
export const maxAiVideoScenes = storyboardSceneCount;

const userId = z.string().min(1).max(100);
const videoId = z.string().min(1).max(100).optional();

/** The text fields; the scenes and images are read by their numbered names (aiVideoFieldNames). */
export const generateAiVideoForm = z.object({ user_id: userId, video_id: videoId, motion_template: motionTemplateChoice }).catchall(z.string());
export const generateAiVideoResponse = z.object({
  status: z.literal('processing'),
  video_id: z.string(),
  /** True when a generation of this project was still running: that one is followed, and no credit is taken. */
  reconnected: z.boolean(),
});
export type GenerateAiVideoResponse = z.infer<typeof generateAiVideoResponse>;


export const aiVideoStateRequest = z.object({ user_id: userId, video_id: videoId });
/**
 * Which generator makes the clips (the page labels the offline one), and the project's AI video generation if its
 * latest video job is one, so a page opened again finds a generation that is running or finished ('none' otherwise).
 */
export const aiVideoStateResponse = z.object({
  generator: z.enum(videoGeneratorNames),
  status: z.enum(['none', 'processing', 'done', 'error']),
  user_video_url: z.string().nullable(),
  percent: z.number().optional(),
});
export type AiVideoStateResponse = z.infer<typeof aiVideoStateResponse>;

export const storyboardAiVideoTexts = {
  /** SPEC §8 Creation flows, where each applies on this page. */
  tooSlow: videoAudioTexts.tooSlow,
  startFailed: 'Failed to generate video. Please try again.',
  startError: 'Something went wrong while starting the video generation.',
  failed: aiVideoMessages.failed,
  busy: workflowMessages.generatingVideo,
  estimate: 'Each scene is animated and joined into one video; this usually takes one to two minutes.',
  progressLabel: 'AI video progress',
  /** A generation finished while the user was away. */
  ready: 'Your AI video from earlier is ready.',
  showReady: 'Show AI video',
  /** The server's own refusals (the spec names none). */
  noScenes: 'Write the scenes first: each scene becomes part of the AI video.',
  missingScene: (n: number) => `Scene ${n} needs its text.`,
  imageWithoutScene: (n: number) => `Image ${n} has no scene ${n} to go with.`,
  badImage: (n: number, reason: string) => `Image ${n}: ${reason}`,
  notYourImage: (n: number) => `Image ${n}: add it again from your device or the stock search.`,
} as const;
