import { assColour } from '../subtitles/styles.ts';
import { assScript, assTime } from '../subtitles/ass.ts';
import { captionText } from './caption.ts';
import { motionFrame } from './layers.ts';

/**
 * The band a motion template writes its words in: above the middle subtitles (centred on the frame, up to three
 * lines of the large size reach y 800) and below the status bar phone apps draw. Subtitles at Bottom sit lower still,
 * so no subtitle choice the user makes afterwards can cover a template's words.
 */
export const kineticBand = { top: 170, bottom: 720, side: 80 } as const;

/** The user's words set on a template, each appearing word by word from `start` and fading at `end` (seconds). */
export interface KineticBlock {
  text: string;
  start: number;
  end: number;
  /**
   * headline: the big words, centred at the top of the band; kicker: a short tag in a coloured box above it (an offer,
   * the business); label: a small boxed word placed at `at` (a feature, a side of a reveal); cta: a call to action
   * in the accent colour, under the headline.
   */
  kind: 'headline' | 'kicker' | 'label' | 'cta';
  /** Where a label's anchor is and which of its sides sits there. */
  at?: { x: number; y: number; align: 'left' | 'center' | 'right' };
}

/** A vector shape in ASS drawing commands (m, l, b) in frame pixels, filled with a colour, fading in at `start`. */
export interface KineticShape {
  path: string;
  colour: string;
  opacity?: number;
  start: number;
  end: number;
  /** Revealed from left to right over this many seconds (a callout line drawn out) rather than faded in. */
  drawSeconds?: number;
}

export interface KineticLook {
  /** Words on the scene (#rrggbb), outlined in `shadow` so they read over any part of it. */
  text: string;
  /** The kicker's box and the call to action. */
  accent: string;
  /** The colour of words set on the accent. */
  onAccent: string;
  /** The call to action's words, outlined in `shadow`, when the accent would not read there (a dark accent). */
  cta?: string;
  shadow: string;
  /**
   * Faces libass finds through fontconfig on the render machines (scripts/lib/os-tools.mjs installs the families);
   * a heading face measured in `headingFaceEms` is fitted to its own width, any other as League Spartan.
   */
  headingFont: string;
  bodyFont: string;
}

export const defaultKineticLook: KineticLook = {
  text: '#ffffff',
  accent: '#ffcf3f',
  onAccent: '#1b1b1b',
  shadow: '#101010',
  headingFont: 'League Spartan Black',
  bodyFont: 'Inter Black',
};

const wordStaggerMs = 110;
const wordFadeMs = 220;
const settleMs = 420;
const exitMs = 260;

/**
 * How wide a character of the heading font is, in ems of its ASS size, measured through libass: League Spartan's
 * line box is tall for its letters (capitals are 0.44 of the size, a line advances by the size), so sizes run large.
 */
const headingEm = 0.33;

/**
 * The heavy faces of the families a brand may choose, each as wide per em of its ASS size as measured through libass
 * on mixed-case words ("Fresh bread baked daily" at 100: League Spartan Black 742 px wide, Inter Black 978, Lato
 * Black 883, Open Sans Extrabold 897, Roboto Black 811, Bebas Neue Bold 673; the same ratios within 3% on
 * capitals and figures), so a wider face gets a smaller headline rather than more lines than its room holds. The
 * brand faces are taken some 8% wide of that ratio: their lines of wide letters ("20% off with") wrapped one more
 * time than planned and ran into the call to action under them.
 */
export const headingFaceEms: Readonly<Record<string, number>> = {
  'League Spartan Black': headingEm,
  'Inter Black': 0.48,
  'Lato Black': 0.44,
  'Open Sans Extrabold': 0.42,
  'Roboto Black': 0.39,
  'Bebas Neue Bold': 0.31,
};

const emOf = (face: string) => headingFaceEms[face] ?? headingEm;
const bandWidth = motionFrame.width - 2 * kineticBand.side;

/** The height lines of the heading font take, from the top of the first line's box to below the last one's letters. */
const headlineHeight = (lines: number, size: number) => Math.ceil((lines - 0.2) * size);

/**
 * A word's width in average characters: capitals, figures and signs run some 15% wider than the lower-case letters
 * the ems were measured on ("20% off with code GLOW20" is 0.35 em a character in League Spartan Black, "Fresh bread
 * baked daily" 0.32), and an offer's headline is full of them.
 */
const widthOf = (word: string) => word.length + 0.15 * (word.match(/[^a-z]/g)?.length ?? 0);

/** Lines the words take at `size` when wrapped at spaces inside the band. */
function wrappedLines(words: readonly string[], size: number, em: number): number {
  // Less the headline's outline and shadow on either side.
  const perLine = (bandWidth - 24) / (em * size);
  let lines = 1;
  let used = 0;
  for (const word of words) {
    const need = used === 0 ? widthOf(word) : used + 1 + widthOf(word);
    if (need > perLine && used > 0) {
      lines += 1;
      used = widthOf(word);
    } else used = need;
  }
  return lines;
}

/**
 * The largest headline size whose wrapped lines fit the band under a kicker's room, and whose longest word fits a
 * line (libass breaks at spaces only), in the heading face named (League Spartan Black by default).
 */
export function headlineSize(text: string, roomHeight = kineticBand.bottom - kineticBand.top - 80, face = defaultKineticLook.headingFont): number {
  const words = text.split(/\s+/).filter(Boolean);
  const longest = Math.max(1, ...words.map(widthOf));
  const em = emOf(face);
  for (const size of [230, 200, 176, 156, 140, 126, 112, 100, 90, 80, 72]) {
    if (longest * em * size > bandWidth) continue;
    if (headlineHeight(wrappedLines(words, size, em), size) <= roomHeight) return size;
  }
  return 64;
}

/** Each word fades in after the one before it; the block rises and settles from slightly small as a whole. */
function revealed(text: string): string {
  let index = 0;
  return captionText(text)
    .split('\\N')
    .map((line) =>
      line
        .split(' ')
        .map((word) => {
          const from = index++ * wordStaggerMs;
          return `{\\alpha&HFF&\\t(${from},${from + wordFadeMs},\\alpha&H00&)}${word}`;
        })
        .join(' '),
    )
    .join('\\N');
}

const alignments = { left: 7, center: 8, right: 9 } as const;

/** A headline sits under the kicker's room unless placed (under a row of stars, say). */
const headlineTop = (block: KineticBlock) => block.at?.y ?? kineticBand.top + 80;

/** A call to action takes a line under the headline: the headline's room gives it up. */
const ctaRoom = 100;

/** The headline's size and where its lines end (the call to action goes under them). */
function headlineFit(block: KineticBlock, withCta: boolean, face: string): { size: number; bottom: number } {
  const size = headlineSize(block.text, kineticBand.bottom - headlineTop(block) - (withCta ? ctaRoom : 0), face);
  return { size, bottom: headlineTop(block) + Math.ceil(wrappedLines(block.text.split(/\s+/).filter(Boolean), size, emOf(face)) * size * 0.98) };
}

function blockLine(block: KineticBlock, fit: { size: number; bottom: number }): string {
  const span = `${assTime(block.start)},${assTime(block.end)}`;
  const fade = `\\fad(0,${exitMs})`;
  const enter = (x: number, y: number, rise: number) => `\\move(${x},${y + rise},${x},${y},0,${settleMs})\\fscx90\\fscy90\\t(0,${settleMs},\\fscx100\\fscy100)`;
  const centre = motionFrame.width / 2;
  switch (block.kind) {
    case 'headline': {
      return `Dialogue: 2,${span},Headline,,0,0,0,,{\\an8${enter(centre, headlineTop(block), 46)}${fade}\\fs${fit.size}}${revealed(block.text)}`;
    }
    case 'kicker':
      return `Dialogue: 3,${span},Kicker,,0,0,0,,{\\an8${enter(centre, kineticBand.top, 24)}${fade}}${captionText(block.text).replaceAll('\\N', ' ').toUpperCase()}`;
    case 'cta':
      return `Dialogue: 3,${span},Cta,,0,0,0,,{\\an8${enter(centre, fit.bottom, 30)}${fade}}${revealed(block.text)}`;
    case 'label': {
      const at = block.at ?? { x: centre, y: kineticBand.top, align: 'center' as const };
      return `Dialogue: 3,${span},Label,,0,0,0,,{\\an${alignments[at.align]}${enter(at.x, at.y, 18)}${fade}}${captionText(block.text).replaceAll('\\N', ' ')}`;
    }
  }
}

function shapeLine(shape: KineticShape): string {
  const span = `${assTime(shape.start)},${assTime(shape.end)}`;
  const alpha = `\\1a&H${Math.round((1 - (shape.opacity ?? 1)) * 255).toString(16).padStart(2, '0').toUpperCase()}&`;
  const appear = shape.drawSeconds
    ? `\\clip(0,0,1,${motionFrame.height})\\t(0,${Math.round(shape.drawSeconds * 1000)},\\clip(0,0,${motionFrame.width},${motionFrame.height}))`
    : '\\fad(250,0)';
  return `Dialogue: 1,${span},Shape,,0,0,0,,{\\an7\\pos(0,0)\\bord0\\shad0\\1c${assColour(shape.colour)}${alpha}${appear}\\fad(0,${exitMs})\\p1}${shape.path}{\\p0}`;
}

/** The ASS script of a template's words and shapes at 1080x1920, for the `ass` filter. */
export function kineticAss(blocks: readonly KineticBlock[], shapes: readonly KineticShape[] = [], look: KineticLook = defaultKineticLook): string {
  const headline = blocks.find((b) => b.kind === 'headline');
  const fit = headline ? headlineFit(headline, blocks.some((b) => b.kind === 'cta'), look.headingFont) : { size: 0, bottom: kineticBand.top + 80 };
  const [text, accent, onAccent, shadow, cta] = [look.text, look.accent, look.onAccent, look.shadow, look.cta ?? look.accent].map(assColour);
  const side = kineticBand.side;
  // As wide as League Spartan's at 120 in a wider face, so a short call to action keeps to one line.
  const ctaSize = Math.round(120 * Math.min(1, headingEm / emOf(look.headingFont)));
  return assScript({
    width: motionFrame.width,
    height: motionFrame.height,
    styles: [
      // Outlined and softly shadowed rather than boxed: the words belong to the scene, yet read on light and dark.
      `Style: Headline,${look.headingFont},96,${text},${text},${shadow},&H90000000,0,0,0,0,100,100,0,0,1,5,6,8,${side},${side},0,1`,
      `Style: Kicker,${look.bodyFont},46,${onAccent},${onAccent},${accent},&H00000000,0,0,0,0,100,100,3,0,3,16,0,8,${side},${side},0,1`,
      `Style: Cta,${look.headingFont},${ctaSize},${cta},${cta},${shadow},&H90000000,0,0,0,0,100,100,0,0,1,4,4,8,${side},${side},0,1`,
      // A label's box is the text colour and its words the outline's, the pair that reads whatever colours a brand has.
      `Style: Label,${look.bodyFont},50,${shadow},${shadow},${text},&H00000000,0,0,0,0,100,100,1,0,3,14,0,8,0,0,0,1`,
      `Style: Shape,${look.bodyFont},20,${text},${text},${shadow},&H00000000,0,0,0,0,100,100,0,0,1,0,0,7,0,0,0,1`,
    ],
    events: [
      ...shapes.filter((s) => s.end > s.start).map(shapeLine),
      ...blocks.filter((b) => b.end > b.start && captionText(b.text)).map((b) => blockLine(b, fit)),
    ],
  });
}

const round = (n: number) => Math.round(n * 10) / 10;

/** A straight stroke from a to b, `width` wide, as a filled ASS shape. */
export function strokePath(a: { x: number; y: number }, b: { x: number; y: number }, width: number): string {
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const [nx, ny] = [((a.y - b.y) / length) * (width / 2), ((b.x - a.x) / length) * (width / 2)];
  const p = (x: number, y: number) => `${round(x)} ${round(y)}`;
  return `m ${p(a.x + nx, a.y + ny)} l ${p(b.x + nx, b.y + ny)} ${p(b.x - nx, b.y - ny)} ${p(a.x - nx, a.y - ny)}`;
}

/** A dot (a circle of four béziers) centred on c. */
export function dotPath(c: { x: number; y: number }, r: number): string {
  const k = r * 0.5523;
  const p = (x: number, y: number) => `${round(c.x + x)} ${round(c.y + y)}`;
  return `m ${p(0, -r)} b ${p(k, -r)} ${p(r, -k)} ${p(r, 0)} b ${p(r, k)} ${p(k, r)} ${p(0, r)} b ${p(-k, r)} ${p(-r, k)} ${p(-r, 0)} b ${p(-r, -k)} ${p(-k, -r)} ${p(0, -r)}`;
}

/** A five-pointed star centred on c, its points `r` from the centre. */
export function starPath(c: { x: number; y: number }, r: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    const radius = i % 2 === 0 ? r : r * 0.42;
    return `${round(c.x + radius * Math.cos(angle))} ${round(c.y + radius * Math.sin(angle))}`;
  });
  return `m ${points[0]} l ${points.slice(1).join(' ')}`;
}

/** A rectangle with rounded corners. */
export function roundedRectPath(x: number, y: number, w: number, h: number, r: number): string {
  const k = r * 0.4477;
  const p = (px: number, py: number) => `${round(px)} ${round(py)}`;
  return [
    `m ${p(x + r, y)} l ${p(x + w - r, y)}`,
    `b ${p(x + w - k, y)} ${p(x + w, y + k)} ${p(x + w, y + r)} l ${p(x + w, y + h - r)}`,
    `b ${p(x + w, y + h - k)} ${p(x + w - k, y + h)} ${p(x + w - r, y + h)} l ${p(x + r, y + h)}`,
    `b ${p(x + k, y + h)} ${p(x, y + h - k)} ${p(x, y + h - r)} l ${p(x, y + r)}`,
    `b ${p(x, y + k)} ${p(x + k, y)} ${p(x + r, y)}`,
  ].join(' ');
}
