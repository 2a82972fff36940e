import { z } from 'zod';

/** SPEC §7 upload-music and update-bg-music. An empty bg_music (or 'none') is 'No Background Music'. */
export const uploadMusicResponse = z.object({ s3_url: z.string() });

export const updateBgMusicRequest = z.object({
  user_id: z.string().min(1).max(100),
  video_id: z.string().min(1).max(100).optional(),
  bg_music: z.string().max(2048),
});
export const updateBgMusicResponse = z.object({ status: z.literal('success'), title: z.string() });

export const bgMusicTexts = {
  uploadLabel: 'Upload your own (MP3 only, up to 4 MB)',
  notYourTrack: 'Choose a track from the library or one you uploaded.',
  uploadedTitle: 'Your uploaded track',
} as const;
