/** Building blocks for field expressions (see field.ts for the x, y, ph names). Deterministic: same seed, same look. */

/** mulberry32: a tiny seeded generator, so a recipe renders the same picture on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Numbers as short, exact-enough expression literals. */
export const num = (value: number): string => String(Math.round(value * 1000) / 1000);

export type ParticleShape = 'soft' | 'disc' | 'ring';

export interface ParticleOptions {
  /** The frame is cut into cols x rows cells; each cell holds at most one particle, so the cost does not grow with the count. */
  cols: number;
  rows: number;
  /** Share of cells that hold a particle, 0..1. */
  density: number;
  seed: number;
  /** Largest radius as a share of the smaller cell side's half (0..1); each particle gets 40-100 % of it. */
  size: number;
  /** Peak grey of the brightest particle. */
  strength: number;
  /** 'soft' is a gaussian glow; 'disc' a flat circle with a soft edge (bokeh); 'ring' a bright rim around a veil. */
  shape: ParticleShape;
}

/**
 * A still field of scattered particles for a scrolled layer. Cells split the 9x16 frame evenly, so the pattern tiles
 * seamlessly when it scrolls; each pixel only looks at its own cell, which keeps geq's per-pixel cost constant.
 */
export function particles(o: ParticleOptions): string {
  const [cw, ch] = [9 / o.cols, 16 / o.rows];
  const half = Math.min(cw, ch) / 2;
  // geq evaluates the whole expression per pixel: st/ld keep the cell, radius and distance from being recomputed.
  const h = (k: number) => cellHash('ld(0)', 'ld(1)', o.seed * 7.31 + k * 13.7);
  const r = 'ld(2)';
  const cx = `((ld(0)+0.5)*${num(cw)}+(${h(1)}-0.5)*(${num(cw)}-2*${r}))`;
  const cy = `((ld(1)+0.5)*${num(ch)}+(${h(2)}-0.5)*(${num(ch)}-2*${r}))`;
  const setup = `st(0,floor(x/${num(cw)}));st(1,floor(y/${num(ch)}));st(2,${num(half * o.size)}*(0.4+0.6*${h(3)}));st(3,hypot(x-${cx},y-${cy}))`;
  const a = `${num(o.strength)}*(0.5+0.5*${h(4)})*lt(${h(5)},${num(o.density)})`;
  const d = 'ld(3)';
  if (o.shape === 'soft') return `(${setup};${a}*exp(-pow(${d}/(${r}*0.5),2)))`;
  if (o.shape === 'disc') return `(${setup};${a}*clip((${r}-${d})/(${r}*0.15),0,1))`;
  return `(${setup};${a}*(0.3*clip((${r}-${d})/(${r}*0.15),0,1)+exp(-pow((${d}-0.85*${r})/(0.12*${r}),2))))`;
}

/** A few glows circling their home points, for the per-frame base (keep the count small: it is paid per pixel). */
export interface OrbitOptions {
  count: number;
  seed: number;
  /** Radius range in frame units (the frame is 9 wide, 16 high). */
  radius: readonly [number, number];
  strength: readonly [number, number];
  /** How far each glow strays from home, in frame units. */
  wander: number;
  area?: { x?: readonly [number, number]; y?: readonly [number, number] };
}

export function orbits(options: OrbitOptions): string {
  const random = seededRandom(options.seed);
  const between = ([lo, hi]: readonly [number, number]) => lo + (hi - lo) * random();
  const terms: string[] = [];
  for (let i = 0; i < options.count; i++) {
    const r = between(options.radius);
    const a = between(options.strength);
    const [x0, y0] = [between(options.area?.x ?? [0, 9]), between(options.area?.y ?? [0, 16])];
    const turns = 1 + (i % 2);
    const phi = random() * Math.PI * 2;
    const cx = `${num(x0)}+${num(options.wander)}*sin(${turns}*ph+${num(phi)})`;
    const cy = `${num(y0)}+${num(options.wander * 1.4)}*cos(ph+${num(phi)})`;
    terms.push(`${num(a)}*exp(-pow(hypot(x-(${cx}),y-(${cy}))/${num(r)},2))`);
  }
  return terms.join('+');
}

/** A hash of two numbers in 0..1, for per-cell randomness inside an expression (blocks, glyphs, sparkles). */
export function cellHash(a: string, b: string, seed = 0): string {
  return `mod(abs(sin((${a})*12.9898+(${b})*78.233+${num(seed)})*43758.5453),1)`;
}

/** Clamps an expression to the grey range. */
export const grey = (expression: string): string => `clip(${expression},0,255)`;
