import { z } from 'zod';
import { jobEstimateFields } from './busy.ts';

/**
 * SPEC §7 shared workflow calls. Every body names the user (it must be the signed-in one) and may name the project
 * (`video_id`); without it the call acts on the user's latest project, as the spec's "latest" calls do.
 */
const userId = z.string().min(1).max(100);
const projectRef = { user_id: userId, video_id: z.string().min(1).max(100).optional() };

export const latestRequest = z.object(projectRef);
export const latestVideoResponse = z.object({ user_video_url: z.string().nullable(), video_id: z.string().nullable() });
export const latestScriptResponse = z.object({ script: z.string().nullable(), video_id: z.string().nullable() });
export const latestAudioResponse = z.object({ audio_url: z.string().nullable(), video_id: z.string().nullable() });
export const transcribeResponse = z.object({ text: z.string() });

export const maxScriptChars = 6000;
export const maxPromptChars = 2000;
export const wordsPerSecond = 2.25;

export const generateScriptRequest = z.object({ ...projectRef, prompt: z.string().trim().min(1).max(maxPromptChars) });
export const generateScriptResponse = z.object({ script: z.string(), video_id: z.string() });
export const updateScriptRequest = z.object({ video_id: z.string().min(1).max(100), script: z.string().max(maxScriptChars) });

/** Voice names, labels and emotion tones live in voices.ts; these are the audio step's other limits. */
export const tempoRange = { min: 0.5, max: 2, step: 0.1, default: 1 } as const;

export const videoStatusResponse = z.object({
  status: z.enum(['processing', 'done', 'error']),
  user_video_url: z.string().nullable(),
  error: z.string().nullable(),
  percent: z.number().optional(),
  ...jobEstimateFields,
});

export const subtitlePositions = ['middle', 'bottom'] as const;
export const subtitleFontSizes = ['small', 'medium', 'large'] as const;
export const wordsPerChunkOptions = [3, 4, 5] as const;
export const subtitleStyleNames = ['Default', 'Mr Beast', 'Hormozi', 'BG Pop', 'Noah', 'Ali Abdal', 'Playful', 'Open Sans', 'Lato'] as const;

export const subtitlePreviewRequest = z.object({
  style: z.enum(subtitleStyleNames),
  font_size: z.enum(subtitleFontSizes),
  position: z.enum(subtitlePositions),
});
export const subtitlePreviewResponse = z.object({ margin_v: z.number(), font_size: z.number(), style_string: z.string() });

export const maxBrolls = 5;

export const workflowMessages = {
  scriptError: 'Error generating script',
  statusCheckFailed: 'Failed to check video status',
  overlayFailedLater: 'Overlay processing failed. Please try again later.',
  overlayWentWrong: 'Something went wrong while adding overlays.',
  overlayError: 'Error adding overlays',
  uploadFailed: 'Upload failed',
  notLoggedIn: 'User not logged in',
  skipFailed: 'Failed to skip overlay step.',
  musicUpdateFailed: 'Failed to update background music',
  noAudio: 'This video has no audio, so subtitles cannot be generated.',
  subtitleFailed: 'Subtitle generation failed.',
  somethingWentWrongDetail: (detail: string) => `Something went wrong: ${detail}`,
  anErrorOccurred: 'An error occurred',
  finalFailed: 'Video generation failed.',
  somethingWentWrong: 'Something went wrong',
  finalNotice: 'Your final video is being prepared. This can take up to 60 secs.',
  generatingStoryboard: 'Generating Storyboard',
  generatingVideo: 'Generating Video',
  doNotRefresh: 'Do not refresh',
} as const;
