import { localPathSchema } from '../composition.ts';
import { escapeFilterValue } from '../filtergraph.ts';
import { captionFilter } from './caption.ts';
import { hold, motionFrame } from './layers.ts';
import { intermediateVideo, motionFrames } from './motion.ts';
import type { Pose } from './moves.ts';
import { scaledCamera, scalesExactly } from './scaled-camera.ts';

/** A slow back-and-forth of a part, in pixels each way, over `period` seconds: breathing, a sway, a nod. */
export interface Wobble {
  x: number;
  y: number;
  period: number;
  /** Where in its cycle the wobble starts, in turns (0..1), so parts do not all move in step. */
  phase?: number;
}

/** A part arriving at its place: it starts `x`, `y` pixels away at `start` s and eases in over `seconds`. */
export interface Arrival {
  x: number;
  y: number;
  start: number;
  seconds: number;
}

/**
 * A cut-out part of an illustrated scene (a body, a face, an arm with what it holds), laid over the backdrop at
 * (x, y) and moved there by its wobbles and arrival. A part with `frames` is a numbered PNG sequence (printf pattern
 * in `path`) played once from the start at the frame rate and then held on its last frame: a drawn arm raising.
 */
export interface PuppetPart {
  path: string;
  frames?: number;
  x: number;
  y: number;
  wobbles?: readonly Wobble[];
  arrival?: Arrival;
}

export interface PuppetClipOptions {
  /** The opaque 1080x1920 backdrop, still. */
  backdrop: string;
  /** Back to front. */
  parts: readonly PuppetPart[];
  /** The camera on the laid-up picture: always zoomed in at least 5% (see scaledCamera). */
  camera: readonly [Pose, Pose];
  /** A small still picture laid on after the camera, so no zoom pushes it out of frame: the 'Illustration' tag. */
  overlay?: { path: string; x: number; y: number };
  /** Words burnt on after the camera, so they stay put and sharp. */
  assPath?: string;
  /** Fonts the words use that are not installed (a brand's uploaded font). */
  fontsDir?: string;
  seconds: number;
  outputPath: string;
}

const num = (n: number) => String(Math.round(n * 1e4) / 1e4);

/**
 * The offset of a part at time `t` (overlay's seconds) along one axis: its wobbles summed, plus what is left of its
 * arrival, eased out (fast at first, settling), so the part lands rather than stops.
 */
export function partOffset(part: Pick<PuppetPart, 'wobbles' | 'arrival'>, axis: 'x' | 'y'): string {
  const terms = (part.wobbles ?? [])
    .filter((w) => w[axis] !== 0)
    .map((w) => `${num(w[axis])}*sin(2*PI*(t/${num(w.period)}+${num(w.phase ?? 0)}))`);
  const arrival = part.arrival;
  if (arrival && arrival[axis] !== 0) {
    const left = `(1-clip((t-${num(arrival.start)})/${num(arrival.seconds)},0,1))`;
    terms.push(`${num(arrival[axis])}*${left}*${left}*${left}`);
  }
  return terms.length > 0 ? terms.join('+') : '0';
}

/** The overlay of one part at its place plus its motion, re-evaluated every frame. */
export function partOverlay(part: PuppetPart): string {
  const at = (axis: 'x' | 'y') => {
    const offset = partOffset(part, axis);
    return offset === '0' ? String(part[axis]) : escapeFilterValue(`${part[axis]}+${offset}`);
  };
  const moving = (part.wobbles?.length ?? 0) > 0 || part.arrival;
  return `overlay=x=${at('x')}:y=${at('y')}:format=yuv420:eval=${moving ? 'frame' : 'init'}`;
}

/** A part's frames for the whole clip: a still held, or a sequence played once and held on its last frame. */
function partFrames(part: PuppetPart, frames: number): string {
  if (!part.frames) return hold(frames);
  const after = Math.max(0, frames - part.frames);
  return `settb=1/${motionFrame.fps},setpts=N,tpad=stop_mode=clone:stop=${after},trim=end_frame=${frames}`;
}

/**
 * An illustrated puppet as one ffmpeg run: the backdrop held, each part laid over it with its own motion (overlays
 * of small cut-outs, cheap per frame), one camera over the result and the words on top. Nothing is rotated per
 * frame: a part that bends (an arm) comes drawn frame by frame, so it stays attached where it joins.
 */
export function puppetClipArgs(options: PuppetClipOptions): string[] {
  const frames = motionFrames(options.seconds);
  if (!scalesExactly(options.camera)) throw new Error('the puppet camera zooms in at least 5% and does not turn');
  if (options.parts.some((part) => part.x % 2 !== 0 || part.y % 2 !== 0)) throw new Error('a part sits on even pixels, as 4:2:0 chroma does');
  const still = (path: string) => ['-framerate', String(motionFrame.fps), '-protocol_whitelist', 'file,pipe', '-i', localPathSchema.parse(path)];
  const sequence = (path: string) => ['-framerate', String(motionFrame.fps), '-start_number', '0', '-i', localPathSchema.parse(path)];
  const inputs = [
    ...still(options.backdrop),
    ...options.parts.flatMap((part) => (part.frames ? sequence(part.path) : still(part.path))),
    ...(options.overlay ? still(options.overlay.path) : []),
  ];
  const chains = [`[0:v]format=yuv420p,${hold(frames)}[l0]`];
  options.parts.forEach((part, i) => {
    chains.push(`[${i + 1}:v]format=yuva420p,${partFrames(part, frames)}[p${i + 1}]`);
    chains.push(`[l${i}][p${i + 1}]${partOverlay(part)}[l${i + 1}]`);
  });
  const words = options.assPath ? `,${captionFilter(localPathSchema.parse(options.assPath), options.fontsDir)}` : '';
  const last = options.parts.length;
  if (options.overlay) {
    chains.push(`[l${last}]${scaledCamera(options.camera, frames)}[camera]`);
    chains.push(`[${last + 1}:v]format=yuva420p,${hold(frames)}[overlay]`);
    chains.push(`[camera][overlay]overlay=x=${options.overlay.x}:y=${options.overlay.y}:format=yuv420:eval=init${words},format=yuv420p[video]`);
  } else {
    chains.push(`[l${last}]${scaledCamera(options.camera, frames)}${words},format=yuv420p[video]`);
  }
  return [
    '-hide_banner', '-nostdin', '-y',
    ...inputs,
    '-filter_complex', chains.join(';'), '-map', '[video]',
    ...intermediateVideo,
    '-r', String(motionFrame.fps), '-frames:v', String(frames),
    '-movflags', '+faststart', '-an',
    localPathSchema.parse(options.outputPath),
  ];
}
