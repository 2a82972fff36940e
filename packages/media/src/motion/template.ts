import { localPathSchema } from '../composition.ts';
import { sec } from '../filtergraph.ts';
import { captionFilter } from './caption.ts';
import { hold, lightBandSource, lightSweepOverlay, motionFrame } from './layers.ts';
import { intermediateVideo, motionFrames } from './motion.ts';
import type { Pose } from './moves.ts';
import { scaledCamera, scalesExactly } from './scaled-camera.ts';

/**
 * One plane of a motion template: a 1080x1920 PNG (the first opaque, the others with alpha) and the camera's pose on
 * it at the clip's start and end. Planes further back move less than those in front: the 2.5D parallax.
 */
export interface TemplatePlane {
  path: string;
  poses: readonly [Pose, Pose];
}

export interface TemplateClipOptions {
  /** Back to front. */
  planes: readonly TemplatePlane[];
  /** A second set of planes wiped in from the right, as a Before/After reveal: from `at` s, over `seconds`. */
  reveal?: { planes: readonly TemplatePlane[]; at: number; seconds: number };
  /** The template's words and shapes (kineticAss), burnt on last so the camera never blurs them. */
  assPath?: string;
  /** Fonts the words use that are not installed (a brand's uploaded font). */
  fontsDir?: string;
  /** One soft band of light across the picture, as over a glossy product. */
  sweep?: boolean;
  seconds: number;
  outputPath: string;
}

const encode = (frames: number, outputPath: string) => [
  ...intermediateVideo,
  '-r', String(motionFrame.fps), '-frames:v', String(frames),
  '-movflags', '+faststart', '-an',
  localPathSchema.parse(outputPath),
];

/**
 * Every pose of a plane zooms in at least 5%: the scaled camera (two whole-pixel crops around a SIMD scale) then
 * places it at sub-pixel steps for about half the CPU of a perspective resample, and no plane's edge ever shows.
 */
function checkPoses(plane: TemplatePlane): void {
  if (!scalesExactly(plane.poses)) throw new Error('a template plane zooms in at least 5% and does not turn');
}

/**
 * A motion template as one ffmpeg run: each plane is read once, held for the clip and moved by its own camera, the
 * planes are laid over each other, an optional second set is wiped in over them, the words are burnt on and the
 * light sweeps. Per frame that is one scale per plane, the overlays and libass; nothing is drawn twice.
 */
export function templateClipArgs(options: TemplateClipOptions): string[] {
  const frames = motionFrames(options.seconds);
  const all = [...options.planes, ...(options.reveal?.planes ?? [])];
  if (options.planes.length === 0 || (options.reveal && options.reveal.planes.length === 0)) throw new Error('a template has at least one plane per side');
  all.forEach(checkPoses);
  const inputs = all.flatMap((plane) => ['-framerate', String(motionFrame.fps), '-protocol_whitelist', 'file,pipe', '-i', localPathSchema.parse(plane.path)]);
  const chains: string[] = [];
  const stack = (first: number, count: number, name: string) => {
    for (let i = first; i < first + count; i++) {
      const transparent = i > first;
      chains.push(`[${i}:v]format=${transparent ? 'yuva420p' : 'yuv420p'},${hold(frames)},${scaledCamera(all[i]!.poses, frames, { transparent })}[m${i}]`);
    }
    let under = `m${first}`;
    for (let i = first + 1; i < first + count; i++) {
      const out = i === first + count - 1 ? name : `s${i}`;
      chains.push(`[${under}][m${i}]overlay=format=yuv420:eval=init[${out}]`);
      under = out;
    }
    if (count === 1) chains.push(`[m${first}]null[${name}]`);
  };
  stack(0, options.planes.length, 'front');
  let picture = 'front';
  if (options.reveal) {
    const { at, seconds } = options.reveal;
    if (at <= 0 || at + seconds >= options.seconds) throw new Error('a reveal happens inside the clip');
    stack(options.planes.length, options.reveal.planes.length, 'back');
    chains.push(`[front][back]xfade=transition=wipeleft:duration=${sec(seconds)}:offset=${sec(at)},trim=end_frame=${frames}[revealed]`);
    picture = 'revealed';
  }
  const words = options.assPath ? `,${captionFilter(localPathSchema.parse(options.assPath), options.fontsDir)}` : '';
  if (options.sweep) {
    chains.push(`${lightBandSource(frames)}[band]`);
    chains.push(`[${picture}][band]${lightSweepOverlay(frames)}${words},format=yuv420p[video]`);
  } else {
    chains.push(`[${picture}]null${words},format=yuv420p[video]`);
  }
  return [
    '-hide_banner', '-nostdin', '-y',
    ...inputs,
    '-filter_complex', chains.join(';'), '-map', '[video]',
    ...encode(frames, options.outputPath),
  ];
}
