import type { FieldSpec, LoopSpec } from './field.ts';
import { families, palettes, type FamilyName, type PaletteName } from './looks.ts';

/** The stock starter set: procedural stills and loops, each with the words a search would use to find it. */
export interface StockRecipe<S> {
  /** Stable numeric id (the spec's results carry numeric ids, as Pexels' do). */
  id: number;
  slug: string;
  alt: string;
  tags: string[];
  spec: S;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The kinds of business SPEC names among the Scroll Stopper backgrounds, with the words their owners search for and
 * the colour schemes that suit them: a bakery's search finds the coffee and gold stills, a gym's the neon ones. The
 * stock set has no photographs of those places, so the words go on the looks that fit, not on pictures of them.
 */
const businessCategories: { words: string[]; palettes: PaletteName[] }[] = [
  { words: ['restaurant', 'food', 'dinner', 'dining'], palettes: ['ember', 'gold', 'coffee'] },
  { words: ['cafe', 'café', 'coffee', 'bakery', 'bread', 'pastry'], palettes: ['coffee', 'gold', 'citrus'] },
  { words: ['burger', 'fast food', 'grill'], palettes: ['ember', 'citrus'] },
  { words: ['pizza', 'pizzeria', 'italian'], palettes: ['ember', 'coral'] },
  { words: ['salon', 'beauty', 'hair', 'spa', 'nails'], palettes: ['rose', 'lavender', 'mint'] },
  { words: ['gym', 'fitness', 'exercise', 'workout', 'training'], palettes: ['neon', 'midnight', 'ember'] },
  { words: ['dental', 'dentist', 'clinic', 'teeth', 'health'], palettes: ['mint', 'ocean', 'mono'] },
];

const businessWords = (palette: PaletteName) => businessCategories.filter((c) => c.palettes.includes(palette)).flatMap((c) => c.words);

function describe(family: FamilyName, palette: PaletteName, kind: string[]) {
  const look = families[family];
  const colours = palettes[palette];
  return {
    slug: `${family.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-${palette}`,
    alt: `${capitalised(colours.name)} ${look.noun} ${kind.includes('video') ? 'loop' : 'background'}`,
    tags: [...new Set([...look.tags, ...colours.tags, ...businessWords(palette), ...kind, 'portrait', 'vertical'])],
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

const videoPairs: [FamilyName, PaletteName][] = [
  ['plasma', 'lavender'], ['bokeh', 'gold'], ['lightLeak', 'sunset'], ['aurora', 'forest'], ['sparkles', 'midnight'],
  ['ripples', 'ocean'], ['waves', 'neon'], ['rays', 'citrus'], ['tunnel', 'neon'], ['gradient', 'coral'],
  ['plasma', 'ocean'], ['bokeh', 'rose'], ['lightLeak', 'ember'], ['aurora', 'midnight'], ['sparkles', 'lavender'],
  ['diagonal', 'mono'], ['marble', 'coffee'], ['mosaic', 'forest'], ['bokeh', 'midnight'], ['plasma', 'coral'],
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
