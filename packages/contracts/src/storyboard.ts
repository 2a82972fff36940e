import { z } from 'zod';
import { voiceoverMessages } from './voiceover.ts';

/**
 * SPEC §2 Smart Storyboard and §7 generate-and-store-scenes, update-scene, generate-storyboard (all form posts). Like
 * every workflow call they may name the project (`video_id`); without it they act on the user's latest project.
 */
export const storyboardSceneCount = 6;
/** SPEC §9: 8 MB per scene video. */
export const maxStoryboardVideoBytes = 8 * 1024 * 1024;
/** The longest scene text: the writer's own limit, so a generated scene always fits. */
export const maxSceneChars = 600;
/** SPEC §7: the page gives generate-storyboard 120 s before it gives up. */
export const storyboardTimeoutMs = 120_000;

const userId = z.string().min(1).max(100);
const videoId = z.string().min(1).max(100).optional();

export const generateScenesRequest = z.object({ user_id: userId, video_id: videoId });

const sceneText = z.string().max(maxSceneChars);
/** A scene's picture or clip as stored for it (one of the user's uploads), so a reload finds it where it was. */
export const sceneMediaKinds = ['image', 'video'] as const;
export const sceneMediaItem = z.object({ url: z.string(), name: z.string(), size: z.number().int().nonnegative() });
export type SceneMediaItem = z.infer<typeof sceneMediaItem>;
export const sceneMedia = z.object({ image: sceneMediaItem.nullable(), video: sceneMediaItem.nullable() });
export type SceneMedia = z.infer<typeof sceneMedia>;

export const scenesResponse = z.object({
  scene1: sceneText,
  scene2: sceneText,
  scene3: sceneText,
  scene4: sceneText,
  scene5: sceneText,
  scene6: sceneText,
  video_id: z.string(),
  /** Not in SPEC §7's answer: each scene's stored image and video, in scene order (issue 29 §3). */
  scene_media: z.array(sceneMedia).optional(),
});
export type ScenesResponse = z.infer<typeof scenesResponse>;

export const updateSceneRequest = z.object({
  user_id: userId,
  video_id: videoId,
  scene_index: z.coerce.number().int().min(1).max(storyboardSceneCount),
  scene_text: z.string().trim().max(maxSceneChars),
});
export const updateSceneResponse = z.object({ status: z.literal('success'), video_id: z.string() });

/** Keeps a scene's image or video (the signed URL of one of the user's uploads), or lets it go (null). */
export const saveSceneMediaRequest = z.object({
  user_id: userId,
  video_id: videoId,
  scene_index: z.coerce.number().int().min(1).max(storyboardSceneCount),
  kind: z.enum(sceneMediaKinds),
  url: z.string().max(2000).nullable(),
  name: z.string().trim().max(200).default(''),
});
export const saveSceneMediaResponse = z.object({ status: z.literal('success') });

export const generateStoryboardResponse = z.object({ user_video_url: z.string(), video_id: z.string() });

/** The form fields of scene N (1..6): its text, and its video as a file or as the signed URL of one of the user's uploads. */
export const storyboardFieldNames = (n: number) => ({ scene: `scene${n}`, video: `video${n}`, videoUrl: `video${n}_url` });

/** Scene N as the page reads it from a scenes response. */
export const sceneKey = (n: number) => `scene${n}` as `scene${1 | 2 | 3 | 4 | 5 | 6}`;

export const storyboardTexts = {
  /** A scene's media must be one of the user's own uploads of that kind. */
  notYourMedia: (kind: 'image' | 'video') => `That ${kind} could not be kept with the scene. Add it again from your device or the stock search.`,
  /** SPEC §5, checked by the page and again by the server. */
  missingVideo: (n: number) => `Missing video ${n}`,
  emptyVideo: (n: number) => `Video ${n} is empty`,
  videoTooLarge: (n: number) => `Video ${n} exceeds 8MB limit`,
  fileTooLarge: 'File size exceeds 8MB limit.',
  invalidImage: 'Please upload a valid image file.',
  /** The server's own texts (the spec names none for these). */
  /** A file whose bytes were refused: the upload check's own reason, named by its scene. */
  videoRefused: (n: number, reason: string) => `Video ${n}: ${reason}`,
  notYourVideo: (n: number) => `Video ${n}: choose one of your own videos.`,
  needsScript: 'Write the script first: the storyboard scenes are made from it.',
  needsScenes: 'Generate the storyboard first.',
  needsVoiceover: voiceoverMessages.noVoiceover,
  loadFailed: 'Could not load the storyboard. Please try again.',
  saveFailed: 'Could not save this scene. Please try again.',
  /** Shown under the busy text while the video renders. */
  estimate: 'This usually takes under a minute.',
  /** Shown while the six scenes are written. */
  scenesEstimate: 'Writing the six scenes usually takes under 30 secs.',
} as const;
