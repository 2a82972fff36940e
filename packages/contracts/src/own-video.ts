import { z } from 'zod';
import { maxVideoSeconds } from './script.ts';
import { uploadPolicies } from './uploads.ts';

/**
 * The two entry pages that start from videos the user brings (SPEC §2 Scroll Stopper and Use Own Video, §5, §7
 * upload-and-save and combine-videos-silent, §9 sizes). Both end on /script-types with the project's video.
 */
export const ownVideoLimits = { maxVideos: 6, maxTotalBytes: 41943040 } as const;

const MB = 1024 * 1024;
/** "12.3 MB": the unit the limits are stated in. */
const formatMegabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

export const ownVideoTexts = {
  /** SPEC §5: a stock video that would take the total past the limit. The server says the same for an upload. */
  wouldExceed: uploadPolicies['own-video'].tooLargeMessage(),
  /** Shown (in red) while the chosen videos are over the limit; the server refuses such a set with it too. */
  overTotal: 'These videos add up to more than 40 MB. Remove some to use them.',
  tooMany: `You can use at most ${ownVideoLimits.maxVideos} videos.`,
  /** Files dropped or picked that are not videos; the server's text for a file that is not a video. */
  notVideo: uploadPolicies['own-video'].wrongTypeMessage,
  skipped: (names: string[]) => `Skipped (not a video): ${names.join(', ')}`,
  droppedOverCount: (count: number) => `Only ${ownVideoLimits.maxVideos} videos can be used: ${count} left out.`,
  noVideos: 'Add at least one video.',
  total: (bytes: number) => `${formatMegabytes(bytes)} of 40 MB`,
  /** SPEC §8 creation-flow texts. */
  uploadFailedRetry: 'Upload failed: Please retry to upload',
  uploadFailed: 'Upload failed, please retry',
  operationFailed: 'Operation failed: Please retry',
  trimmed: (seconds: number) =>
    `Together these videos run ${Math.round(seconds)} secs; the video uses the first ${maxVideoSeconds} secs.`,
  uploading: (n: number, of: number) => `Uploading video ${n} of ${of}`,
  combining: 'Combining your videos',
  combineEstimate: 'Combining usually takes under a minute.',
} as const;

export const scrollStopperTexts = {
  /** SPEC §5 and §8. */
  tooLarge: uploadPolicies['scroll-stopper-video'].tooLargeMessage(),
  createFailed: 'Failed to create video entry',
  notVideo: uploadPolicies['scroll-stopper-video'].wrongTypeMessage,
  lengthNote: `Scroll Stopper videos run up to ${maxVideoSeconds} secs: a longer video is trimmed to its first ${maxVideoSeconds} secs.`,
  longVideo: (seconds: number) => `This video runs ${Math.round(seconds)} secs; the first ${maxVideoSeconds} secs will be used.`,
  noBackgrounds: 'The backgrounds are still being prepared. Please try again in a minute.',
} as const;

const userId = z.string().min(1).max(100);
const videoId = z.string().min(1).max(100).optional();
const itemId = z.string().trim().min(1).max(100);
const url = z.string().trim().min(1).max(2048);

/**
 * SPEC §7 POST upload-and-save (form: video, user_id, id) answers {video_url}. Additions: `video_id` names the
 * project; `video_url` (instead of a file) adds a video the user already has, such as a stock video added through
 * the modal; `items` lists the page's item ids, so an item removed after an earlier attempt no longer counts.
 */
export const uploadAndSaveFields = z.object({
  user_id: userId,
  id: itemId,
  video_id: videoId,
  video_url: url.optional(),
  items: z
    .string()
    .max(1000)
    .optional()
    .transform((value) => (value ? value.split(',').map((id) => id.trim()).filter(Boolean) : undefined)),
});
export type UploadAndSaveFields = z.input<typeof uploadAndSaveFields>;
export const uploadAndSaveResponse = z.object({ video_url: z.string(), size: z.number(), duration: z.number() });
export type UploadAndSaveResponse = z.infer<typeof uploadAndSaveResponse>;

/** video1..video6 in the spec; a higher number is read too, so that too many videos is refused, not ignored. */
export const combineVideoFieldPattern = /^video(\d{1,2})$/;
export const combineVideosSilentFields = z.object({ user_id: userId, video_id: videoId });
export const combineVideosSilentResponse = z.object({
  status: z.literal('success'),
  video_id: z.string(),
  /** The preview render of the combined clips, followed with check-video-status. */
  job_id: z.string(),
  duration: z.number(),
  trimmed: z.boolean(),
});
export type CombineVideosSilentResponse = z.infer<typeof combineVideosSilentResponse>;
