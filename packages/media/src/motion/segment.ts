import { fitClipArgs, motionClipArgs } from './motion.ts';

/** What a scene made on this machine starts from: a clip of the user's, or a still with the words that move it. */
export type SegmentSource = { video: string } | { still: string; prompt: string };

/**
 * One scene of exactly `seconds` as a 1080x1920 clip at the motion frame rate, ready for `joinClipsArgs`: a clip is
 * cut to the length (or its last frame held when shorter) and fitted without distortion; a still is animated by
 * the motion renderer, its camera move chosen from the prompt's words.
 */
export function segmentArgs(source: SegmentSource, seconds: number, outputPath: string): string[] {
  if ('video' in source) return fitClipArgs(source.video, outputPath, seconds);
  return motionClipArgs({ imagePath: source.still, prompt: source.prompt, seconds, outputPath }).args;
}
