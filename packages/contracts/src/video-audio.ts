import { z } from 'zod';
import type { videoStatusResponse } from './workflow.ts';

/**
 * SPEC §7 video and audio combining (step 3 of the shared workflow): update-video-audio, combine-video-audio (form)
 * and check-video-status, which answers `videoStatusResponse` (workflow.ts). Like every workflow call they may name
 * the project (`video_id`); without it they act on the user's latest project.
 */
const userId = z.string().min(1).max(100);
const videoId = z.string().min(1).max(100).optional();

export const updateVideoAudioRequest = z.object({ user_id: userId, video_id: videoId, audio_url: z.string().trim().min(1).max(2048) });
export const updateVideoAudioResponse = z.object({ status: z.literal('success') });

export const combineVideoAudioRequest = z.object({ user_id: userId, video_id: videoId });
/** The job is then followed with check-video-status (SPEC: every 5 s until a video URL appears). */
export const combineVideoAudioResponse = z.object({ status: z.literal('processing'), job_id: z.string() });

export const checkVideoStatusRequest = z.object({ user_id: userId, video_id: videoId });

/** SPEC §4: the combining page polls every 5 s. */
export const videoStatusPollMs = 5000;

/** The server's own texts (the spec names none for these refusals); the client texts are in workflowMessages. */
export const videoAudioTexts = {
  /** 400: audio_url is not a signed link to this project's voiceover. */
  notThisVoiceover: "That audio is not this project's voiceover. Create the voiceover in the Audio step first.",
  /** 409: combine-video-audio without a voiceover. */
  needsVoiceover: 'Create a voiceover in the Audio step before combining it with the video.',
  /** 409: combine-video-audio without a video. */
  needsVideo: 'This project has no video yet. Upload or choose a video first.',
  /** 404 from check-video-status: nothing was started for this project. */
  noVideoJob: 'No video is being made for this project.',
  /** 502 / status error: the render failed. */
  failed: 'Video generation failed.',
  /** 504: a one-request call (generate-storyboard) gave up waiting; the job may still finish. */
  tooSlow: 'Video generation is taking longer than expected. Please try again.',
} as const;

export type UpdateVideoAudioRequest = z.infer<typeof updateVideoAudioRequest>;
export type CombineVideoAudioResponse = z.infer<typeof combineVideoAudioResponse>;
export type VideoStatusResponse = z.infer<typeof videoStatusResponse>;
