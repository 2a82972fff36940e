import type { FieldSpec, LoopSpec } from './field.ts';
import { families, palettes, type FamilyName, type PaletteName } from './looks.ts';

/**
 * The stock starter set's procedural stills and loops (abstract backgrounds), each with the words a search would use
 * to find it. The drawn scenes of businesses are the server's (modules/library/business-scenes).
 */
export interface StockRecipe<S> {
  /** Stable numeric id (the spec's results carry numeric ids, as Pexels' do). */
  id: number;
  slug: string;
  alt: string;
  tags: string[];
  spec: S;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function describe(family: FamilyName, palette: PaletteName, kind: string[]) {
  const look = families[family];
  const colours = palettes[palette];
  return {
    slug: `${family.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-${palette}`,
    alt: `${capitalised(colours.name)} ${look.noun} ${kind.includes('video') ? 'loop' : 'background'}`,
    tags: [...new Set([...look.tags, ...colours.tags, ...kind, 'portrait', 'vertical'])],
  };
}

// Seven colour schemes per look (98 stills): a broad search spans more than one page of 80, as on a real stock site.
const imagePairs: [FamilyName, PaletteName[]][] = [
  ['gradient', ['sunset', 'ocean', 'lavender', 'mint', 'coral', 'midnight', 'citrus']],
  ['plasma', ['neon', 'coral', 'forest', 'lavender', 'ocean', 'gold', 'rose']],
  ['aurora', ['forest', 'midnight', 'lavender', 'ocean', 'neon', 'sunset', 'mint']],
  ['ripples', ['ocean', 'rose', 'mono', 'mint', 'lavender', 'gold', 'coffee']],
  ['bokeh', ['gold', 'neon', 'rose', 'midnight', 'ember', 'coral', 'ocean']],
  ['lightLeak', ['ember', 'sunset', 'coral', 'gold', 'rose', 'lavender', 'ocean']],
  ['waves', ['neon', 'citrus', 'ocean', 'sunset', 'mono', 'forest', 'coral']],
  ['rays', ['coral', 'citrus', 'gold', 'ember', 'neon', 'ocean', 'lavender']],
  ['marble', ['mono', 'coffee', 'gold', 'rose', 'mint', 'midnight', 'forest']],
  ['paper', ['mono', 'coffee', 'mint', 'rose', 'citrus', 'lavender', 'coral']],
  ['mosaic', ['forest', 'ocean', 'sunset', 'neon', 'mono', 'gold', 'rose']],
  ['tunnel', ['neon', 'gold', 'midnight', 'ember', 'ocean', 'lavender', 'forest']],
  ['sparkles', ['midnight', 'lavender', 'gold', 'neon', 'rose', 'ocean', 'ember']],
  ['diagonal', ['mono', 'citrus', 'ember', 'neon', 'coral', 'forest', 'midnight']],
];

// Eight procedural loops beside the drawn scenes' ten: every loop costs seconds of a first start, and these are the
// generic backgrounds, not what a business searches for.
const videoPairs: [FamilyName, PaletteName][] = [
  ['plasma', 'lavender'], ['bokeh', 'gold'], ['lightLeak', 'sunset'], ['aurora', 'forest'], ['sparkles', 'midnight'],
  ['ripples', 'ocean'], ['waves', 'neon'], ['rays', 'citrus'],
];

export const stockImageRecipes: readonly (StockRecipe<FieldSpec> & { phase: number })[] = imagePairs
  .flatMap(([family, names]) => names.map((palette) => [family, palette] as const))
  .map(([family, palette], i) => ({
    id: 100_001 + i,
    ...describe(family, palette, ['image', 'photo']),
    spec: families[family].make(palettes[palette].colours, 11 + i),
    // Different moments of the same look, so two stills of one family do not repeat each other.
    phase: (i * 1.7) % (2 * Math.PI),
  }));

export const stockVideoRecipes: readonly StockRecipe<LoopSpec>[] = videoPairs.map(([family, palette], i) => ({
  id: 200_001 + i,
  ...describe(family, palette, ['video', 'loop', 'motion']),
  spec: { ...families[family].make(palettes[palette].colours, 31 + i), seconds: [6, 6, 8][i % 3]! },
}));
