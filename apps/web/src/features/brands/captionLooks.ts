import type { SubtitleStyleName } from '@reelsmith/contracts';
import type { CSSProperties } from 'react';

/**
 * How each of the nine caption styles looks, for the brand preview: the same fonts, fills, strokes and boxes as the
 * renderer's table (packages/media/src/subtitles/styles.ts), which the web cannot import. Only a sample is drawn here;
 * the subtitles page shows the exact look from the server.
 */
interface CaptionLook {
  font: string;
  weight: number;
  fill: string;
  /** Stroke width in pixels of the 1080 px frame, and its colour; a box style draws the colour behind the text. */
  outline: number;
  outlineColour: string;
  box?: boolean;
  uppercase?: boolean;
  shadow?: number;
}

const plain = { fill: '#ffffff', outlineColour: '#000000' };

export const captionLooks: Record<SubtitleStyleName, CaptionLook> = {
  Default: { ...plain, font: 'Roboto', weight: 700, outline: 5 },
  'Mr Beast': { ...plain, font: 'League Spartan', weight: 900, outline: 9, uppercase: true, shadow: 4 },
  Hormozi: { ...plain, font: 'Inter', weight: 900, outline: 7, uppercase: true },
  'BG Pop': { font: 'Roboto', weight: 900, fill: '#111111', outline: 14, outlineColour: '#ffffff', box: true },
  Noah: { ...plain, font: 'Bebas Neue', weight: 700, outline: 5, uppercase: true },
  'Ali Abdal': { ...plain, font: 'Inter', weight: 600, outline: 3, shadow: 3 },
  Playful: { ...plain, font: 'League Spartan', weight: 700, outline: 7, outlineColour: '#5b1a8c' },
  'Open Sans': { ...plain, font: 'Open Sans', weight: 700, outline: 5 },
  Lato: { ...plain, font: 'Lato', weight: 700, outline: 5 },
};

/** A CSS font stack that falls back to the interface font when the family is not installed. */
export const fontStack = (family: string): string => `"${family}", Inter, ui-sans-serif, system-ui, sans-serif`;

/** Sizes in pixels of the 1080 px wide frame, as a length of the preview box (a size container). */
export const framePx = (value: number): string => `calc(${value} * 100cqw / 1080)`;

/** A stroke drawn with text shadows in eight directions (CSS has no outside stroke that keeps the fill whole). */
function strokeShadows(width: number, colour: string): string[] {
  if (width <= 0) return [];
  const w = framePx(width);
  const n = `calc(-1 * ${w})`;
  return [`${w} 0`, `${n} 0`, `0 ${w}`, `0 ${n}`, `${w} ${w}`, `${n} ${n}`, `${w} ${n}`, `${n} ${w}`].map((offset) => `${offset} 0 ${colour}`);
}

export function captionStyle(name: SubtitleStyleName): { text: CSSProperties; box: CSSProperties | null } {
  const look = captionLooks[name];
  const shadow = look.shadow ? [`${framePx(look.shadow)} ${framePx(look.shadow)} 0 rgba(0, 0, 0, 0.5)`] : [];
  const text: CSSProperties = {
    fontFamily: fontStack(look.font),
    fontWeight: look.weight,
    color: look.fill,
    textTransform: look.uppercase ? 'uppercase' : 'none',
    textShadow: [...(look.box ? [] : strokeShadows(look.outline, look.outlineColour)), ...shadow].join(', ') || 'none',
  };
  const box: CSSProperties | null = look.box
    ? { backgroundColor: look.outlineColour, padding: `0 ${framePx(look.outline)}`, boxDecorationBreak: 'clone', WebkitBoxDecorationBreak: 'clone' }
    : null;
  return { text, box };
}
