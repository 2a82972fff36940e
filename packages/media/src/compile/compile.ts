import { compositionSchema, localPathSchema, type Composition, type CompositionInput } from '../composition.ts';
import { GraphBuilder, sec } from '../filtergraph.ts';
import { buildAss } from '../subtitles/ass.ts';
import { soundtrack } from './audio.ts';
import { appendStill, background, captions, logo, naturalLength, overlays, type Frame } from './video.ts';

export const profiles = {
  /** Fast look at a step's result: quarter the pixels, the cheapest x264 preset. */
  preview: {
    width: 540,
    height: 960,
    video: ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-pix_fmt', 'yuv420p'],
    audio: ['-c:a', 'aac', '-b:a', '96k'],
  },
  /**
   * The delivered file; veryfast keeps a 59 s render under realtime on two cores at a bitrate that survives upload.
   * A keyframe on every 60th frame whatever x264's scene cuts decide, so a segmented render can start its pieces where
   * the single pass has a keyframe too. CRF sets the quality; the rate cap (x264's capped CRF) only bites on detailed,
   * moving pictures such as a phone photo under a motion template, which went past 20 Mbit/s: social apps re-encode
   * anything much above 8 Mbit/s, and the file is downloaded on phones.
   */
  final: {
    width: 1080,
    height: 1920,
    video: [
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-crf', '21', '-pix_fmt', 'yuv420p'],
      ...['-maxrate', '7500k', '-bufsize', '7500k'],
      ...['-g', '60', '-force_key_frames', 'expr:eq(mod(n,60),0)'],
    ],
    audio: ['-c:a', 'aac', '-b:a', '160k'],
  },
} as const;
export type ProfileName = keyof typeof profiles;

/** Every profile's output rate; segment bounds and frame counts are in frames of this rate. */
export const fps = 30;
const sampleRate = 48000;

export interface CompileOptions {
  profile: ProfileName;
  outputPath: string;
  /** Extra font folder for libass, on top of the fonts fontconfig knows. */
  fontsDir?: string;
  /** Where the caller will write the subtitle script; defaults to beside the output. */
  assPath?: string;
}

export interface CompiledRender {
  /** Arguments for ffmpeg (without the binary); progress flags are the runner's business. */
  args: string[];
  /** Output length in seconds, for progress. */
  duration: number;
  /** Files the caller writes before running ffmpeg (the ASS script). */
  files: { path: string; contents: string }[];
}

/** A parsed document with the lengths every compiler of it needs. */
export interface Document {
  c: Composition;
  profile: (typeof profiles)[ProfileName];
  frame: Frame;
  /** The main part, before the closing image and the end card. */
  main: number;
  total: number;
}

export function readDocument(input: CompositionInput, profileName: ProfileName): Document {
  const c = compositionSchema.parse(input);
  const profile = profiles[profileName];
  const frame: Frame = { width: profile.width, height: profile.height, fps, k: profile.width / 1080 };
  const main = c.duration ?? c.voiceover?.duration ?? naturalLength(c.background);
  return { c, profile, frame, main, total: main + (c.closingImage?.duration ?? 0) + (c.endCard?.duration ?? 0) };
}

/**
 * The whole picture as chains on `g`, the same for a full render and for each segment of one, so a segment's frames
 * are the full render's frames. The subtitle script the graph reads is added to `files`.
 */
export function picture(g: GraphBuilder, d: Document, options: Omit<CompileOptions, 'profile'>, files: CompiledRender['files']): string {
  const { c, frame } = d;
  let video = background(g, c.background, frame, d.main);
  video = overlays(g, video, c.overlays, frame);
  if (c.closingImage) video = appendStill(g, video, c.closingImage, frame);
  if (c.subtitles && c.subtitles.cues.length > 0) {
    const assPath = localPathSchema.parse(options.assPath ?? `${options.outputPath}.ass`);
    files.push({ path: assPath, contents: buildAss(c.subtitles.cues, c.subtitles) });
    video = captions(g, video, assPath, options.fontsDir);
  }
  if (c.logo) video = logo(g, video, c.logo, frame);
  // After the corner logo: the end card is a finished picture that carries the brand's logo itself.
  if (c.endCard) video = appendStill(g, video, c.endCard, frame);
  return video;
}

export const quietHead = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
export const videoEncoding = (d: Document) => [...d.profile.video, '-r', String(fps)];
export const audioEncoding = (d: Document) => [...d.profile.audio, '-ar', String(sampleRate), '-ac', '2'];

/** One ffmpeg invocation for the whole document, so the picture is encoded exactly once. */
export function compileComposition(input: CompositionInput, options: CompileOptions): CompiledRender {
  const outputPath = localPathSchema.parse(options.outputPath);
  const d = readDocument(input, options.profile);
  const g = new GraphBuilder();
  const files: CompiledRender['files'] = [];
  const video = picture(g, d, { ...options, outputPath }, files);
  const audio = soundtrack(g, d.c.voiceover, d.c.music, d.total);
  const args = [
    ...quietHead,
    ...g.inputArgs,
    '-filter_complex',
    g.chains.join(';'),
    '-map',
    `[${video}]`,
    '-map',
    `[${audio}]`,
    ...videoEncoding(d),
    ...audioEncoding(d),
    '-t',
    sec(d.total),
    '-movflags',
    '+faststart',
    outputPath,
  ];
  return { args, duration: d.total, files };
}
