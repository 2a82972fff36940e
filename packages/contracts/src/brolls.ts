import { z } from 'zod';
import { maxVideoSeconds } from './script.ts';
import { maxBrolls } from './workflow.ts';

/**
 * SPEC §7 B-roll calls (add-brolls, skip-broll, save-broll-url) and the auto B-roll (beta) suggestions of §9. The
 * row texts are the server's own (the spec names none for a refused row); the page never lets such rows through.
 */
const userId = z.string().min(1).max(100);
const videoId = z.string().min(1).max(100).optional();

export const skipBrollRequest = z.object({ user_id: userId, video_id: videoId, main_video_url: z.string().max(2048).optional() });
export const skipBrollResponse = z.object({ status: z.literal('success') });

export const saveBrollUrlRequest = z.object({ user_id: userId, video_id: videoId, broll_url: z.string().min(1).max(2048) });

/** `main_video_url`: the video the page shows, not yet the project's until overlays are added; without a script, its words are matched. */
export const autoBrollsRequest = z.object({ user_id: userId, video_id: videoId, main_video_url: z.string().max(2048).optional() });
export const brollSuggestion = z.object({ image_url: z.string(), upload_id: z.string(), start: z.number(), end: z.number() });
export const autoBrollsResponse = z.object({ rows: z.array(brollSuggestion) });
export type BrollSuggestion = z.infer<typeof brollSuggestion>;

export const addBrollsResponse = z.object({ video_url: z.string() });

/** The form fields of one overlay row N (1..5): an image file or the URL of an image upload, a start and an end. */
export const brollFieldNames = (n: number) => ({ file: `broll_file_${n}`, url: `broll_url_${n}`, start: `broll_start_${n}`, end: `broll_end_${n}` });

export const brollTexts = {
  incompleteRow: (n: number) => `Row ${n} needs an image, a start and an end.`,
  tooManyRows: `At most ${maxBrolls} overlays.`,
  noRows: 'Add at least one overlay, or skip this step.',
  badTimes: (n: number) => `Row ${n}: the end must come after the start.`,
  negativeStart: (n: number) => `Row ${n}: the start must be 0 seconds or more.`,
  startOutsideVideo: (n: number, seconds: number) => `Row ${n} must start before the video ends (${seconds.toFixed(1)} s).`,
  outsideVideo: (n: number, seconds: number) => `Row ${n} must end within the video (${seconds.toFixed(1)} s).`,
  noMainVideo: 'Upload a video first.',
  noProject: 'Start a video from the dashboard first.',
  notYourImage: (n: number) => `Row ${n}: choose one of your own images.`,
  needsScript: 'Auto B-roll needs a script: write one in the Script step first.',
  /** The Add B-Rolls flow has no script: the words come from the video, and a video that says nothing has none. */
  noSpeechHeard: 'No speech was heard in this video, so Auto B-roll has no words to match images to. Pick images yourself.',
  noStockImages: 'No stock images matched the script. Add images yourself.',
  noStockImagesSpoken: 'No stock images matched what is said in this video. Add images yourself.',
  autoBusy: 'Finding images for what your video says',
  incompleteHint: 'Each row needs an image, a start and an end, or nothing at all.',
  autoBeta: 'Auto B-roll (beta)',
  estimate: 'Adding the overlays usually takes under a minute.',
  /** SPEC §9: the final video keeps at most the first 59 s of a longer video. */
  longVideo: (seconds: number) => `This video runs ${Math.round(seconds)} secs; the final video uses its first ${maxVideoSeconds} secs.`,
} as const;

/** SPEC §9: starts at these fractions of the duration, or at these seconds when the duration is unknown. */
export const autoBrollFractions = [0.1, 0.3, 0.5, 0.7, 0.9] as const;
export const autoBrollFallbackStarts = [2, 6, 10, 14, 18] as const;
export const autoBrollWindow = { min: 3, max: 5 } as const;

const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * The five auto B-roll windows: 3 to 5 s each (a tenth of the duration, bounded), starting at 10/30/50/70/90 % and
 * moved earlier only as far as needed to end within the video; the fallback starts when the duration is unknown.
 */
export function autoBrollTimes(durationSeconds: number | null): { start: number; end: number }[] {
  if (!durationSeconds || !Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    return autoBrollFallbackStarts.map((start) => ({ start, end: start + autoBrollWindow.min }));
  }
  const window = Math.min(autoBrollWindow.max, Math.max(autoBrollWindow.min, durationSeconds / 10));
  return autoBrollFractions.map((fraction) => {
    const start = tenth(Math.max(0, Math.min(durationSeconds * fraction, durationSeconds - window)));
    return { start, end: tenth(Math.min(durationSeconds, start + window)) };
  });
}
