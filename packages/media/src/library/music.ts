import { localPathSchema } from '../composition.ts';
import type { TrackRecipe } from './synth.ts';

/** The music library's loudness: every track is normalised to the same integrated level, so switching is even. */
export const musicLoudness = { integrated: -16, truePeak: -1.5 } as const;

export interface LoudnessMeasurement {
  /** Integrated loudness, LUFS. */
  integrated: number;
  /** True peak, dBTP. */
  truePeak: number;
}

/**
 * First pass: measures the file. ebur128 prints its summary at the end of stderr (see parseLoudness); it costs a
 * fifth of a loudnorm pass, which resamples everything to 192 kHz even when it only measures.
 */
export function loudnessProbeArgs(input: string): string[] {
  return ['-hide_banner', '-nostdin', '-protocol_whitelist', 'file', '-i', localPathSchema.parse(input), '-af', 'ebur128=peak=true', '-f', 'null', '-'];
}

export function parseLoudness(stderr: string): LoudnessMeasurement {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = Number(/I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]);
  if (!stderr.includes('Summary:') || !Number.isFinite(integrated) || !Number.isFinite(truePeak)) throw new Error('no loudness summary in the ffmpeg output');
  return { integrated, truePeak };
}

/** The gain that brings a measured file to the library loudness. */
export function musicGain(measured: LoudnessMeasurement): number {
  return Math.round((musicLoudness.integrated - measured.integrated) * 100) / 100;
}

/**
 * Second pass: one linear gain to the library loudness (no pumping, so the loop point sounds like the rest) and an
 * MP3, the format the product's music uploads use. A limiter with its delay compensated catches a peak the gain
 * would push over the ceiling without shifting the loop.
 */
export function musicEncodeArgs(input: string, output: string, measured: LoudnessMeasurement): string[] {
  const ceiling = (10 ** (musicLoudness.truePeak / 20)).toFixed(4);
  const filter = `volume=${musicGain(measured)}dB,alimiter=limit=${ceiling}:level=0:latency=1:attack=5:release=50`;
  return [
    '-hide_banner', '-nostdin', '-y', '-protocol_whitelist', 'file', '-i', localPathSchema.parse(input),
    '-af', filter, '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '160k', '-id3v2_version', '3', localPathSchema.parse(output),
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
