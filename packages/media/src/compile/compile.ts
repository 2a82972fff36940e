import { compositionSchema, localPathSchema, type CompositionInput } from '../composition.ts';
import { GraphBuilder, sec } from '../filtergraph.ts';
import { buildAss } from '../subtitles/ass.ts';
import { soundtrack } from './audio.ts';
import { background, captions, closing, logo, naturalLength, overlays, type Frame } from './video.ts';

export const profiles = {
  /** Fast look at a step's result: quarter the pixels, the cheapest x264 preset. */
  preview: {
    width: 540,
    height: 960,
    video: ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-pix_fmt', 'yuv420p'],
    audio: ['-c:a', 'aac', '-b:a', '96k'],
  },
  /** The delivered file; veryfast keeps a 59 s render under realtime on two cores at a bitrate that survives upload. */
  final: {
    width: 1080,
    height: 1920,
    video: ['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-crf', '21', '-pix_fmt', 'yuv420p', '-g', '60'],
    audio: ['-c:a', 'aac', '-b:a', '160k'],
  },
} as const;
export type ProfileName = keyof typeof profiles;

const fps = 30;

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

/** One ffmpeg invocation for the whole document, so the picture is encoded exactly once. */
export function compileComposition(input: CompositionInput, options: CompileOptions): CompiledRender {
  const c = compositionSchema.parse(input);
  const outputPath = localPathSchema.parse(options.outputPath);
  const profile = profiles[options.profile];
  const frame: Frame = { width: profile.width, height: profile.height, fps, k: profile.width / 1080 };
  const main = c.duration ?? c.voiceover?.duration ?? naturalLength(c.background);
  const total = main + (c.closingImage?.duration ?? 0);

  const g = new GraphBuilder();
  const files: CompiledRender['files'] = [];
  let video = background(g, c.background, frame, main);
  video = overlays(g, video, c.overlays, frame);
  if (c.closingImage) video = closing(g, video, c.closingImage, frame);
  if (c.subtitles && c.subtitles.cues.length > 0) {
    const assPath = localPathSchema.parse(options.assPath ?? `${outputPath}.ass`);
    files.push({ path: assPath, contents: buildAss(c.subtitles.cues, c.subtitles) });
    video = captions(g, video, assPath, options.fontsDir);
  }
  if (c.logo) video = logo(g, video, c.logo, frame);
  const audio = soundtrack(g, c.voiceover, c.music, total);

  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    ...g.inputArgs,
    '-filter_complex',
    g.chains.join(';'),
    '-map',
    `[${video}]`,
    '-map',
    `[${audio}]`,
    ...profile.video,
    '-r',
    String(fps),
    ...profile.audio,
    '-ar',
    '48000',
    '-ac',
    '2',
    '-t',
    sec(total),
    '-movflags',
    '+faststart',
    outputPath,
  ];
  return { args, duration: total, files };
}
