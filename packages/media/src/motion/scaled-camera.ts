import { escapeFilterValue } from '../filtergraph.ts';
import { easedProgress, motionFrame } from './layers.ts';
import type { Pose } from './moves.ts';

/**
 * Below this zoom a scaled camera would need very wide crop offsets (see scaledCamera); the moves that start or end on
 * the whole frame (push-in, pull-out) keep the perspective camera.
 */
const minScaledZoom = 1.05;

/** Whether `scaledCamera` can follow these poses: no turn (a keystone needs perspective) and always zoomed in. */
export function scalesExactly([from, to]: readonly [Pose, Pose]): boolean {
  return from.turn === 0 && to.turn === 0 && Math.min(from.zoom, to.zoom) >= minScaledZoom;
}

const num = (n: number) => String(Math.round(n * 1e6) / 1e6);

/**
 * The camera of `cameraFilter` for a move without a turn, in about half its CPU: swscale's SIMD resample instead of
 * perspective's per-pixel one. A scale alone lands content on whole pixels only, which judders; here the sub-pixel
 * part comes from two whole-pixel crops around the scale. Scaling a window that starts at source pixel c by r = window
 * / scaled width and keeping the scaled picture from pixel d on shows source c + d·r at the output's first pixel:
 * stepping d by one moves that by 1 - r (about a tenth of a pixel at a zoom of 1.1), so some d in a dozen lands within
 * a twentieth of a pixel of where perspective would look. Crops of 4:2:0 video fall on even pixels, so c and d are
 * even and the error is at most a tenth. The window is aligned at the frame's centre, where the rounding of the
 * scaled size to whole pixels matters least (a quarter of a pixel at the edges). Counts frames from 0 (`n`). A layer
 * with an alpha channel (`transparent`) is padded with clear pixels, so it can be laid over another.
 */
export function scaledCamera(poses: readonly [Pose, Pose], frames: number, options: { transparent?: boolean } = {}): string {
  const x = scaledAxis('x', motionFrame.width, poses, frames);
  const y = scaledAxis('y', motionFrame.height, poses, frames);
  const e = escapeFilterValue;
  return [
    // Room for windows that reach past the picture: only their parts outside the kept crop do.
    `pad=${x.padded}:${y.padded}:${x.before}:${y.before}${options.transparent ? ':color=black@0' : ''}`,
    `crop=w=${x.window}:h=${y.window}:x=${e(x.start)}:y=${e(y.start)}`,
    `scale=w=${e(x.scaled)}:h=${e(y.scaled)}:eval=frame:flags=bilinear`,
    `crop=w=${motionFrame.width}:h=${motionFrame.height}:x=${e(x.offset)}:y=${e(y.offset)}`,
    // The scale keeps the window's shape in the pixels' aspect (its two sides round apart, 23657:23646 once); the
    // picture is square-pixelled and a join of clips with unequal ones fails, so it is said to be.
    'setsar=1',
  ].join(',');
}

function scaledAxis(key: 'x' | 'y', size: number, [from, to]: readonly [Pose, Pose], frames: number) {
  const progress = easedProgress('n', frames);
  const lerp = (a: number, b: number) => (a === b ? num(a) : `(${num(a)}+${num(b - a)}*${progress})`);
  const zoom = lerp(from.zoom, to.zoom);
  const least = Math.min(from.zoom, to.zoom);
  // The largest output offset d: 2·steps, with steps enough for (1 - r)·steps to pass one pixel.
  const steps = Math.ceil(1 / (1 - 1 / least));
  const window = 2 * Math.ceil((size + 2 * steps + 2) / least / 2);
  // Where the camera's window starts in the picture (as perspective's corners put it), over the whole move.
  const starts = Array.from({ length: 101 }, (_, i) => {
    const p = i / 100;
    const z = from.zoom + (to.zoom - from.zoom) * p;
    return size / 2 - (from[key] + (to[key] - from[key]) * p + 0.5) * (size / z);
  });
  const before = 2 * Math.ceil(Math.max(0, 2 * steps + 2 - Math.min(...starts)) / 2);
  const after = 2 * Math.ceil(Math.max(0, Math.max(...starts) + 2 + window - size) / 2);
  const scaled = `round(${window}*${zoom})`;
  const r = `(${window}/${scaled})`;
  // Half of c + d·r, for the even c and d: the source position of the kept picture's first pixel, with swscale's
  // half-pixel centres and the centre alignment folded in.
  const half = `((${before}+${size / 2}-${lerp(from[key], to[key])}*${size}/${zoom}-${size / 2}*${r}+0.5*(1-${r}))/2)`;
  const step = `round((ceil(${half})-${half})/(1-${r}))`;
  return { padded: before + size + after, before, window, scaled, start: `2*round(${half}-${step}*${r})`, offset: `2*${step}` };
}
