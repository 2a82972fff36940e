import { localPathSchema, type CompositionInput } from '../composition.ts';
import { GraphBuilder, sec } from '../filtergraph.ts';
import { soundtrack } from './audio.ts';
import {
  audioEncoding,
  fps,
  picture,
  profiles,
  quietHead,
  readDocument,
  videoEncoding,
  type CompiledRender,
  type CompileOptions,
  type ProfileName,
} from './compile.ts';

/**
 * A long render split in time: each segment is the whole document's picture graph cut to its frames and encoded once
 * with the profile's settings, the soundtrack is mixed once over the whole timeline (loudnorm and ducking must see all
 * of it), and the pieces are joined without re-encoding.
 */

/**
 * Frames [startFrame, endFrame) of the output; the last segment has no end and runs to the end of the document.
 * x264's rate control carries state from frame to frame (a keyframe's quantiser follows the recent P frames; the
 * lookahead shapes the frames before a cut), so each segment is encoded with `leadIn` frames before its start and
 * `leadOut` after its end, which bring its encoder to nearly the single pass's state, and are then dropped.
 */
export interface SegmentBounds {
  index: number;
  startFrame: number;
  endFrame?: number;
  leadIn: number;
  leadOut: number;
}

/** The profile's keyframe interval in frames (x264's default where the profile leaves it). */
export function keyframeInterval(profile: ProfileName): number {
  const video: readonly string[] = profiles[profile].video;
  const g = video.indexOf('-g');
  return g === -1 ? 250 : Number(video[g + 1]);
}

/** More than veryfast's 10-frame rc-lookahead plus a group of B frames. */
const lookaheadFrames = 20;

/**
 * Up to `parts` segments of about equal length whose starts are multiples of the keyframe interval, where the single
 * pass puts a keyframe (the final profile forces one there): each segment's encoder starts a closed GOP where the
 * single pass does. A document too short for `parts` whole GOPs gets fewer segments (one means a single pass).
 */
export function segmentBounds(totalSeconds: number, parts: number, gop: number): SegmentBounds[] {
  const frames = Math.ceil(totalSeconds * fps - 1e-6);
  const starts = [0];
  for (let i = 1; i < parts; i++) {
    const start = Math.round((frames * i) / parts / gop) * gop;
    if (start > starts.at(-1)! && start < frames) starts.push(start);
  }
  return starts.map((startFrame, index) => {
    const endFrame = starts[index + 1];
    const leadIn = Math.min(gop, startFrame);
    if (endFrame === undefined) return { index, startFrame, leadIn, leadOut: 0 };
    return { index, startFrame, endFrame, leadIn, leadOut: Math.min(lookaheadFrames, frames - endFrame) };
  });
}

export type SegmentOptions = CompileOptions & { bounds: SegmentBounds };

/**
 * The video of one segment with its lead-in and lead-out: the full picture graph, cut by frame number after every
 * filter so each frame's content and timing are the single pass's, encoded with the profile's settings, no audio.
 */
export function compileSegment(input: CompositionInput, options: SegmentOptions): CompiledRender {
  const outputPath = localPathSchema.parse(options.outputPath);
  const { startFrame, endFrame, leadIn, leadOut } = options.bounds;
  const from = startFrame - leadIn;
  if (!Number.isInteger(from) || from < 0 || (endFrame !== undefined && (!Number.isInteger(endFrame + leadOut) || endFrame <= startFrame))) {
    throw new Error(`bad segment frames ${startFrame}..${endFrame ?? 'end'}`);
  }
  const d = readDocument(input, options.profile);
  const g = new GraphBuilder();
  const files: CompiledRender['files'] = [];
  const whole = picture(g, d, { ...options, outputPath }, files);
  const end = endFrame === undefined ? '' : `:end_frame=${endFrame + leadOut}`;
  const video = g.chain([whole], `trim=start_frame=${from}${end},setpts=PTS-STARTPTS`);
  const duration = endFrame === undefined ? d.total - from / fps : (endFrame + leadOut - from) / fps;
  const args = [...quietHead, ...g.inputArgs, '-filter_complex', g.chains.join(';'), '-map', `[${video}]`, ...videoEncoding(d), '-t', sec(duration), '-an', outputPath];
  return { args, duration, files };
}

/**
 * The segment without its lead-in and lead-out, by stream copy. Both cuts fall on keyframes of closed GOPs: the seek
 * lands on the one at the start, and the frames before the one at the end are exactly the first packets in decoding
 * order, so counting packets ends the segment on its last frame.
 */
export function cutSegmentArgs(encodedPath: string, outputPath: string, bounds: SegmentBounds): string[] {
  const frames = bounds.endFrame === undefined ? [] : ['-frames:v', String(bounds.endFrame - bounds.startFrame)];
  return [
    ...quietHead,
    '-ss',
    sec(bounds.leadIn / fps),
    '-protocol_whitelist',
    'file,pipe',
    '-i',
    localPathSchema.parse(encodedPath),
    '-map',
    '0:v',
    '-c',
    'copy',
    ...frames,
    localPathSchema.parse(outputPath),
  ];
}

/** The document's audio alone, mixed over the whole timeline exactly as a single pass mixes it. */
export function compileSoundtrack(input: CompositionInput, options: Pick<CompileOptions, 'profile' | 'outputPath'>): CompiledRender {
  const outputPath = localPathSchema.parse(options.outputPath);
  const d = readDocument(input, options.profile);
  const g = new GraphBuilder();
  const audio = soundtrack(g, d.c.voiceover, d.c.music, d.total);
  const args = [...quietHead, ...g.inputArgs, '-filter_complex', g.chains.join(';'), '-map', `[${audio}]`, ...audioEncoding(d), '-t', sec(d.total), '-vn', outputPath];
  return { args, duration: d.total, files: [] };
}

export interface JoinOptions {
  /** The cut segment files in order, each with its length in frames (the last may leave it out). */
  segments: { path: string; frames?: number }[];
  audioPath: string;
  outputPath: string;
  /** Where the caller writes the concat list. */
  listPath: string;
  /** The document's length in seconds. */
  total: number;
}

/** The concat demuxer's quoting: a single-quoted string in which a quote is closed, escaped and reopened. */
const quoted = (path: string) => `'${path.replace(/'/g, "'\\''")}'`;

/**
 * The segments and the soundtrack muxed into the delivered MP4 without re-encoding. Each segment's duration is given
 * in the list, so the next one starts exactly one frame after its last frame whatever its container reports.
 */
export function compileJoin(options: JoinOptions): CompiledRender {
  if (options.segments.length === 0) throw new Error('nothing to join');
  const listPath = localPathSchema.parse(options.listPath);
  const lines = ['ffconcat version 1.0'];
  for (const segment of options.segments) {
    lines.push(`file ${quoted(localPathSchema.parse(segment.path))}`);
    if (segment.frames !== undefined) lines.push(`duration ${segment.frames / fps}`);
  }
  const args = [
    ...quietHead,
    '-f',
    'concat',
    '-safe',
    '0',
    '-protocol_whitelist',
    'file,pipe',
    '-i',
    listPath,
    '-protocol_whitelist',
    'file,pipe',
    '-i',
    localPathSchema.parse(options.audioPath),
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-c',
    'copy',
    '-t',
    sec(options.total),
    '-movflags',
    '+faststart',
    localPathSchema.parse(options.outputPath),
  ];
  return { args, duration: options.total, files: [{ path: listPath, contents: `${lines.join('\n')}\n` }] };
}
