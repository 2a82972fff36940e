import { localPathSchema } from '../composition.ts';
import { escapeFilterValue } from '../filtergraph.ts';
import { assScript, assTime } from '../subtitles/ass.ts';

/**
 * The short looping previews on the Create Video tiles: what each video type makes, in four to five seconds at
 * 360x640, silent, small enough to autoplay nine at once. Each is drawn from the library's own stills (and, for the
 * product types, the offline UGC compositor's packshot), with the type's kind of text on it.
 */
export const previewSize = { width: 360, height: 640 } as const;
const fps = 24;

/**
 * How a preview moves: one still pushed in on, a product over a still, two halves wiped, a scrolling feed, a
 * slideshow, or a B-roll inset.
 */
export type PreviewLayout = 'still' | 'product' | 'split' | 'scroll' | 'sequence' | 'inset';

export interface PreviewText {
  text: string;
  start: number;
  end: number;
  /** caption: boxed, lower third; big: huge outlined words mid-frame; label / label-right: boxed corner tags; title: upper third. */
  style: 'caption' | 'big' | 'label' | 'label-right' | 'title';
}

export interface TypePreviewRecipe {
  layout: PreviewLayout;
  /** Stock still slugs (stockImageRecipes), in the order the layout uses them; 'ugc-still' is the offline UGC still. */
  stills: readonly string[];
  /** The product packshot over the first still. */
  product?: boolean;
  texts: readonly PreviewText[];
}

/** The seconds each layout lasts: a sequence's scenes overlap by its cross-fades. */
export const sceneSeconds = 1.8;
const fadeSeconds = 0.4;
export function previewSeconds(recipe: Pick<TypePreviewRecipe, 'layout' | 'stills'>): number {
  if (recipe.layout !== 'sequence') return 4;
  const n = recipe.stills.length;
  return n * sceneSeconds - (n - 1) * fadeSeconds;
}

const assColour = (rgb: string, alpha = '00') => `&H${alpha}${rgb.slice(4, 6)}${rgb.slice(2, 4)}${rgb.slice(0, 2)}`;

/** The preview's words as an ASS script at 360x640: libass draws them with the fonts the project ships. */
export function previewAss(texts: readonly PreviewText[]): string {
  const styles = {
    caption: 'Caption',
    big: 'Big',
    label: 'Label',
    'label-right': 'LabelRight',
    title: 'Title',
  } as const;
  const clean = (text: string) => text.replace(/[{}\\]/g, '').replace(/\s+/g, ' ').trim();
  return assScript({
    width: previewSize.width,
    height: previewSize.height,
    styles: [
      `Style: Caption,Inter,36,${assColour('FFFFFF')},${assColour('FFFFFF')},${assColour('141414', '40')},${assColour('000000')},1,0,0,0,100,100,0,0,3,10,0,2,22,22,120,1`,
      `Style: Big,Bebas Neue,104,${assColour('FFFFFF')},${assColour('FFFFFF')},${assColour('000000')},${assColour('000000', '80')},0,0,0,0,100,100,2,0,1,5,3,5,20,20,0,1`,
      `Style: Label,Inter,28,${assColour('FFFFFF')},${assColour('FFFFFF')},${assColour('141414', '40')},${assColour('000000')},1,0,0,0,100,100,3,0,3,7,0,7,22,22,48,1`,
      `Style: LabelRight,Inter,28,${assColour('141414')},${assColour('141414')},${assColour('FFD54A', '00')},${assColour('000000')},1,0,0,0,100,100,3,0,3,7,0,9,22,22,48,1`,
      `Style: Title,Inter,44,${assColour('FFFFFF')},${assColour('FFFFFF')},${assColour('000000')},${assColour('000000', '70')},1,0,0,0,100,100,0,0,1,3,2,8,26,26,70,1`,
    ],
    events: [
      ...texts.map((t) => `Dialogue: 0,${assTime(t.start)},${assTime(t.end)},${styles[t.style]},,0,0,0,,{\\fad(180,180)}${clean(t.text)}`),
    ],
  });
}

/** A still's slow camera: in, out, or a drift, over `frames` frames, from a 720x1280 picture to 360x640. */
function camera(input: string, frames: number, move: 'in' | 'out' | 'drift', output: string): string {
  const zoom = move === 'in' ? `1+0.10*on/${frames}` : move === 'out' ? `1.10-0.10*on/${frames}` : '1.08';
  const x = move === 'drift' ? `(iw-iw/zoom)*on/${frames}` : 'iw/2-(iw/zoom/2)';
  return `[${input}]scale=720:1280:force_original_aspect_ratio=increase,crop=720:1280,zoompan=z='${zoom}':x='${x}':y='ih/2-(ih/zoom/2)':d=${frames}:s=${previewSize.width}x${previewSize.height}:fps=${fps},setsar=1[${output}]`;
}

function layoutChains(recipe: TypePreviewRecipe, frames: number): string[] {
  const { width: w, height: h } = previewSize;
  switch (recipe.layout) {
    case 'still':
      return [camera('0:v', frames, 'in', 'v')];
    case 'product':
      return [
        camera('0:v', frames, 'in', 'bg'),
        // The packshot rises into place in the first half second and stays, a card in the upper middle of the frame.
        `[1:v]scale=${Math.round(w * 0.56)}:-2,setsar=1[p]`,
        `[bg][p]overlay=x=(W-w)/2:y='H*0.2+60*max(0,1-t/0.5)':eval=frame[v]`,
      ];
    case 'split':
      // Before fills the frame, then After wipes in over it from the left.
      return [
        camera('0:v', frames, 'drift', 'before'),
        `[1:v]scale=720:1280:force_original_aspect_ratio=increase,crop=720:1280,zoompan=z=1.04:d=${frames}:s=${w}x${h}:fps=${fps},setsar=1[after]`,
        `[before][after]xfade=transition=wiperight:duration=1.4:offset=1.1,trim=end_frame=${frames}[v]`,
      ];
    case 'scroll': {
      // A feed that keeps moving: the still and its mirror stacked, scrolled a whole picture per loop, so it loops.
      const speed = (2 * h) / (frames / fps);
      return [
        `[0:v]scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1,split=3[s1][s2][s3]`,
        '[s2]vflip[f]',
        `[s1][f][s3]vstack=inputs=3,loop=loop=-1:size=1,trim=end_frame=${frames},setpts=N/${fps}/TB,crop=${w}:${h}:0:'mod(t*${speed.toFixed(2)},${2 * h})'[v]`,
      ];
    }
    case 'sequence': {
      const perScene = Math.round(sceneSeconds * fps);
      const moves = ['in', 'drift', 'out'] as const;
      const chains = recipe.stills.map((_, i) => camera(`${i}:v`, perScene, moves[i % 3]!, `s${i}`));
      let last = 's0';
      for (let i = 1; i < recipe.stills.length; i++) {
        const offset = i * (sceneSeconds - fadeSeconds);
        chains.push(`[${last}][s${i}]xfade=transition=fade:duration=${fadeSeconds}:offset=${offset.toFixed(2)}[x${i}]`);
        last = `x${i}`;
      }
      chains.push(`[${last}]null[v]`);
      return chains;
    }
    case 'inset':
      // A B-roll picture pops over the main shot for two seconds, in the upper part where B-rolls go.
      return [
        camera('0:v', frames, 'in', 'bg'),
        `[1:v]scale=${w - 48}:${Math.round((w - 48) * 0.75)}:force_original_aspect_ratio=increase,crop=${w - 48}:${Math.round((w - 48) * 0.75)},setsar=1[b]`,
        `[bg][b]overlay=x=24:y='70+30*max(0,1-(t-1)/0.3)':enable='between(t,1,3.2)':eval=frame[v]`,
      ];
  }
}

/** ffmpeg arguments for one preview: the still(s) in order, the product packshot last when there is one. */
export function typePreviewArgs(recipe: TypePreviewRecipe, inputs: { stills: readonly string[]; product?: string; ass: string }, out: { video: string; poster: string }): string[] {
  if (inputs.stills.length !== recipe.stills.length) throw new Error('one input per still of the recipe');
  if (recipe.product && !inputs.product) throw new Error('the recipe puts a product on its still');
  const takes = { still: 1, product: 1, scroll: 1, split: 2, inset: 2, sequence: recipe.stills.length } as const;
  if (recipe.stills.length !== takes[recipe.layout] || recipe.stills.length === 0) throw new Error(`a ${recipe.layout} preview takes ${takes[recipe.layout]} stills`);
  const frames = Math.round(previewSeconds(recipe) * fps);
  const files = [...inputs.stills, ...(recipe.product ? [inputs.product!] : [])].map((path) => localPathSchema.parse(path));
  const chains = layoutChains(recipe, frames);
  chains.push(`[v]ass=filename=${escapeFilterValue(localPathSchema.parse(inputs.ass))},format=yuv420p,split=2[out][p]`);
  chains.push(`[p]trim=start_frame=${Math.round(frames * 0.55)},setpts=PTS-STARTPTS[poster]`);
  return [
    '-hide_banner', '-nostdin', '-y', '-threads', '1', '-filter_threads', '1', '-filter_complex_threads', '1',
    ...files.flatMap((path) => ['-i', path]),
    '-filter_complex', chains.join(';'),
    '-map', '[out]', '-frames:v', String(frames), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-pix_fmt', 'yuv420p', '-r', String(fps), '-g', String(fps * 2), '-movflags', '+faststart', '-an', localPathSchema.parse(out.video),
    '-map', '[poster]', '-frames:v', '1', '-q:v', '4', localPathSchema.parse(out.poster),
  ];
}

/** The Create Video tiles' previews, by the id each tile names (contracts' videoTypeTiles and productIntroEntry). */
export const typePreviewRecipes = {
  ugc: {
    layout: 'still',
    stills: ['ugc-still'],
    texts: [
      { text: 'Obsessed with this serum', start: 0.4, end: 2.2, style: 'caption' },
      { text: 'My skin loves it', start: 2.2, end: 4, style: 'caption' },
    ],
  },
  'before-after': {
    layout: 'split',
    stills: ['marble-mono', 'light-leak-sunset'],
    texts: [
      { text: 'BEFORE', start: 0, end: 1.9, style: 'label' },
      { text: 'AFTER', start: 1.9, end: 4, style: 'label-right' },
    ],
  },
  'product-showcase': {
    layout: 'product',
    stills: ['rays-lavender'],
    product: true,
    texts: [
      { text: 'New serum', start: 0.4, end: 2.2, style: 'title' },
      { text: '20% off', start: 2.2, end: 4, style: 'title' },
    ],
  },
  'scroll-stopper': {
    layout: 'scroll',
    stills: ['waves-neon'],
    texts: [
      { text: 'WAIT', start: 0, end: 0.9, style: 'big' },
      { text: 'THIS', start: 0.9, end: 1.8, style: 'big' },
      { text: 'CHANGES', start: 1.8, end: 2.9, style: 'big' },
      { text: 'EVERYTHING', start: 2.9, end: 4, style: 'big' },
    ],
  },
  'own-video': {
    layout: 'sequence',
    stills: ['bokeh-ember', 'ripples-coffee', 'bokeh-gold'],
    texts: [
      { text: 'Baked at dawn', start: 0.2, end: 1.6, style: 'caption' },
      { text: 'Local flour', start: 1.6, end: 3, style: 'caption' },
      { text: 'Come say hi!', start: 3, end: 4.6, style: 'caption' },
    ],
  },
  'animated-images': {
    layout: 'sequence',
    stills: ['aurora-sunset', 'gradient-ocean', 'plasma-rose'],
    texts: [{ text: 'Summer sale', start: 0.3, end: 4.4, style: 'caption' }],
  },
  'add-brolls': {
    layout: 'inset',
    stills: ['gradient-midnight', 'bokeh-coral'],
    texts: [
      { text: 'Here is how', start: 0.2, end: 2.1, style: 'caption' },
      { text: 'we make it', start: 2.1, end: 4, style: 'caption' },
    ],
  },
  'custom-storyboard': {
    layout: 'sequence',
    stills: ['light-leak-coral', 'aurora-mint', 'rays-gold'],
    texts: [
      { text: 'SCENE 1', start: 0, end: 1.5, style: 'label' },
      { text: 'SCENE 2', start: 1.5, end: 2.9, style: 'label' },
      { text: 'SCENE 3', start: 2.9, end: 4.6, style: 'label' },
      { text: 'Your script', start: 0.3, end: 4.4, style: 'caption' },
    ],
  },
  'product-intro': {
    layout: 'product',
    stills: ['bokeh-rose'],
    product: true,
    texts: [
      { text: 'HERO', start: 0, end: 1.3, style: 'label' },
      { text: 'FEATURES', start: 1.3, end: 2.6, style: 'label' },
      { text: 'OFFER', start: 2.6, end: 4, style: 'label' },
      { text: 'Code GLOW20', start: 2.6, end: 4, style: 'caption' },
    ],
  },
} as const satisfies Record<string, TypePreviewRecipe>;

export type TypePreviewId = keyof typeof typePreviewRecipes;
