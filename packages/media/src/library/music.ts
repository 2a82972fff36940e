import { localPathSchema } from '../composition.ts';
import type { TrackRecipe } from './synth.ts';

/** The music library's loudness: every track is normalised to the same integrated level, so switching is even. */
export const musicLoudness = { integrated: -16, truePeak: -1.5, range: 11 } as const;

export interface LoudnessMeasurement {
  input_i: string;
  input_tp: string;
  input_lra: string;
  input_thresh: string;
  target_offset: string;
}

const loudnorm = `loudnorm=I=${musicLoudness.integrated}:TP=${musicLoudness.truePeak}:LRA=${musicLoudness.range}`;

/** First pass: measures the file; loudnorm prints its JSON summary at the end of stderr (see parseLoudnorm). */
export function loudnessProbeArgs(input: string): string[] {
  return ['-hide_banner', '-nostdin', '-protocol_whitelist', 'file', '-i', localPathSchema.parse(input), '-af', `${loudnorm}:print_format=json`, '-f', 'null', '-'];
}

export function parseLoudnorm(stderr: string): LoudnessMeasurement {
  const start = stderr.lastIndexOf('{');
  const end = stderr.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('no loudnorm summary in the ffmpeg output');
  const parsed = JSON.parse(stderr.slice(start, end + 1)) as Partial<LoudnessMeasurement>;
  const keys = ['input_i', 'input_tp', 'input_lra', 'input_thresh', 'target_offset'] as const;
  for (const key of keys) {
    if (typeof parsed[key] !== 'string' || !Number.isFinite(Number(parsed[key]))) throw new Error(`loudnorm summary lacks ${key}`);
  }
  return parsed as LoudnessMeasurement;
}

/**
 * Second pass: applies the measured correction as one linear gain (no pumping, so the loop point sounds like the
 * rest) and encodes an MP3, the format the product's music uploads use.
 */
export function musicEncodeArgs(input: string, output: string, measured: LoudnessMeasurement): string[] {
  const filter =
    `${loudnorm}:measured_I=${measured.input_i}:measured_TP=${measured.input_tp}:measured_LRA=${measured.input_lra}` +
    `:measured_thresh=${measured.input_thresh}:offset=${measured.target_offset}:linear=true,aresample=44100`;
  return [
    '-hide_banner', '-nostdin', '-y', '-protocol_whitelist', 'file', '-i', localPathSchema.parse(input),
    '-af', filter, '-c:a', 'libmp3lame', '-b:a', '160k', '-id3v2_version', '3', localPathSchema.parse(output),
  ];
}

/** 'No Background Music' is a silent track of the same format, so a composition always has a music input. */
export function silenceArgs(output: string, seconds: number): string[] {
  return ['-hide_banner', '-nostdin', '-y', '-f', 'lavfi', '-i', `anullsrc=r=44100:cl=stereo`, '-t', String(seconds), '-c:a', 'libmp3lame', '-b:a', '64k', localPathSchema.parse(output)];
}

export interface MusicTrackRecipe extends TrackRecipe {
  slug: string;
  title: string;
  mood: string;
}
