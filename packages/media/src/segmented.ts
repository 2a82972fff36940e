import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CompositionInput } from './composition.ts';
import { fps, readDocument } from './compile/compile.ts';
import {
  compileJoin,
  compileSegment,
  compileSoundtrack,
  cutSegmentArgs,
  keyframeInterval,
  segmentBounds,
  type SegmentBounds,
} from './compile/segments.ts';
import { renderComposition, runCompiled, type RenderOptions } from './render.ts';
import { runFfmpeg, type RunOptions, type RunResult } from './runner.ts';

type Run = Omit<RunOptions, 'duration'>;

/** One segment's video at `outputPath`: encoded with its lead-in and lead-out beside it, then cut to its frames. */
export async function renderSegment(composition: CompositionInput, options: RenderOptions & { bounds: SegmentBounds }): Promise<RunResult> {
  const encoded = `${options.outputPath}.encoded.mp4`;
  try {
    const result = await runCompiled(compileSegment(composition, { ...options, outputPath: encoded }), options);
    await runFfmpeg(cutSegmentArgs(encoded, options.outputPath, options.bounds), { ...runOnly(options), duration: 0 });
    return result;
  } finally {
    await rm(encoded, { force: true });
  }
}

export function renderSoundtrack(composition: CompositionInput, options: RenderOptions): Promise<RunResult> {
  return runCompiled(compileSoundtrack(composition, options), options);
}

export interface JoinRenderOptions extends Run {
  /** The cut segments in order, with the bounds they were rendered with. */
  segments: { path: string; bounds: SegmentBounds }[];
  audioPath: string;
  outputPath: string;
  /** The document's length in seconds. */
  total: number;
}

/** The delivered MP4 from the cut segments and the soundtrack, without re-encoding. */
export function joinSegments(options: JoinRenderOptions): Promise<RunResult> {
  const segments = options.segments.map(({ path, bounds: b }) => ({ path, ...(b.endFrame === undefined ? {} : { frames: b.endFrame - b.startFrame }) }));
  const compiled = compileJoin({ ...options, segments, listPath: `${options.outputPath}.segments.txt` });
  return runCompiled(compiled, runOnly(options));
}

/** The segments a render of this document is split into: one when it is too short to split. */
export function planSegments(composition: CompositionInput, options: { profile: RenderOptions['profile']; segments: number }) {
  const { total } = readDocument(composition, options.profile);
  return { total, bounds: segmentBounds(total, options.segments, keyframeInterval(options.profile)) };
}

const runOnly = ({ signal, timeoutMs, ffmpegPath, killGraceMs }: Run): Run => ({ signal, timeoutMs, ffmpegPath, killGraceMs });

export interface SegmentedOptions extends RenderOptions {
  /** How many segments to aim for; a short document gets fewer, and one is a single pass. */
  segments: number;
  /** A folder for the pieces, which are removed again whatever happens. */
  workDir: string;
}

/**
 * The segmented render on one machine, one piece after another: what a fleet of workers does in parallel, here for
 * tests and the benchmark to compare with a single pass of the same document.
 */
export async function renderSegmented(composition: CompositionInput, options: SegmentedOptions): Promise<RunResult & { segments: number }> {
  const { workDir, onProgress } = options;
  const { total, bounds } = planSegments(composition, options);
  if (bounds.length === 1) return { ...(await renderComposition(composition, options)), segments: 1 };

  // Progress in output seconds: each segment its length, the soundtrack a tenth of the whole.
  const weights = [...bounds.map((b) => ((b.endFrame ?? total * fps) - b.startFrame) / fps), total / 10];
  const all = weights.reduce((a, b) => a + b, 0);
  let done = 0;
  let peak = 0;
  const piece = async (i: number, render: (run: Run) => Promise<RunResult>) => {
    const result = await render({ ...runOnly(options), onProgress: (p) => onProgress?.(Math.min(99, ((done + (weights[i]! * p) / 100) / all) * 100)) });
    peak = Math.max(peak, result.peakRssBytes ?? 0);
    done += weights[i]!;
  };
  const segments = bounds.map((b) => ({ path: join(workDir, `segment-${b.index}.mp4`), bounds: b }));
  const audioPath = join(workDir, 'soundtrack.m4a');
  try {
    for (const s of segments) await piece(s.bounds.index, (run) => renderSegment(composition, { ...options, ...run, outputPath: s.path, bounds: s.bounds }));
    await piece(bounds.length, (run) => renderSoundtrack(composition, { ...options, ...run, outputPath: audioPath }));
    const result = await joinSegments({ ...runOnly(options), segments, audioPath, outputPath: options.outputPath, total });
    onProgress?.(100);
    return { stderrTail: result.stderrTail, peakRssBytes: peak || undefined, segments: bounds.length };
  } finally {
    await Promise.all([...segments.map((s) => s.path), audioPath].map((path) => rm(path, { force: true })));
  }
}
