import type { Cue, Word } from '../composition.ts';
import { captionSideMargin, fitScale } from './fit.ts';
import {
  assColour,
  assFlag,
  isAnimated,
  subtitleLayout,
  subtitleStyles,
  type SubtitlePosition,
  type SubtitleSize,
  type SubtitleStyle,
  type SubtitleStyleName,
} from './styles.ts';

export const wordsPerScreenOptions = [3, 4, 5] as const;
export type WordsPerScreen = (typeof wordsPerScreenOptions)[number];

/** A pause this long starts a new caption even if the current one has room, so text never hangs over silence. */
const pauseBreak = 0.8;
/** Gaps shorter than this between captions are bridged, otherwise the text flickers off between chunks. */
const bridgeGap = 0.5;

/** A word ending a sentence (closing quotes and brackets after the mark allowed): the next thought gets its own caption. */
const sentenceEnd = /[.!?…]["'”’)\]]*$/;

/**
 * Groups timed words into on-screen captions of at most `perScreen` words. A caption never runs across a sentence
 * end: 'COMMUTERS. COME BEFORE' on one screen reads as one thought.
 */
export function chunkWords(words: readonly Word[], perScreen: WordsPerScreen): Cue[] {
  const groups: Word[][] = [];
  let current: Word[] = [];
  for (const word of words) {
    const last = current.at(-1);
    if (current.length === perScreen || (last && (word.start - last.end >= pauseBreak || sentenceEnd.test(last.text)))) {
      groups.push(current);
      current = [];
    }
    current.push(word);
  }
  if (current.length > 0) groups.push(current);

  return groups.map((group, i) => {
    const start = group[0]!.start;
    const lastEnd = Math.max(group.at(-1)!.end, start + 0.1);
    const nextStart = groups[i + 1]?.[0]?.start;
    const end = nextStart !== undefined && nextStart - lastEnd < bridgeGap && nextStart > start ? nextStart : lastEnd;
    return { start, end, words: group };
  });
}

export interface AssOptions {
  style: SubtitleStyleName;
  position: SubtitlePosition;
  fontSize: SubtitleSize;
  /** '#RRGGBB' of the brand: the spoken word's colour in styles that colour it; other styles have no such colour to replace. */
  highlightColour?: string;
}

/** An ASS script at 1080x1920 for the cues; animated styles get one event per word so the highlight follows the voice. */
export function buildAss(cues: readonly Cue[], options: AssOptions): string {
  const style = branded(subtitleStyles[options.style], options.highlightColour);
  const { fontSize, marginV } = subtitleLayout(options.position, options.fontSize);
  const events = cues.flatMap((cue) => {
    const scale = fitScale(cue.words.map((w) => plainText(w, style)), fontSize, style);
    return isAnimated(style) ? wordEvents(cue, style, scale) : [plainEvent(cue, style, scale)];
  });
  return assScript({
    width: 1080,
    height: 1920,
    styles: [styleLine(style, fontSize, marginV)],
    events: events.map((e) => `Dialogue: 0,${assTime(e.start)},${assTime(e.end)},Main,,0,0,0,,${e.text}`),
  });
}

const branded = (style: SubtitleStyle, highlightColour: string | undefined): SubtitleStyle =>
  style.highlightColour && highlightColour ? { ...style, highlightColour } : style;

/**
 * An ASS script: the frame libass lays out on (`width` x `height`, scaled to the video), wrapping at spaces, borders
 * and shadows scaled with it, then the `Style:` and `Dialogue:` lines as given.
 */
export function assScript(script: { width: number; height: number; styles: readonly string[]; events: readonly string[] }): string {
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${script.width}`,
    `PlayResY: ${script.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    ...script.styles,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...script.events,
    '',
  ].join('\n');
}

function styleLine(style: SubtitleStyle, fontSize: number, marginV: number): string {
  const fields = [
    'Main',
    style.fontName,
    fontSize,
    assColour(style.primaryColour),
    assColour(style.highlightColour ?? style.primaryColour),
    assColour(style.outlineColour),
    '&H80000000',
    assFlag(style.bold),
    assFlag(style.italic),
    0,
    0,
    100,
    100,
    0,
    0,
    style.border === 'box' ? 3 : 1,
    style.outline,
    style.shadow,
    2,
    captionSideMargin,
    captionSideMargin,
    marginV,
    1,
  ];
  return `Style: ${fields.join(',')}`;
}

interface AssEvent {
  start: number;
  end: number;
  text: string;
}

/** Scale tags for a caption shrunk to fit the frame (fit.ts); none at full size. */
const scaleTags = (scale: number) => (scale === 100 ? '' : `\\fscx${scale}\\fscy${scale}`);
const block = (tags: string) => (tags ? `{${tags}}` : '');

function plainEvent(cue: Cue, style: SubtitleStyle, scale: number): AssEvent {
  return { start: cue.start, end: cue.end, text: block(scaleTags(scale)) + cue.words.map((w) => wordText(w, style)).join(' ') };
}

function wordEvents(cue: Cue, style: SubtitleStyle, scale: number): AssEvent[] {
  const highlight: string[] = [];
  if (style.highlightColour) highlight.push(`\\c${assColour(style.highlightColour)}&`);
  const pop = Math.round(((style.popScale ?? 100) * scale) / 100);
  if (pop !== 100) highlight.push(`\\fscx${pop}\\fscy${pop}`);
  // \r goes back to the style, so a shrunk caption states its scale again after the spoken word.
  const after = `{\\r${scaleTags(scale)}}`;
  const events = cue.words.map((_, i) => {
    const start = i === 0 ? cue.start : cue.words[i]!.start;
    const end = i === cue.words.length - 1 ? cue.end : cue.words[i + 1]!.start;
    const text =
      block(scaleTags(scale)) +
      cue.words.map((w, j) => (j === i ? `${block(highlight.join(''))}${plainText(w, style)}${after}` : wordText(w, style))).join(' ');
    return { start: Math.max(start, cue.start), end: Math.min(end, cue.end), text };
  });
  return events.filter((e) => centis(e.end) > centis(e.start));
}

/** Braces and backslashes would be read as override tags; words never need them. */
function plainText(word: Word, style: SubtitleStyle): string {
  const text = word.text.replace(/[{}\\]/g, '').replace(/\s+/g, ' ').trim();
  return style.uppercase ? text.toUpperCase() : text;
}

/** The word as drawn when it is not being spoken: in its emphasis colour, then back to the style's own. */
function wordText(word: Word, style: SubtitleStyle): string {
  const text = plainText(word, style);
  return word.colour ? `{\\c${assColour(word.colour)}&}${text}{\\c${assColour(style.primaryColour)}&}` : text;
}

const centis = (seconds: number) => Math.round(seconds * 100);

/** H:MM:SS.cc; rounding each boundary the same way keeps consecutive word events gapless. */
export function assTime(seconds: number): string {
  const cs = centis(Math.max(0, seconds));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  return `${h}:${pad(m)}:${pad(s)}.${pad(c)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
