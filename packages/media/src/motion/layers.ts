import { escapeFilterValue } from '../filtergraph.ts';
import type { Pose } from './moves.ts';

/** The renderer's output: the composition compiler's frame size and rate, so its clips go in without a rescale. */
export const motionFrame = { width: 1080, height: 1920, fps: 30 } as const;

/** The backdrop is blurred anyway: a sixteenth of the pixels blurs, moves and darkens for almost nothing. */
const backdropSize = { width: 270, height: 480 };

/**
 * The still sits inside this box rather than edge to edge, so the backdrop shows around every still (a 9:16 one too)
 * and the parallax has something to read against; the box has the frame's shape, so the margins look even. At 80% a
 * 9:16 card stays whole in the frame through every move's zoom and travel.
 */
const cardBox = { width: 864, height: 1536 };
const cardRadius = 28;
const shadow = { margin: 96, drop: 28, sigma: 30, opacity: 0.55 };

const { width, height } = motionFrame;

/** Six decimals: enough for a sub-pixel camera, without float noise such as 0.30000000000000004. */
const num = (n: number) => String(Math.round(n * 1e6) / 1e6);

const lerp = (from: number, to: number, progress: string) =>
  from === to ? `(${num(from)})` : `(${num(from)}${to >= from ? '+' : '-'}${num(Math.abs(to - from))}*${progress})`;

/**
 * Eased 0..1 over the clip, from a frame counter that is 0 on the first frame. Part linear, part sine: a pure
 * ease-in-out would stand still on the first and last frames, and the clip is cut between other footage, where a stop
 * reads as a stall.
 */
export function easedProgress(counter: string, frames: number): string {
  const u = `min(${counter}/${frames - 1},1)`;
  return `(0.6*${u}+0.2*(1-cos(PI*${u})))`;
}

/**
 * A perspective filter that looks at the frame from `pose` (see Pose) as it moves from the first to the second.
 * perspective resamples bilinearly at sub-pixel positions, so a slow move glides where zoompan's whole-pixel crops
 * would judder; `eval=frame` re-reads the corners for every frame.
 */
export function cameraFilter([from, to]: readonly [Pose, Pose], progress: string): string {
  const at = (key: keyof Pose) => lerp(from[key], to[key], progress);
  const [zoom, x, y, turn] = [at('zoom'), at('x'), at('y'), at('turn')];
  const still = (key: keyof Pose) => from[key] === 0 && to[key] === 0;
  const centreX = still('x') ? 'W/2' : `W/2-${x}*W/${zoom}`;
  const centreY = still('y') ? 'H/2' : `H/2-${y}*H/${zoom}`;
  const halfWidth = `W/2/${zoom}`;
  // A taller slice of the source on one side shrinks the picture there: that side looks farther away.
  const halfHeight = (side: 'left' | 'right') => (still('turn') ? `H/2/${zoom}` : `H/2/${zoom}*(1${side === 'left' ? '+' : '-'}${turn})`);
  const corners = {
    x0: `${centreX}-${halfWidth}`, y0: `${centreY}-${halfHeight('left')}`,
    x1: `${centreX}+${halfWidth}`, y1: `${centreY}-${halfHeight('right')}`,
    x2: `${centreX}-${halfWidth}`, y2: `${centreY}+${halfHeight('left')}`,
    x3: `${centreX}+${halfWidth}`, y3: `${centreY}+${halfHeight('right')}`,
  };
  const options = Object.entries(corners).map(([name, expression]) => `${name}=${escapeFilterValue(expression)}`);
  return `perspective=${options.join(':')}:interpolation=linear:eval=frame`;
}

/** Soft, dark and a little less saturated than the picture, so the sharp card in front clearly leads. */
export function backdropLook(): string {
  const { width: w, height: h } = backdropSize;
  return [
    `scale=${w}:${h}:force_original_aspect_ratio=increase`,
    `crop=${w}:${h}`,
    'setsar=1',
    'gblur=sigma=12',
    'eq=saturation=0.85',
    'colorchannelmixer=rr=0.55:gg=0.55:bb=0.55',
    'vignette=angle=PI/4',
    'format=yuv420p',
  ].join(',');
}

export const upscaleBackdrop = `scale=${width}:${height}:flags=bicubic`;

/** One still frame repeated `frames` times with exact 1/fps steps, whatever time base the source came with. */
export const hold = (frames: number) => `loop=loop=${frames - 1}:size=1:start=0,settb=1/${motionFrame.fps},setpts=N`;

/**
 * The still contained in the card box with rounded corners and a soft drop shadow, as yuva420p chains from `[input]`
 * to `[output]`. Runs once per clip: the result is held, not recomputed per frame.
 */
export function cardChains(input: string, output: string): string[] {
  const r = cardRadius;
  // Distance outside the rounded rectangle's inner box; within r of it the corner arc, antialiased over a pixel.
  const outside = `hypot(max(max(${r}-X,X-(W-1-${r})),0),max(max(${r}-Y,Y-(H-1-${r})),0))`;
  const alpha = escapeFilterValue(`alpha(X,Y)*clip(${r}+0.5-${outside},0,1)`);
  const { margin, drop, sigma, opacity } = shadow;
  return [
    `[${input}]scale=w=${cardBox.width}:h=${cardBox.height}:force_original_aspect_ratio=decrease:force_divisible_by=2:flags=lanczos,` +
      `setsar=1,format=rgba,geq=r=${escapeFilterValue('r(X,Y)')}:g=${escapeFilterValue('g(X,Y)')}:b=${escapeFilterValue('b(X,Y)')}:a=${alpha},` +
      `split[${output}card][${output}silhouette]`,
    `[${output}silhouette]colorchannelmixer=rr=0:gg=0:bb=0:aa=${opacity},` +
      `pad=iw+${2 * margin}:ih+${2 * margin}:${margin}:${margin + drop}:color=black@0,gblur=sigma=${sigma}[${output}shadow]`,
    `[${output}shadow][${output}card]overlay=${margin}:${margin}:format=rgb,format=yuva420p[${output}]`,
  ];
}

/**
 * A soft diagonal band of light, white with a gaussian alpha profile (a bright core in a wide faint halo), drawn once
 * at a quarter of the size: it is all gradient, so the upscale loses nothing.
 */
export function lightBandSource(frames: number): string {
  const slope = 0.3;
  const sigma = 90;
  const bandWidth = Math.round(slope * height + 12 * sigma);
  const [w, h] = [Math.round(bandWidth / 4 / 2) * 2, height / 4];
  const distance = `(X-W/2+(Y-H/2)*${slope})/${sigma / 4}`;
  const alpha = escapeFilterValue(`255*(0.16*exp(-pow(${distance},2))+0.06*exp(-pow(${distance}/3,2)))`);
  return (
    `color=c=white:s=${w}x${h}:r=${motionFrame.fps}:d=1,trim=end_frame=1,format=yuva420p,` +
    `geq=lum=255:cb=128:cr=128:a=${alpha},scale=${w * 4}:${height}:flags=bicubic,${hold(frames)}`
  );
}

/** Overlay options that carry the band across the frame once, between a fifth and four fifths of the clip. */
export function lightSweepOverlay(frames: number): string {
  const [first, last] = [Math.round(frames * 0.2), Math.round(frames * 0.8)];
  const s = `clip((n-${first})/${Math.max(1, last - first)},0,1)`;
  const smooth = `(${s}*${s}*(3-2*${s}))`;
  return `overlay=x=${escapeFilterValue(`-w+(W+w)*${smooth}`)}:y=0`;
}
