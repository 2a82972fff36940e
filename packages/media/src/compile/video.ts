import { centreFocus, type Composition, type Focus } from '../composition.ts';
import { escapeFilterValue, sec, type GraphBuilder } from '../filtergraph.ts';

export interface Frame {
  width: number;
  height: number;
  fps: number;
  /** Output width / 1080: document coordinates are 1080x1920 pixels. */
  k: number;
}

type Background = Composition['background'];
type ClipsBackground = Extract<Background, { kind: 'clips' }>;
type ScenesBackground = Extract<Background, { kind: 'scenes' }>;

/** Beyond this many clip segments a document is almost certainly wrong (a 0.2 s clip looped over a minute). */
const maxSegments = 120;
/** How far a Ken Burns scene zooms in over its duration. */
const kenBurnsZoom = 0.15;

const fraction = (n: number) => String(Math.round(n * 1000) / 1000);

/** Scales the picture to fill the frame and keeps the window at `focus` of what overflows (centred by default). */
export const cover = (f: Frame, focus: Focus = centreFocus) =>
  `scale=${f.width}:${f.height}:force_original_aspect_ratio=increase,crop=${f.width}:${f.height}:(iw-ow)*${fraction(focus.x)}:(ih-oh)*${fraction(focus.y)},setsar=1`;

/**
 * The Ken Burns zoom: the shrinking window keeps the focus at the same place in it, so an edge the user framed on
 * (focus 0 or 1) stays in the picture while the zoom closes in.
 */
export const kenBurns = (f: Frame, frames: number, focus: Focus) =>
  `zoompan=z='1+${kenBurnsZoom}*on/${frames}':x='(iw-iw/zoom)*${fraction(focus.x)}':y='(ih-ih/zoom)*${fraction(focus.y)}':d=${frames}:s=${f.width}x${f.height}:fps=${f.fps}`;

/** Holds the last frame if the stream is short and cuts it if long, so every later stage sees exactly `duration`. */
const exactly = (duration: number) => `tpad=stop_mode=clone:stop_duration=${sec(duration)},trim=duration=${sec(duration)}`;

export function naturalLength(background: Background): number {
  if (background.kind === 'clips') return background.clips.reduce((sum, c) => sum + slot(c), 0);
  const scenes = background.scenes.reduce((sum, s) => sum + s.duration, 0);
  return scenes - (background.scenes.length - 1) * background.transitionDuration;
}

const usable = (c: ClipsBackground['clips'][number]) => (c.trimEnd ?? c.duration) - c.trimStart;
/** The time a clip takes in the background: its fixed length when it has one, else what is left after trimming. */
const slot = (c: ClipsBackground['clips'][number]) => c.length ?? usable(c);

interface Segment {
  path: string;
  start: number;
  /** Seconds read from the source. */
  length: number;
  /** Only for a clip with a fixed length: the seconds it occupies, exactly (the last frame is held past `length`). */
  span?: number;
}

/** The clip cuts that fill `duration`: input-side -ss/-t keeps the decoder from reading frames that are thrown away. */
export function clipSegments(background: ClipsBackground, duration: number): Segment[] {
  const segments: Segment[] = [];
  let covered = 0;
  for (let i = 0; covered < duration - 1e-6; i++) {
    if (i >= background.clips.length && background.fit === 'trim') break;
    if (segments.length >= maxSegments) throw new Error(`the background clips would need more than ${maxSegments} loops`);
    const clip = background.clips[i % background.clips.length]!;
    const span = Math.min(slot(clip), duration - covered);
    const length = Math.min(usable(clip), span);
    segments.push({ path: clip.path, start: clip.trimStart, length, ...(clip.length === undefined ? {} : { span }) });
    covered += span;
  }
  return segments;
}

export function background(g: GraphBuilder, bg: Background, f: Frame, duration: number): string {
  const joined = bg.kind === 'clips' ? clips(g, bg, f, duration) : scenes(g, bg, f);
  return g.chain([joined], exactly(duration));
}

function clips(g: GraphBuilder, bg: ClipsBackground, f: Frame, duration: number): string {
  const prepare = `fps=${f.fps},${cover(f)},format=yuv420p`;
  const [only] = bg.clips;
  // The usual upload is one untrimmed clip: the demuxer loops it with one decoder instead of one per repetition.
  if (bg.clips.length === 1 && bg.fit === 'loop' && only!.trimStart === 0 && only!.trimEnd === undefined && only!.length === undefined) {
    return g.chain([`${g.input(only!.path, ['-stream_loop', '-1'])}:v`], prepare);
  }
  const parts = clipSegments(bg, duration).map((s) => {
    const i = g.input(s.path, ['-ss', sec(s.start), '-t', sec(s.length)]);
    // A fixed slot is padded and cut on its own, so a source a frame shorter than probed cannot shift later scenes.
    return g.chain([`${i}:v`], s.span === undefined ? prepare : `${prepare},${exactly(s.span)}`);
  });
  return parts.length === 1 ? parts[0]! : g.chain(parts, `concat=n=${parts.length}:v=1:a=0`);
}

function scenes(g: GraphBuilder, bg: ScenesBackground, f: Frame): string {
  const parts = bg.scenes.map((scene) => {
    const i = g.input(scene.imagePath, ['-framerate', String(f.fps)]);
    const frames = Math.max(1, Math.round(scene.duration * f.fps));
    if (!scene.zoom) return g.chain([`${i}:v`], `${cover(f, scene.focus)},format=yuv420p,fps=${f.fps},${exactly(scene.duration)}`);
    // zoompan crops whole pixels; working at twice the output size halves the visible stepping of a slow zoom.
    const big: Frame = { ...f, width: f.width * 2, height: f.height * 2 };
    return g.chain([`${i}:v`], `${cover(big, scene.focus)},${kenBurns(f, frames, scene.focus)},setsar=1,format=yuv420p`);
  });
  let joined = parts[0]!;
  let length = bg.scenes[0]!.duration;
  for (let n = 1; n < parts.length; n++) {
    const offset = length - bg.transitionDuration;
    joined = g.chain(
      [joined, parts[n]!],
      `xfade=transition=${bg.transition}:duration=${sec(bg.transitionDuration)}:offset=${sec(offset)}`,
    );
    length = offset + bg.scenes[n]!.duration;
  }
  return joined;
}

/** Each image is decoded and scaled once; overlay keeps showing its single frame and `enable` gates the window. */
export function overlays(g: GraphBuilder, base: string, items: Composition['overlays'], f: Frame): string {
  return items.reduce((current, o) => {
    const i = g.input(o.imagePath);
    const width = even((o.width ?? 864) * f.k);
    const image = g.chain([`${i}:v`], `scale=${width}:-2,format=yuva420p`);
    const x = o.x === undefined ? '(W-w)/2' : String(Math.round(o.x * f.k));
    const y = o.y === undefined ? '(H-h)/2' : String(Math.round(o.y * f.k));
    return g.chain([current, image], `overlay=x=${x}:y=${y}:enable='between(t,${sec(o.start)},${sec(o.end)})'`);
  }, base);
}

/**
 * A still appended after `main` for `still.duration` (the closing image, the end card): letterboxed, never cropped,
 * since it usually carries a call to action.
 */
export function appendStill(g: GraphBuilder, main: string, still: { path: string; duration: number }, f: Frame): string {
  const i = g.input(still.path, ['-framerate', String(f.fps)]);
  const card = g.chain(
    [`${i}:v`],
    `scale=${f.width}:${f.height}:force_original_aspect_ratio=decrease,pad=${f.width}:${f.height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuv420p,fps=${f.fps},${exactly(still.duration)}`,
  );
  return g.chain([main, card], 'concat=n=2:v=1:a=0');
}

export function captions(g: GraphBuilder, base: string, assPath: string, fontsDir: string | undefined): string {
  const fonts = fontsDir === undefined ? '' : `:fontsdir=${escapeFilterValue(fontsDir)}`;
  return g.chain([base], `ass=filename=${escapeFilterValue(assPath)}${fonts}`);
}

export function logo(g: GraphBuilder, base: string, spec: NonNullable<Composition['logo']>, f: Frame): string {
  const i = g.input(spec.path);
  // The alpha plane is scaled, so a transparent PNG's own transparency is kept under the opacity.
  const fade = spec.opacity < 1 ? `,colorchannelmixer=aa=${fraction(spec.opacity)}` : '';
  const image = g.chain([`${i}:v`], `scale=${even(spec.width * f.k)}:-2,format=yuva420p${fade}`);
  const margin = Math.round(48 * f.k);
  const x = spec.corner.endsWith('left') ? String(margin) : `W-w-${margin}`;
  const y = spec.corner.startsWith('top') ? String(margin) : `H-h-${margin}`;
  return g.chain([base, image], `overlay=x=${x}:y=${y}`);
}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));
