import { z } from 'zod';
import { latestRequest, latestScriptResponse, latestVideoResponse, maxPromptChars, wordsPerSecond } from './workflow.ts';

/**
 * The script step (SPEC §2 /script and /script-types, §7 generate-script, generate-script-types, update-script,
 * transcribe-from-video). The shared request shapes live in workflow.ts; these are the ones it lacks.
 */

/** Custom Storyboard and every video-first type run up to 59 seconds (SPEC §9 video lengths). */
export const maxVideoSeconds = 59;

/**
 * POST /api/generate-script-types: the payload of generate-script, but the video already says what the script is
 * about, so the prompt is an optional extra direction.
 */
export const generateScriptTypesRequest = latestRequest.extend({
  prompt: z
    .string()
    .trim()
    .max(maxPromptChars)
    .optional()
    .transform((value) => value || undefined),
});
export type GenerateScriptTypesRequest = z.input<typeof generateScriptTypesRequest>;

/** POST /api/transcribe-from-video {user_id, video_id?}. */
export const transcribeRequest = latestRequest;

/** SPEC §7 shows no body for update-script; the page only needs to know the save landed. */
export const updateScriptResponse = z.object({ status: z.literal('success'), video_id: z.string() });

/**
 * get-latest-video as /script-types reads it: also how long the final video plays the user's own media (their
 * images or clips, up to 59 s), to set the script against; null when the video loops under the voiceover.
 */
export const projectVideoResponse = latestVideoResponse.extend({ own_video_seconds: z.number().nullable() });

/** A script this much shorter than the user's own video leaves a stretch of it with music only, worth a note. */
export function isScriptShortForVideo(scriptSeconds: number, videoSeconds: number): boolean {
  return scriptSeconds < videoSeconds * 0.7 && videoSeconds - scriptSeconds >= 3;
}

/** get-latest-script also gives the prompt the project was started with, so a reloaded page shows it again. */
export const scriptDraftResponse = latestScriptResponse.extend({ prompt: z.string().nullable() });
export type ScriptDraft = z.infer<typeof scriptDraftResponse>;

/** Words as a voice says them: a dash or an ellipsis standing alone takes no time. */
export function countSpokenWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** SPEC §9: word count divided by 2.25 words per second, rounded. */
export function estimateScriptSeconds(script: string): number {
  return Math.round(countSpokenWords(script) / wordsPerSecond);
}

export const scriptTexts = {
  intro: {
    prompt: 'Describe your video and get a voiceover script to edit.',
    video: 'Get a voiceover script that fits your video, then edit it.',
  },
  promptLabel: 'Prompt',
  promptRequired: 'Please enter a prompt.',
  promptHint: 'What is the video about? Who is it for, and what should they do?',
  directionLabel: 'Extra direction',
  directionHint: 'Optional: what the voiceover should stress. The script is written to fit your video’s length.',
  scriptLabel: 'Script',
  generate: 'Generate Script',
  generating: 'Generating Script',
  estimate: 'This usually takes under 30 secs.',
  estimateForVideo: 'Listening to your video and writing can take up to 90 secs.',
  duration: (seconds: number) => `Estimated duration: ${seconds} sec`,
  shortForVideo: (scriptSeconds: number, videoSeconds: number) =>
    `Your script fills about ${scriptSeconds} of your video's ${videoSeconds} sec; the rest plays with music only. Add lines to fill it, or go on as it is.`,
  saving: 'Saving…',
  saved: 'Saved',
  saveFailed: 'Not saved yet. Check your connection; your next change retries.',
  needScript: 'Generate a script first.',
  loadFailed: "We couldn't load this project's script. Reload the page to try again.",
  videoLabel: 'Your video',
  noVideo: 'This project has no video yet. Start one from the dashboard.',
  transcriptionFailed: "We couldn't listen to this video's audio. Please try again.",
  tipsHeading: 'How it works',
  tips: [
    `Custom Storyboard videos run up to ${maxVideoSeconds} secs: about ${Math.floor(maxVideoSeconds * wordsPerSecond)} spoken words.`,
    'Edit the script as you like; changes save as you type.',
    'Next turns it into a voiceover.',
  ],
} as const;
