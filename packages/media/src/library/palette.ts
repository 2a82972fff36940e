/**
 * Colour ramps that turn a grey field (0..255) into colour, as pseudocolor expressions (a LUT: evaluated 256 times,
 * not per pixel). The ramps give Y'CbCr directly (BT.601, limited range, what ffmpeg assumes for untagged yuv420p),
 * so the picture never passes through RGB: converting every frame to and from rgb24 was half of a loop's cost.
 */

export interface ColourStop {
  /** Where on the grey scale the colour sits, 0..1. */
  at: number;
  colour: string;
}

export type Palette = readonly string[] | readonly ColourStop[];

const hexColour = /^#[0-9a-f]{6}$/i;

function rgb(colour: string): [number, number, number] {
  if (!hexColour.test(colour)) throw new Error(`not a #rrggbb colour: ${colour}`);
  const n = Number.parseInt(colour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Plain colour lists are spread evenly from black (0) to white (255) of the field. */
export function paletteStops(palette: Palette): ColourStop[] {
  if (palette.length < 2) throw new Error('a palette needs at least two colours');
  const stops = palette.map((entry, i) =>
    typeof entry === 'string' ? { at: i / (palette.length - 1), colour: entry } : { at: entry.at, colour: entry.colour },
  );
  for (let i = 1; i < stops.length; i++) {
    if (!(stops[i]!.at > stops[i - 1]!.at)) throw new Error('palette stops must rise strictly');
  }
  for (const stop of stops) rgb(stop.colour);
  return stops;
}

/** BT.601 limited-range Y'CbCr of an RGB colour; a linear map, so a ramp linear in RGB stays linear in YUV. */
export function yuv([r, g, b]: readonly [number, number, number]): [number, number, number] {
  return [
    16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255,
    128 + (-37.797 * r - 74.203 * g + 112 * b) / 255,
    128 + (112 * r - 93.786 * g - 18.214 * b) / 255,
  ];
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** One Y'CbCr plane's ramp (0 = Y, 1 = Cb, 2 = Cr): linear between stops, flat beyond the first and last. */
export function rampChannel(palette: Palette, channel: 0 | 1 | 2): string {
  const stops = paletteStops(palette);
  const value = (i: number) => round3(yuv(rgb(stops[i]!.colour))[channel]);
  const level = (i: number) => round3(stops[i]!.at * 255);
  let expression = String(value(stops.length - 1));
  for (let i = stops.length - 2; i >= 0; i--) {
    const [from, to] = [value(i), value(i + 1)];
    const [lo, hi] = [level(i), level(i + 1)];
    const segment = from === to ? String(from) : `${from}+${round3((to - from) / (hi - lo))}*(val-${lo})`;
    expression = `if(lt(val,${hi}),${segment},${expression})`;
  }
  return `if(lt(val,${level(0)}),${value(0)},${expression})`;
}

/** The colour a grey level gets, computed the way the LUT does; lets tests check a ramp without ffmpeg. */
export function colourAt(palette: Palette, grey: number): [number, number, number] {
  const stops = paletteStops(palette);
  const x = grey / 255;
  if (x <= stops[0]!.at) return rgb(stops[0]!.colour);
  for (let i = 0; i < stops.length - 1; i++) {
    const [a, b] = [stops[i]!, stops[i + 1]!];
    if (x < b.at) {
      const f = (x - a.at) / (b.at - a.at);
      const [ca, cb] = [rgb(a.colour), rgb(b.colour)];
      return [0, 1, 2].map((c) => Math.round(ca[c]! + (cb[c]! - ca[c]!) * f)) as [number, number, number];
    }
  }
  return rgb(stops[stops.length - 1]!.colour);
}
