import { z } from 'zod';
import { createVideoEntryRequest } from './billing.ts';
import { maxImageUploadMb } from './uploads.ts';

/** The kinds of video project a creation flow starts (SPEC §1 video types); stored on the project row. */
export const projectVideoTypes = [
  'smart-storyboard',
  'image-to-video',
  'scroll-stopper',
  'own-video',
  'product-showcase',
  'ugc',
  'before-after',
  'product-intro',
  'add-brolls',
  'custom-storyboard',
] as const;
export const projectVideoTypeSchema = z.enum(projectVideoTypes);
export type ProjectVideoType = z.infer<typeof projectVideoTypeSchema>;

/**
 * SPEC §7 POST /create-video-entry, plus the flow that asks for it. SPEC's only dashboard caller is the Add B-Rolls
 * tile, so a body without a type is taken as that one.
 */
export const createVideoEntryBody = createVideoEntryRequest.extend({ video_type: projectVideoTypeSchema.default('add-brolls') });
export type CreateVideoEntryBody = z.input<typeof createVideoEntryBody>;

export const removeLogoResponse = z.object({ status: z.literal('success') });

/** Deleting a finished video: the video names itself, the session names its owner. */
export const deleteVideoRequest = z.object({ video_id: z.string().min(1).max(100) });
export const videoTitleMaxLength = 80;
export const renameVideoRequest = deleteVideoRequest.extend({ title: z.string().trim().min(1).max(videoTitleMaxLength) });
/** What a project is called until the user names it or a script gives it a first line (the schema's default). */
export const untitledVideo = 'Untitled video';

/**
 * The name a downloaded video is saved under: its title in lower-case words joined by hyphens ("Summer sale: 20% off!"
 * → summer-sale-20-off.mp4), so a folder of downloads says which is which; a title with no letters or digits in it
 * is saved as reelsmith-video.mp4.
 */
export function videoFileName(title: string): string {
  const words = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().match(/[a-z0-9]+/g) ?? [];
  let name = '';
  for (const word of words) {
    if (name.length + word.length + 1 > 60) break;
    name = name ? `${name}-${word}` : word;
  }
  return `${name || 'reelsmith-video'}.mp4`;
}

/** The dashboard's texts beyond the SPEC §8 catalogue (dashboardMessages, quotaMessages). */
export const dashboardTexts = {
  invalidVideoUrl: 'This video link is not valid any more. Please upload the video again.',
  subscriptionFailed: "We couldn't load your plan. Please try again.",
  videosFailed: "We couldn't load your videos. Please try again.",
  logoHint: `PNG, JPG, WebP or GIF, up to ${maxImageUploadMb} MB`,
  videoNotFound: 'This video does not exist any more.',
  deleteVideoTitle: 'Delete this video?',
  deleteVideoBody: (title: string) => `“${title}” and its file are removed for good. Deleting a video does not give its credit back.`,
  deleteVideoConfirm: 'Delete video',
  deleteVideoKeep: 'Keep it',
  deleteVideoFailed: "We couldn't delete the video. Please try again.",
  createFirstVideo: 'Create your first video',
  renameVideo: 'Rename',
  renameVideoTitle: 'Rename video',
  renameVideoField: 'Video title',
  renameVideoSave: 'Save title',
  renameVideoFailed: "We couldn't rename the video. Please try again.",
} as const;
