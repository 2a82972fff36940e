import { localPathSchema } from '../composition.ts';
import { sec } from '../filtergraph.ts';
import {
  backdropLook,
  cameraFilter,
  cardChains,
  easedProgress,
  hold,
  lightBandSource,
  lightSweepOverlay,
  motionFrame,
  upscaleBackdrop,
} from './layers.ts';
import { choreographies, motionFromPrompt, motionMoves, type MotionMove } from './moves.ts';
import { scaledCamera, scalesExactly } from './scaled-camera.ts';

/** Longer than any storyboard scene; a still cannot carry more than this without looking stuck. */
export const maxMotionSeconds = 30;

export interface MotionClipOptions {
  imagePath: string;
  /** The scene's video prompt: its words choose the camera move unless `move` is given. */
  prompt: string;
  seconds: number;
  outputPath: string;
  move?: MotionMove;
}

/** Frames of a clip of `seconds`: the output holds exactly this many. */
export function motionFrames(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 2 / motionFrame.fps || seconds > maxMotionSeconds) {
    throw new Error(`a motion clip lasts from ${sec(2 / motionFrame.fps)} to ${maxMotionSeconds} seconds`);
  }
  return Math.round(seconds * motionFrame.fps);
}

const openLocal = (path: string, options: string[] = []) => [...options, '-protocol_whitelist', 'file,pipe', '-i', localPathSchema.parse(path)];

/**
 * What this renderer and the join make is always encoded again (clips by the join, the joined video by the final
 * render), so it is made with x264's cheapest preset at a quality that survives that: against a lossless encode of the
 * same frames, CRF 18 ultrafast measured 58.2 dB PSNR where the final profile (CRF 21 veryfast) gave 53.8, for 28% less
 * CPU per clip and a cheaper decode in the next step. The files are four to five times larger, and a noisy photo
 * (grain over the whole frame) made 51 Mbit/s: the rate is capped at 16 Mbit/s, which clean pictures never reach.
 */
export const intermediateVideo = ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-maxrate', '16M', '-bufsize', '32M', '-pix_fmt', 'yuv420p'] as const;

/** Intermediate H.264, silent, at the renderer's frame rate, with the index up front for streaming. */
const encode = (frames: number, outputPath: string) => [
  ...intermediateVideo,
  '-r', String(motionFrame.fps), '-frames:v', String(frames),
  '-movflags', '+faststart', '-an',
  localPathSchema.parse(outputPath),
];

/**
 * The offline stand-in for generated footage: a still becomes a 1080x1920 clip. The still is contained in a card with
 * a shadow over a blurred, darkened cover of itself (never stretched); the camera moves as the prompt asks, the
 * backdrop moves less than the card (parallax), and a soft band of light crosses the frame once.
 *
 * Everything about the still is computed on its single frame and then held; per frame there are only a quarter-size
 * backdrop move and upscale, one overlay, one full-frame camera resample (a scale between whole-pixel crops where the
 * move allows it, see scaledCamera, else perspective) and the light band.
 */
export function motionClipArgs(options: MotionClipOptions): { args: string[]; move: MotionMove } {
  const move = options.move ?? motionFromPrompt(options.prompt);
  if (!motionMoves.includes(move)) throw new Error(`unknown camera move: ${String(move)}`);
  const frames = motionFrames(options.seconds);
  const { camera, backdrop } = choreographies[move];
  // perspective counts input frames from 1.
  const progress = easedProgress('(in-1)', frames);
  const shot = scalesExactly(camera) ? scaledCamera(camera, frames) : cameraFilter(camera, progress);
  const graph = [
    '[0:v]split[wide][sharp]',
    `[wide]${backdropLook()},${hold(frames)},${cameraFilter(backdrop, progress)},${upscaleBackdrop}[backdrop]`,
    ...cardChains('sharp', 'still'),
    `[still]${hold(frames)}[card]`,
    `${lightBandSource(frames)}[band]`,
    `[backdrop][card]overlay=x=(W-w)/2:y=(H-h)/2:eval=init,${shot}[shot]`,
    `[shot][band]${lightSweepOverlay(frames)},format=yuv420p[video]`,
  ].join(';');
  const args = [
    '-hide_banner', '-nostdin', '-y',
    ...openLocal(options.imagePath, ['-framerate', String(motionFrame.fps)]),
    '-filter_complex', graph, '-map', '[video]',
    ...encode(frames, options.outputPath),
  ];
  return { args, move };
}

/**
 * A vendor clip of any size or shape fitted to 1080x1920 the way stills are: contained, over a blurred and darkened
 * cover of itself, never stretched; cut to `seconds`, its last frame held if it is shorter. The picture is not carded
 * or moved: it is footage already.
 */
export function fitClipArgs(inputPath: string, outputPath: string, seconds: number): string[] {
  const frames = motionFrames(seconds);
  const { width, height, fps } = motionFrame;
  const graph = [
    `[0:v]fps=${fps},split[wide][sharp]`,
    `[wide]${backdropLook()},${upscaleBackdrop}[backdrop]`,
    `[sharp]scale=${width}:${height}:force_original_aspect_ratio=decrease:force_divisible_by=2,setsar=1[picture]`,
    `[backdrop][picture]overlay=x=(W-w)/2:y=(H-h)/2,format=yuv420p,` +
      `tpad=stop_mode=clone:stop_duration=${sec(seconds)},trim=end_frame=${frames}[video]`,
  ].join(';');
  return [
    '-hide_banner', '-nostdin', '-y',
    ...openLocal(inputPath, ['-t', sec(seconds)]),
    '-filter_complex', graph, '-map', '[video]',
    ...encode(frames, outputPath),
  ];
}
