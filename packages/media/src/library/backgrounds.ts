import { cellHash, grey, num, orbits, particles } from './expressions.ts';
import type { LoopSpec } from './field.ts';
import { families, palettes } from './looks.ts';
import type { ColourStop } from './palette.ts';

/**
 * The 18 Scroll Stopper backgrounds (SPEC §2), one procedural loop each, keyed by a stable id. Each tries to evoke
 * its name: blocky terrain, a jungle run, rail tracks, falling glyphs, a studio backdrop, warm restaurant lights…
 */

/** Hard-edged colour bands: each [from, to, colour] holds one colour over that part (0..1) of the grey scale. */
function bands(...entries: [number, number, string][]): ColourStop[] {
  return entries.flatMap(([from, to, colour]) => [
    { at: from, colour },
    { at: to, colour },
  ]);
}

const turn = 'ph/(2*PI)';

const minecraft: LoopSpec = {
  seconds: 10,
  // Eight texels per block, 18 blocks per frame width: the terrain is drawn once and scrolled one width per loop.
  base: { grid: [18, 32], lum: '0' },
  layers: [
    {
      lum: grey(
        `st(0,floor(x*2));st(1,floor(y*2));st(2,13+floor(4*${cellHash('ld(0)', '1', 3)}));` +
          `st(3,${cellHash('floor(x*16)', 'floor(y*16)', 5)});` +
          `if(lt(ld(1),ld(2)),10+y*2,if(eq(ld(1),ld(2)),98+12*ld(3),if(lt(ld(1),ld(2)+4),62+20*ld(3),` +
          `if(gt(${cellHash('ld(0)', 'ld(1)', 9)},0.93),225+20*ld(3),130+45*ld(3)))))`,
      ),
      scroll: { x: -1 },
      blend: 'lighten',
    },
  ],
  palette: [
    { at: 0, colour: '#6fb8ef' }, { at: 0.16, colour: '#b5e2ff' },
    { at: 0.22, colour: '#6b4526' }, { at: 0.34, colour: '#94623a' },
    { at: 0.37, colour: '#4b962d' }, { at: 0.44, colour: '#72c94e' },
    { at: 0.5, colour: '#5d5d5d' }, { at: 0.69, colour: '#a3a3a3' },
    { at: 0.86, colour: '#3fd0c9' }, { at: 1, colour: '#b8fff9' },
  ],
  upscale: 'pixel',
};

const perspective = (horizon: number) => `st(0,max(y-${horizon},0.05));st(1,6/ld(0));st(2,(x-4.5)/ld(0))`;

const templeRun: LoopSpec = {
  seconds: 8,
  base: {
    grid: [96, 170],
    lum: grey(
      `${perspective(5)};if(lt(y,5),200+10*(5-y)+20*exp(-pow((x-4.5)/2,2)),` +
        `if(lt(abs(ld(2)),0.55),st(3,mod(ld(1)+4*${turn},1));st(4,mod(ld(2)*3+10,1));` +
        `if(lt(min(ld(3),ld(4)),0.06),95,135+40*${cellHash('floor(ld(1)+4*' + turn + ')', 'floor(ld(2)*3)', 2)}),` +
        `40+25*sin(ld(2)*5+ld(1)*2+8*ph)+20*sin(x*3+y)))`,
    ),
  },
  palette: [
    { at: 0, colour: '#0d2410' }, { at: 0.3, colour: '#3b7a2f' },
    { at: 0.36, colour: '#4a3b2b' }, { at: 0.5, colour: '#9c8560' }, { at: 0.7, colour: '#d6c096' },
    { at: 0.78, colour: '#f0c987' }, { at: 1, colour: '#fff4dc' },
  ],
  blur: 1.2,
  vignette: true,
  grain: 4,
};

const subwaySurfer: LoopSpec = {
  seconds: 8,
  base: {
    grid: [96, 170],
    lum: grey(
      `${perspective(4.5)};if(lt(y,4.5),215+8*(4.5-y)-30*gt(sin(x*3.1)+sin(x*1.3+1),1.2)*gt(y,2.5),` +
        `st(3,mod(ld(2)+10.5,1.5)-0.75);st(4,mod(ld(1)+6*${turn},0.6));` +
        `if(lt(abs(abs(ld(3))-0.42),0.035),190,if(lt(abs(ld(3)),0.45)*lt(ld(4),0.16),70,` +
        `if(lt(abs(ld(3)),0.5),45+10*${cellHash('floor(x*20)', 'floor(y*20)', 4)},120+20*sin(ld(1)*3+12*ph)))))`,
    ),
  },
  palette: [
    { at: 0, colour: '#3b3a3f' }, { at: 0.22, colour: '#6c6a70' },
    { at: 0.24, colour: '#6e4a2c' }, { at: 0.3, colour: '#8a5c34' },
    { at: 0.4, colour: '#e2574c' }, { at: 0.6, colour: '#f7a84a' },
    { at: 0.72, colour: '#d8dde6' }, { at: 0.8, colour: '#ffffff' },
    { at: 0.82, colour: '#59b7f0' }, { at: 1, colour: '#bfe7ff' },
  ],
  blur: 1,
  grain: 3,
};

/** Columns of glyph-like bit patterns whose brightness trails upward from a bright head; scrolled, they fall. */
function glyphRain(seed: number, presence: number): string {
  const col = 'floor(x*2)';
  const row = 'floor(y*2)';
  const trail = `mod(y/16*${2 + (seed % 2)}+${cellHash(col, '7', seed)},1)`;
  const bit = cellHash(`${col}*5+floor(mod(x*2,1)*3)`, `${row}*7+floor(mod(y*2,1)*5)`, seed + 1);
  const inGlyph = `lt(abs(mod(x*2,1)-0.5),0.36)*lt(abs(mod(y*2,1)-0.5),0.4)`;
  return grey(`lt(${cellHash(col, '3', seed + 2)},${presence})*gt(${bit},0.45)*${inGlyph}*(255*pow(${trail},2.2)+120*gt(${trail},0.96))`);
}

const matrix: LoopSpec = {
  seconds: 8,
  base: { grid: [18, 32], lum: '6' },
  layers: [
    { lum: glyphRain(1, 0.35), scroll: { y: 1 }, blend: 'lighten' },
    { lum: glyphRain(2, 0.3), scroll: { y: 2 }, blend: 'lighten' },
    { lum: glyphRain(3, 0.25), scroll: { y: 3 }, blend: 'lighten' },
  ],
  palette: ['#000000', '#003b12', '#00a83a', '#66ff8c', '#eaffee'],
  blur: 0.8,
};

const product: LoopSpec = {
  seconds: 8,
  base: {
    tween: true,
    grid: [72, 128],
    lum: grey(`if(lt(y,11+0.4*sin(x*0.35)),175+30*exp(-pow(hypot(x-4.5-1.5*sin(ph),y-6)/4,2)),200-6*(y-11)+40*exp(-pow(hypot((x-4.5)/2.2,(y-12.5)/0.5),2)))-10*pow(abs(x-4.5)/4.5,2)`),
  },
  palette: ['#2f333a', '#7d848f', '#c9ced6', '#f4f6f9', '#ffffff'],
  blur: 6,
  grain: 3,
};

const calmYellow: LoopSpec = {
  seconds: 10,
  base: { tween: true, grid: [72, 128], lum: grey(`140+45*sin(x*0.45+sin(ph))+35*sin(y*0.3-ph)+25*sin(hypot(x-3,y-10)*0.6+2*ph)`) },
  palette: ['#f2b83a', '#ffd866', '#ffe9a3', '#fff7dc'],
  blur: 8,
  grain: 3,
};

const restaurant: LoopSpec = {
  ...families.bokeh.make(['#120804', '#3d1f0e', '#a3571c', '#f0a040', '#ffe1a8'], 41),
  seconds: 10,
};

const carDriving: LoopSpec = {
  seconds: 8,
  base: {
    grid: [96, 170],
    lum: grey(
      `${perspective(6)};if(lt(y,6),8+14*exp(-pow((y-6)/1.2,2))+${cellHash('floor(x*6)', '1', 8)}*22*gt(y,4.8),` +
        `st(3,mod(ld(1)+8*${turn},1));if(lt(abs(ld(2)),0.03)*lt(ld(3),0.5),235,if(lt(abs(abs(ld(2))-0.9),0.03),200,` +
        `if(lt(abs(ld(2)),0.95),30+6*${cellHash('floor(x*30)', 'floor(y*30)', 1)},14))))`,
    ),
  },
  layers: [{ lum: grey(particles({ cols: 2, rows: 4, density: 0.9, seed: 5, size: 0.5, strength: 170, shape: 'soft' })), scroll: { y: 2 }, coarse: true }],
  palette: ['#03040a', '#141b2e', '#33405e', '#f2b233', '#fff3c4'],
  blur: 1.5,
  grain: 4,
  vignette: true,
};

const jellyfish: LoopSpec = {
  seconds: 10,
  base: { tween: true, grid: [72, 128], lum: grey(`18+2*y+30*exp(-pow((x-3-0.3*y-0.4*sin(ph))/1.3,2))*clip((10-y)/10,0,1)`) },
  layers: [
    { lum: grey(particles({ cols: 2, rows: 3, density: 0.85, seed: 3, size: 0.9, strength: 150, shape: 'ring' })), scroll: { y: -1 }, coarse: true },
    { lum: grey(particles({ cols: 4, rows: 6, density: 0.5, seed: 8, size: 0.7, strength: 90, shape: 'ring' })), scroll: { y: -2 }, coarse: true },
  ],
  palette: ['#010a1f', '#06306b', '#2f7fc1', '#c58bf2', '#f8ecff'],
  blur: 4,
  grain: 3,
};

const fire: LoopSpec = {
  seconds: 6,
  base: {
    grid: [72, 128],
    lum: grey(
      `st(0,clip((y-3)/13,0,1));st(1,sin(x*1.9+sin(y*0.8-24*ph)*1.4+6*ph)*0.5+sin(x*3.7-y*0.6+18*ph)*0.3+sin(y*1.6+x*0.5-30*ph)*0.25);` +
        `255*clip(pow(ld(0),1.3)*1.35+ld(1)*0.45*ld(0)-0.2+0.12*sin(36*ph),0,1)`,
    ),
  },
  palette: palettes.ember.colours,
  blur: 5,
  grain: 5,
};

const exercise: LoopSpec = {
  seconds: 8,
  base: { grid: [72, 128], lum: grey(`128+100*clip(2*sin((x+y*0.7)*1.3-8*ph),-1,1)*(0.75+0.25*sin(16*ph))+15*sin(y*0.4)`) },
  palette: ['#0b1d26', '#0f5e6e', '#18b3a4', '#ff8a3d', '#ffd9b8'],
  blur: 2,
  grain: 3,
};

const salon: LoopSpec = {
  seconds: 10,
  base: { tween: true, grid: [72, 128], lum: grey(`120+40*sin(x*0.5+sin(ph))+30*sin(y*0.25+x*0.2-ph)`) },
  layers: [{ lum: grey(particles({ cols: 9, rows: 16, density: 0.3, seed: 12, size: 0.3, strength: 255, shape: 'soft' })), scroll: { y: -1 }, coarse: true }],
  palette: palettes.rose.colours,
  blur: 5,
  grain: 3,
};

const offer: LoopSpec = {
  seconds: 8,
  base: {
    tween: true,
    grid: [90, 160],
    lum: grey(`st(0,hypot(x-4.5,y-7));110+70*clip(3*sin(atan2(y-7,x-4.5)*12+ph),-1,1)+90*exp(-ld(0)/2.5)-3*ld(0)`),
  },
  palette: ['#5a0009', '#c8101d', '#ff4d2e', '#ffc21a', '#fff3a3'],
  blur: 1.5,
};

const burger: LoopSpec = {
  seconds: 8,
  base: { grid: [72, 128], lum: grey(`255*mod((y+0.5*sin(x*0.9+2*ph))/3.2+${turn},1)`) },
  palette: bands([0, 0.2, '#e8a448'], [0.21, 0.38, '#6fbf3a'], [0.39, 0.55, '#ffcc33'], [0.56, 0.8, '#5a2e1a'], [0.81, 1, '#d9432b']),
  blur: 2.5,
  grain: 3,
};

const gym: LoopSpec = {
  seconds: 8,
  base: {
    tween: true,
    grid: [90, 160],
    lum: grey(
      `st(0,pow(max(0,sin(4*ph)),8));30+45*lt(min(abs(mod(x+y*0.5,1.5)-0.75),abs(mod(x-y*0.5,1.5)-0.75)),0.08)+10*y/16+(150+60*ld(0))*exp(-pow(hypot(x-4.5,y-8)/(3+ld(0)),2))`,
    ),
  },
  palette: ['#050505', '#262626', '#5c5c5c', '#c21f1f', '#ff6b4a'],
  blur: 2,
  grain: 5,
  vignette: true,
};

const cafe: LoopSpec = {
  seconds: 10,
  base: {
    tween: true,
    grid: [54, 96],
    lum: grey(
      `60+6*(16-y)/16*10+${[0, 1, 2].map((k) => `70*exp(-pow((x-${num(3.2 + k * 1.3)}-0.7*sin(y*0.7-${k + 2}*ph+${k}))/0.6,2))*clip((13-y)/9,0,1)*clip((y-2)/3,0,1)`).join('+')}`,
    ),
  },
  palette: palettes.coffee.colours,
  blur: 7,
  grain: 5,
  vignette: true,
};

const dental: LoopSpec = {
  seconds: 10,
  base: { tween: true, grid: [54, 96], lum: grey(`120+40*sin(y*0.2+x*0.1+ph)+${orbits({ count: 2, seed: 4, radius: [3, 4], strength: [40, 60], wander: 1.5 })}`) },
  layers: [{ lum: grey(particles({ cols: 3, rows: 5, density: 0.8, seed: 6, size: 0.7, strength: 110, shape: 'ring' })), scroll: { y: -1 }, coarse: true }],
  palette: ['#8fc9dc', '#bfe6ec', '#e3f6f6', '#ffffff'],
  blur: 2,
  grain: 2,
};

const pepperoni = [0, 1, 2, 3, 4, 5, 6, 7, 8]
  .map((i) => ({ r: 1.2 + (i % 3) * 1.05, a: i * 2.3 }))
  .map(({ r, a }) => `lt(hypot(x-4.5-${num(r)}*cos(${num(a)}+ph),y-8-${num(r)}*sin(${num(a)}+ph)),0.42)`)
  .join('+');

// The tablecloth stays; the pizza is drawn once and turned, which costs a rotation per frame instead of a redraw.
const pizza: LoopSpec = {
  seconds: 10,
  base: { grid: [18, 32], lum: '0' },
  layers: [
    { lum: grey(`if(gt(hypot(x-4.5,y-8),4.3),if(mod(floor(x*1.1)+floor(y*1.1),2),245,60),0)`), blend: 'addition' },
    {
      lum: grey(
        `st(0,hypot(x-4.5,y-8));st(1,atan2(y-8,x-4.5)-ph);if(gt(ld(0),4.3),0,if(gt(ld(0),3.85),110,` +
          `if(gt(${pepperoni},0),20,if(lt(abs(sin(ld(1)*4)),0.03),150,180+25*sin(x*5+y*4)*sin(y*3-x*2)))))`,
      ),
      spin: 1,
      blend: 'addition',
    },
  ],
  palette: bands([0, 0.12, '#8e1f17'], [0.18, 0.3, '#c4161c'], [0.38, 0.5, '#b8742f'], [0.55, 0.62, '#d99a35'], [0.66, 0.82, '#f6c445'], [0.9, 1, '#f7f1e6']),
  blur: 1.5,
  grain: 3,
};

/** Ids are the names in kebab case; the order is the spec's. */
export const backgroundRecipes = {
  minecraft,
  'temple-run': templeRun,
  'subway-surfer': subwaySurfer,
  matrix,
  product,
  'calm-yellow': calmYellow,
  restaurant,
  'car-diving': carDriving,
  jellyfish,
  fire,
  exercise,
  salon,
  offer,
  burger,
  gym,
  cafe,
  dental,
  pizza,
} satisfies Record<string, LoopSpec>;

export type BackgroundId = keyof typeof backgroundRecipes;
