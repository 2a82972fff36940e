import { cellHash, grey, num, orbits, particles } from './expressions.ts';
import type { FieldSpec } from './field.ts';
import type { Palette } from './palette.ts';

/**
 * Families of procedural looks shared by the stock starter set and the backgrounds. Each takes a palette (dark to
 * light) and a seed and returns a field; smooth fields use a small grid because the base is paid per pixel per frame.
 */
export interface NamedPalette {
  name: string;
  /** Words a search for this colour scheme would use. */
  tags: readonly string[];
  colours: Palette;
}

export const palettes = {
  sunset: { name: 'sunset', tags: ['sunset', 'warm', 'orange', 'pink', 'evening'], colours: ['#1d0b2b', '#6b1f4f', '#d9485b', '#f79b5a', '#ffe3b0'] },
  ocean: { name: 'ocean', tags: ['ocean', 'sea', 'blue', 'teal', 'cool', 'water'], colours: ['#02121f', '#063b5c', '#0f7a8a', '#4fc3c7', '#d8f6f2'] },
  forest: { name: 'forest', tags: ['forest', 'green', 'nature', 'calm', 'fresh'], colours: ['#07160e', '#18402a', '#3f7d4a', '#9cc48a', '#eef5d8'] },
  lavender: { name: 'lavender', tags: ['lavender', 'purple', 'pastel', 'soft', 'dreamy'], colours: ['#1e1633', '#4b3a78', '#8f7cc4', '#cdbbeb', '#f7f0ff'] },
  neon: { name: 'neon', tags: ['neon', 'night', 'magenta', 'cyan', 'vibrant', 'party'], colours: ['#05020f', '#2a0a4a', '#b3168f', '#21c7e0', '#e9fbff'] },
  gold: { name: 'gold', tags: ['gold', 'luxury', 'elegant', 'black', 'premium'], colours: ['#050403', '#2b2110', '#7a5a22', '#d4a84c', '#fff1c9'] },
  mint: { name: 'mint', tags: ['mint', 'fresh', 'clean', 'light', 'green'], colours: ['#cfe9df', '#a6dcc8', '#e8f7f1', '#ffffff'] },
  coral: { name: 'coral', tags: ['coral', 'peach', 'warm', 'summer', 'pink'], colours: ['#3d1414', '#b24a4a', '#ff7f6e', '#ffc2a8', '#fff2e8'] },
  midnight: { name: 'midnight', tags: ['midnight', 'navy', 'dark', 'blue', 'night'], colours: ['#010207', '#0a1633', '#1f3a73', '#5b7fc7', '#dce6ff'] },
  rose: { name: 'rose gold', tags: ['rose', 'rose gold', 'pink', 'beauty', 'elegant'], colours: ['#2a1216', '#7d3f48', '#c98a8f', '#f0c9bf', '#fff4ef'] },
  coffee: { name: 'coffee', tags: ['coffee', 'brown', 'cream', 'cozy', 'warm'], colours: ['#140b06', '#3b2416', '#7a4e2d', '#c89b6d', '#f5e6cf'] },
  mono: { name: 'monochrome', tags: ['monochrome', 'grey', 'black and white', 'minimal', 'neutral'], colours: ['#0c0c0c', '#3a3a3a', '#8a8a8a', '#d6d6d6', '#fafafa'] },
  citrus: { name: 'citrus', tags: ['citrus', 'yellow', 'lime', 'bright', 'sunny'], colours: ['#2c3a06', '#7fa317', '#d6e03a', '#fff27a', '#fffde6'] },
  ember: { name: 'ember', tags: ['ember', 'fire', 'red', 'orange', 'hot', 'dramatic'], colours: ['#080101', '#4a0a05', '#b3260b', '#f57a1a', '#ffe08a'] },
} satisfies Record<string, NamedPalette>;

export type PaletteName = keyof typeof palettes;

export interface LookFamily {
  /** The noun for titles and alt texts ("gradient", "bokeh lights"). */
  noun: string;
  tags: readonly string[];
  make(colours: Palette, seed: number): FieldSpec;
}

const smooth = [72, 128] as const;

export const families = {
  gradient: {
    noun: 'gradient',
    tags: ['gradient', 'smooth', 'background', 'minimal'],
    make: (colours, seed) => ({
      base: { tween: true, grid: smooth, lum: grey(`128+14*(y-8)*cos(${num((seed % 7) / 10)}+0.2*sin(ph))+6*(x-4.5)*sin(${num((seed % 5) / 8)}+0.2*cos(ph))`) },
      palette: colours,
      blur: 8,
      grain: 5,
    }),
  },
  plasma: {
    noun: 'abstract flow',
    tags: ['abstract', 'flow', 'liquid', 'plasma', 'motion', 'background'],
    make: (colours, seed) => ({
      base: {
        tween: true,
        grid: smooth,
        lum: grey(`128+50*sin(x*0.55+${num(seed % 3)}+sin(ph))+40*sin(y*0.35-x*0.2+2*ph)+35*sin(hypot(x-4.5,y-${num(5 + (seed % 6))})*0.8-ph)`),
      },
      palette: colours,
      blur: 4,
      grain: 4,
    }),
  },
  aurora: {
    noun: 'aurora',
    tags: ['aurora', 'northern lights', 'sky', 'night', 'glow', 'ethereal'],
    make: (colours, seed) => ({
      base: {
        tween: true,
        grid: smooth,
        lum: grey(`25+5*y+150*exp(-pow((y-${num(5 + (seed % 4))}-1.6*sin(x*0.7+ph))/2.2,2))*(0.6+0.4*sin(x*2.3+sin(y*0.5+ph)*2))`),
      },
      palette: colours,
      blur: 6,
      grain: 6,
      vignette: true,
    }),
  },
  ripples: {
    noun: 'ripples',
    tags: ['ripples', 'waves', 'water', 'circles', 'calm'],
    make: (colours, seed) => ({
      base: { tween: true, grid: smooth, lum: grey(`120+70*sin(hypot(x-${num(2 + (seed % 5))},y-${num(4 + (seed % 8))})*1.6-2*ph)*exp(-hypot(x-4.5,y-8)/14)+3*y`) },
      palette: colours,
      blur: 3,
      grain: 4,
    }),
  },
  bokeh: {
    noun: 'bokeh lights',
    tags: ['bokeh', 'lights', 'sparkle', 'blur', 'festive', 'glow', 'particles'],
    make: (colours, seed) => ({
      base: { tween: true, grid: smooth, lum: grey(`22+4*y+10*sin(x*0.4+ph)`) },
      layers: [
        { lum: grey(particles({ cols: 3, rows: 4, density: 0.6, seed, size: 0.8, strength: 110, shape: 'disc' })), scroll: { y: -1 }, coarse: true },
        { lum: grey(particles({ cols: 6, rows: 8, density: 0.4, seed: seed + 1, size: 0.6, strength: 200, shape: 'disc' })), scroll: { y: -2 }, coarse: true },
      ],
      palette: colours,
      blur: 3,
      grain: 5,
      vignette: true,
    }),
  },
  lightLeak: {
    noun: 'light leak',
    tags: ['light leak', 'film', 'vintage', 'glow', 'warm', 'analog'],
    make: (colours, seed) => ({
      base: { tween: true, grid: [36, 64], lum: grey(`18+${orbits({ count: 3, seed, radius: [2.5, 4.5], strength: [120, 200], wander: 2, area: { x: [0, 9], y: [2, 14] } })}`) },
      palette: colours,
      blur: 10,
      grain: 9,
      vignette: true,
    }),
  },
  waves: {
    noun: 'waves',
    tags: ['waves', 'lines', 'stripes', 'flowing', 'pattern'],
    make: (colours, seed) => ({
      base: { tween: true, grid: [90, 160], lum: grey(`128+95*sin(y*${num(2.2 + (seed % 3) * 0.4)}+1.8*sin(x*0.6+ph)+ph)`) },
      palette: colours,
      blur: 2,
      grain: 3,
    }),
  },
  rays: {
    noun: 'sunburst',
    tags: ['sunburst', 'rays', 'burst', 'sale', 'retro', 'energy'],
    make: (colours, seed) => ({
      base: {
        tween: true,
        grid: [90, 160],
        lum: grey(`110+70*clip(3*sin(atan2(y-${num(6 + (seed % 4))},x-4.5)*${8 + 2 * (seed % 4)}+ph),-1,1)-4*hypot(x-4.5,y-6)+40*exp(-hypot(x-4.5,y-6)/2)`),
      },
      palette: colours,
      blur: 1.5,
    }),
  },
  marble: {
    noun: 'marble texture',
    tags: ['marble', 'texture', 'stone', 'luxury', 'veins'],
    make: (colours, seed) => ({
      base: {
        tween: true,
        grid: [108, 192],
        lum: grey(`150+95*sin(x*0.9+y*0.5+${num(seed % 4)}+2.4*(sin(x*1.7-y*0.9+ph)+0.5*sin(x*3.9+y*2.7)+0.25*sin(y*7.1-x*5.3)))`),
      },
      palette: colours,
      blur: 1,
      grain: 3,
    }),
  },
  paper: {
    noun: 'paper texture',
    tags: ['paper', 'texture', 'grain', 'minimal', 'neutral', 'print'],
    make: (colours, seed) => ({
      base: { grid: [270, 480], lum: grey(`150+12*sin(x*6.3+y*2.1+${num(seed)})*sin(y*8.7-x*3.3)+8*sin(x*23+y*17)+10*sin(ph+y*0.4)`) },
      palette: colours,
      grain: 14,
      blur: 0.8,
    }),
  },
  mosaic: {
    noun: 'mosaic',
    tags: ['mosaic', 'tiles', 'geometric', 'blocks', 'pattern', 'pixel'],
    make: (colours, seed) => ({
      base: { grid: [9, 16], lum: grey(`50+170*${cellHash('floor(x)', 'floor(y)', seed)}*(0.8+0.2*sin(ph+floor(x)+floor(y)))`) },
      palette: colours,
      upscale: 'pixel',
    }),
  },
  tunnel: {
    noun: 'tunnel',
    tags: ['tunnel', 'hypnotic', 'rings', 'depth', 'abstract', 'motion'],
    make: (colours, seed) => ({
      base: {
        tween: true,
        grid: [90, 160],
        lum: grey(`(128+100*sin(9/(hypot(x-4.5,y-8)+0.4)+${1 + (seed % 2)}*ph+0.25*sin(atan2(y-8,x-4.5)*2+ph)))*clip(hypot(x-4.5,y-8)/2.5,0.25,1)`),
      },
      palette: colours,
      blur: 2,
      grain: 3,
      vignette: true,
    }),
  },
  sparkles: {
    noun: 'sparkles',
    tags: ['sparkles', 'stars', 'glitter', 'night', 'magic', 'particles'],
    make: (colours, seed) => ({
      base: { tween: true, grid: smooth, lum: grey(`10+3*y+${orbits({ count: 2, seed, radius: [3, 5], strength: [40, 70], wander: 1.5 })}`) },
      layers: [
        { lum: grey(particles({ cols: 9, rows: 16, density: 0.35, seed, size: 0.25, strength: 255, shape: 'soft' })), scroll: { y: 1 } },
        { lum: grey(particles({ cols: 6, rows: 8, density: 0.4, seed: seed + 7, size: 0.3, strength: 220, shape: 'soft' })), scroll: { y: 2 } },
      ],
      palette: colours,
      blur: 1,
    }),
  },
  diagonal: {
    noun: 'diagonal stripes',
    tags: ['stripes', 'diagonal', 'lines', 'bold', 'graphic', 'dynamic'],
    make: (colours, seed) => ({
      base: { grid: [90, 160], lum: grey(`128+100*sin((x+y)*${num(1.2 + (seed % 3) * 0.5)}+2*ph)+20*sin(y*0.3)`) },
      palette: colours,
      blur: 1.5,
    }),
  },
} satisfies Record<string, LookFamily>;

export type FamilyName = keyof typeof families;
