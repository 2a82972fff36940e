import { localPathSchema } from '../composition.ts';
import { escapeFilterValue, sec } from '../filtergraph.ts';
import { rampChannel, type Palette } from './palette.ts';

/**
 * A procedural picture, all drawn by ffmpeg: grey fields computed per pixel by geq, blended, coloured through a
 * palette ramp and upscaled. Fields are written in frame units so they look the same on any grid:
 *   x: 0..9 left to right, y: 0..16 top to bottom (a 9:16 frame), ph: the loop's phase in radians (0..2π).
 * The base is evaluated on every frame, so it stays cheap (a small grid, a few terms); layers are evaluated once
 * and then scrolled, which is how many particles move for the price of one frame. Everything that moves completes
 * whole turns per loop (sin of whole multiples of ph, whole scroll wraps), so the clip loops without a seam.
 */
export interface FieldLayer {
  /** A still grey field on the canvas; it should be periodic across the edges it scrolls over. */
  lum: string;
  /** Whole wraps per loop; negative moves up or left. */
  scroll?: { x?: number; y?: number };
  /** Drawn at half the detail and upscaled: for soft shapes (glows, bokeh discs), whose edges the blur hides anyway. */
  coarse?: boolean;
  /** Whole clockwise turns per loop around the frame's centre; the corners it uncovers are black. */
  spin?: number;
  blend?: 'screen' | 'addition' | 'lighten';
}

export interface FieldSpec {
  base: {
    grid: readonly [number, number];
    lum: string;
    /**
     * Compute the base for every other frame and cross-fade between: for slow fields, whose neighbouring frames
     * barely differ, this halves the base's cost without a visible step. Fast or hard-edged motion would ghost.
     */
    tween?: boolean;
  };
  layers?: readonly FieldLayer[];
  palette: Palette;
  /** 'pixel' keeps hard cell edges (blocks, glyphs); 'smooth' is bicubic. */
  upscale?: 'smooth' | 'pixel';
  /** Gaussian blur sigma in output pixels, applied after upscaling. */
  blur?: number;
  /** Film grain strength (0..30). */
  grain?: number;
  /** Darkened corners. */
  vignette?: boolean;
}

export interface LoopSpec extends FieldSpec {
  /** Loop length in seconds: the period of ph. */
  seconds: number;
  fps?: number;
}

export interface RenderSize {
  width: number;
  height: number;
}

/** Resolves the field names (x, y, ph) into geq's; `phase` is a constant for stills, time-driven for loops. */
export function geqExpression(lum: string, phase: string): string {
  return lum
    .replace(/\bph\b/g, `(${phase})`)
    .replace(/\bx\b/g, '(X*9/W)')
    .replace(/\by\b/g, '(Y*16/H)');
}

/**
 * Grey fields live in the luma plane of yuv420p with neutral chroma: a gray frame converted to yuv420p would be
 * squeezed into 16..235 and lose a seventh of its levels before the palette reads them.
 */
const geq = (lum: string, phase: string) => `format=yuv420p,geq=lum=${escapeFilterValue(geqExpression(lum, phase))}:cb=128:cr=128`;
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
const threadArgs = (threads: number) => ['-threads', String(threads), '-filter_threads', String(threads), '-filter_complex_threads', String(threads)];

interface Timing {
  fps: number;
  frames: number;
  /** The phase expression for a base computed `frames` times per loop. */
  phase: (frames: number) => string;
}

/** The grey picture (base blended with its layers) as filtergraph chains ending in [grey]. */
function greyChains(spec: FieldSpec, canvas: RenderSize, timing: Timing): string[] {
  const [gw, gh] = spec.base.grid;
  const flags = spec.upscale === 'pixel' ? 'neighbor' : 'bicubic';
  const tween = spec.base.tween === true && timing.frames > 1 && timing.frames % 2 === 0;
  const [rate, count] = tween ? [timing.fps / 2, timing.frames / 2] : [timing.fps, timing.frames];
  // A tweened base computes one frame more (the loop's first again), the far side of the last cross-fade.
  const duration = sec((count + (tween ? 1 : 0)) / rate);
  const fade = tween ? `,framerate=fps=${timing.fps},trim=end_frame=${timing.frames}` : '';
  const chains = [`color=c=black:s=${gw}x${gh}:r=${rate}:d=${duration},${geq(spec.base.lum, timing.phase(count))}${fade},scale=${canvas.width}:${canvas.height}:flags=${flags}[l0]`];
  // Particles and glyphs need no more than a 360x640 drawing (soft ones half that); a still's larger canvas gets the
  // drawing upscaled, not redrawn.
  const layerSize = (layer: FieldLayer) => {
    const width = Math.min(canvas.width, layer.coarse ? 180 : 360);
    return { width, height: even((width * canvas.height) / canvas.width) };
  };
  (spec.layers ?? []).forEach((layer, i) => {
    const size = layerSize(layer);
    const toCanvas = size.width === canvas.width ? '' : `,scale=${canvas.width}:${canvas.height}:flags=${flags}`;
    // Exactly one frame: a duration of 1/fps rounded up to the millisecond made two, and the loop a frame too long.
    const still = `color=c=black:s=${size.width}x${size.height}:r=${timing.fps}:d=1,trim=end_frame=1,${geq(layer.lum, '0')}${toCanvas}`;
    const repeat = timing.frames > 1 ? `,loop=loop=${timing.frames - 1}:size=1:start=0,setpts=N/${timing.fps}/TB` : '';
    // Eight decimals: after hundreds of frames the layer must land exactly where it started.
    const speed = (turns = 0) => (turns / timing.frames).toFixed(8);
    const scroll = layer.scroll && timing.frames > 1 ? `,scroll=h=${speed(-(layer.scroll.x ?? 0))}:v=${speed(-(layer.scroll.y ?? 0))}` : '';
    const spin = layer.spin && timing.frames > 1 ? `,rotate=a=2*PI*${layer.spin}*n/${timing.frames}:c=black` : '';
    chains.push(`${still}${repeat}${scroll}${spin}[p${i}]`);
    // Only luma blends; 'normal' keeps the first input's neutral chroma.
    chains.push(`[l${i}][p${i}]blend=c0_mode=${layer.blend ?? 'screen'}[l${i + 1}]`);
  });
  chains.push(`[l${spec.layers?.length ?? 0}]null[grey]`);
  return chains;
}

/**
 * [grey] -> coloured and finished picture of `size`. Colour, blur and vignette are smooth, so they run on the
 * half-size canvas (a quarter of the pixels) before the one upscale; only the grain needs the full size.
 */
function finishChain(spec: FieldSpec, canvas: RenderSize, size: RenderSize, temporalGrain: boolean): string {
  const channel = (c: 0 | 1 | 2) => escapeFilterValue(rampChannel(spec.palette, c));
  const filters = [`pseudocolor=c0=${channel(0)}:c1=${channel(1)}:c2=${channel(2)}:index=0`];
  if (spec.blur) filters.push(`gblur=sigma=${sec((spec.blur * canvas.width) / size.width)}`);
  if (spec.vignette) filters.push('vignette=angle=PI/4.5');
  filters.push(`scale=${size.width}:${size.height}:flags=${spec.upscale === 'pixel' ? 'neighbor' : 'bicubic'}`);
  if (spec.grain) filters.push(`noise=c0s=${spec.grain}:c0f=${temporalGrain ? 't+u' : 'u'}`);
  return `[grey]${filters.join(',')}`;
}

export interface LoopOutputs {
  /** The main file. */
  hd: { path: string } & RenderSize;
  /** An optional smaller rendition made in the same run (the picture is computed once). */
  sd?: { path: string } & RenderSize;
  /** A JPEG of one frame, for thumbnails. */
  poster?: { path: string; at: number } & RenderSize;
  /** ffmpeg threads; background generation uses one so the other core stays free for requests. */
  threads?: number;
}

// ultrafast: a first start renders dozens of loops while users wait for the pickers; the encode was a fifth of each
// loop's cost at veryfast, and the soft procedural pictures lose nothing visible to the simpler encoder.
const x264 = (crf: number, fps: number) => ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', String(crf), '-pix_fmt', 'yuv420p', '-g', String(fps * 2), '-movflags', '+faststart', '-an'];

/** ffmpeg arguments that render a seamless loop to H.264 MP4, plus an optional smaller rendition and poster JPEG. */
export function loopArgs(spec: LoopSpec, outputs: LoopOutputs): string[] {
  if (!(spec.seconds >= 1 && spec.seconds <= 30)) throw new Error('a loop lasts 1 to 30 seconds');
  const fps = spec.fps ?? 24;
  const frames = Math.round(spec.seconds * fps);
  const canvas = { width: even(outputs.hd.width / 2), height: even(outputs.hd.height / 2) };
  const chains = greyChains(spec, canvas, { fps, frames, phase: (count) => `2*PI*N/${count}` });
  return encodedLoop([], [...chains, finishChain(spec, canvas, outputs.hd, true)], outputs, fps, frames);
}

/**
 * The loop's files from one picture: `picture`'s last chain ends unlabelled at the HD size, and is split into the HD
 * file, the SD rendition and the poster, each encoded in the same run.
 */
export function encodedLoop(inputs: readonly string[], picture: readonly string[], outputs: LoopOutputs, fps: number, frames: number): string[] {
  const chains = picture.slice(0, -1);
  const extra = [outputs.sd ? '[sdin]' : '', outputs.poster ? '[posterin]' : ''].join('');
  const split = extra ? `,split=${1 + (outputs.sd ? 1 : 0) + (outputs.poster ? 1 : 0)}[hd]${extra}` : '[hd]';
  chains.push(`${picture.at(-1)!}${split}`);
  if (outputs.sd) chains.push(`[sdin]scale=${outputs.sd.width}:${outputs.sd.height}:flags=bicubic[sd]`);
  if (outputs.poster) {
    const frame = Math.min(Math.round(outputs.poster.at * fps), frames - 1);
    chains.push(`[posterin]trim=start_frame=${frame},scale=${outputs.poster.width}:${outputs.poster.height}:flags=bicubic[poster]`);
  }
  const args = ['-hide_banner', '-nostdin', '-y', ...threadArgs(outputs.threads ?? 1), ...inputs, '-filter_complex', chains.join(';')];
  args.push('-map', '[hd]', ...x264(24, fps), localPathSchema.parse(outputs.hd.path));
  if (outputs.sd) args.push('-map', '[sd]', ...x264(26, fps), localPathSchema.parse(outputs.sd.path));
  if (outputs.poster) args.push('-map', '[poster]', '-frames:v', '1', '-q:v', '3', localPathSchema.parse(outputs.poster.path));
  return args;
}

export interface StillOutput extends RenderSize {
  path: string;
}

/**
 * ffmpeg arguments that render one moment of a field (phase in radians) as a still image (PNG or JPEG by extension),
 * plus smaller renditions cut from the same picture in the same run: each covers its size and is cropped centred,
 * the way a stock site's portrait crop is.
 */
export function stillArgs(spec: FieldSpec, output: StillOutput & { phase?: number; threads?: number; renditions?: readonly StillOutput[] }): string[] {
  const canvas = { width: even(output.width / 2), height: even(output.height / 2) };
  const chains = greyChains(spec, canvas, { fps: 1, frames: 1, phase: () => sec(output.phase ?? 0) });
  const renditions = output.renditions ?? [];
  const split = renditions.length ? `,split=${renditions.length + 1}[out]${renditions.map((_, i) => `[r${i}]`).join('')}` : '[out]';
  chains.push(`${finishChain(spec, canvas, output, false)}${split}`);
  renditions.forEach((r, i) => chains.push(`[r${i}]scale=${r.width}:${r.height}:force_original_aspect_ratio=increase:flags=bicubic,crop=${r.width}:${r.height}[o${i}]`));
  const file = (label: string, path: string) => ['-map', label, '-frames:v', '1', '-q:v', '2', localPathSchema.parse(path)];
  return [
    '-hide_banner', '-nostdin', '-y', ...threadArgs(output.threads ?? 1),
    '-filter_complex', chains.join(';'),
    ...file('[out]', output.path),
    ...renditions.flatMap((r, i) => file(`[o${i}]`, r.path)),
  ];
}
