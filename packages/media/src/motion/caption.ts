import { localPathSchema } from '../composition.ts';
import { escapeFilterValue } from '../filtergraph.ts';
import { assScript, assTime } from '../subtitles/ass.ts';
import type { JoinPart } from './join.ts';
import { motionFrame } from './layers.ts';

/** A scene's text on screen from `start` to `end` seconds of the joined video. */
export interface CaptionEvent {
  text: string;
  start: number;
  end: number;
  /** A part's short tag (Before, After) in the top-left corner, rather than a caption in the lower part. */
  kind?: 'label';
}

/** A label is a word or two: it stays one line in the corner, clear of the logo's top-right corner. */
export const maxLabelLength = 24;

/** Longer than a product showcase scene text (200 characters, SPEC §9), so a caller's text is never cut. */
export const maxCaptionLength = 400;

/** Side margins of the caption box; the text wraps between them. */
const sideMargin = 90;
/** Above the bottom fifth, where players put their controls, and over the lower part of the motion renderer's card. */
const bottomMargin = 330;
const fadeMs = 250;
/** Labels sit in the top-left corner, below where phone apps draw their status bar and close button. */
const labelMargin = 64;
const labelTop = 150;

/**
 * Shorter texts get bigger letters; a 200-character scene text still fits in about seven lines between the margins.
 * libass wraps at spaces only, so the size also shrinks until the longest word fits one line.
 */
export function captionFontSize(text: string): number {
  const length = text.length;
  const bySize = length <= 40 ? 76 : length <= 90 ? 64 : length <= 150 ? 56 : 50;
  const longestWord = Math.max(0, ...text.split(/\s+/).map((word) => word.length));
  // About 0.62 em per character in a bold sans: the widest word stays inside the box.
  const byWord = Math.floor((motionFrame.width - 2 * sideMargin - 40) / (0.62 * Math.max(longestWord, 1)));
  return Math.max(24, Math.min(bySize, byWord));
}

/**
 * Braces and backslashes would be read as override tags: braces are shown as brackets, backslashes dropped. A line
 * break the user typed stays one (\N).
 */
export function captionText(text: string): string {
  return text
    .replace(/\\/g, '')
    .replaceAll('{', '(')
    .replaceAll('}', ')')
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\\N');
}

/**
 * An ASS script at 1080x1920: each event's text in bold white on a translucent dark box, centred in
 * the lower part of the frame, fading in and out. The box (BorderStyle 3) keeps the text readable over any footage.
 */
export function captionAss(events: readonly CaptionEvent[]): string {
  if (events.some((event) => event.text.length > maxCaptionLength)) throw new Error(`a caption is at most ${maxCaptionLength} characters`);
  const lines = events
    .map((event) => ({ ...event, text: captionText(event.text) }))
    .filter((event) => event.text && event.end > event.start)
    .map((event) => {
      if (event.kind === 'label') return `Dialogue: 1,${assTime(event.start)},${assTime(event.end)},Label,,0,0,0,,{\\fad(${fadeMs},${fadeMs})}${event.text.replaceAll('\\N', ' ')}`;
      const size = captionFontSize(event.text.replaceAll('\\N', ' '));
      return `Dialogue: 0,${assTime(event.start)},${assTime(event.end)},Caption,,0,0,0,,{\\fad(${fadeMs},${fadeMs})\\fs${size}}${event.text}`;
    });
  return assScript({
    width: motionFrame.width,
    height: motionFrame.height,
    styles: [
      // White bold text on a near-black box about 70% opaque (ASS alpha 0x50 is the transparency); bottom centre (2).
      `Style: Caption,Inter,64,&H00FFFFFF,&H00FFFFFF,&H50101010,&H00000000,1,0,0,0,100,100,0,0,3,18,0,2,${sideMargin},${sideMargin},${bottomMargin},1`,
      // Labels: the same box, upper-case and spaced, top-left (7), above where any caption or subtitle goes.
      `Style: Label,Inter,68,&H00FFFFFF,&H00FFFFFF,&H50101010,&H00000000,1,0,0,0,100,100,4,0,3,16,0,7,${labelMargin},${labelMargin},${labelTop},1`,
    ],
    events: [
      ...lines,
    ],
  });
}

/**
 * When each part's caption (or label) is on screen in the joined video (see joinClipsArgs): from where its part comes
 * in (the middle of its transition) until the next scene comes in — a part with a text of that kind or a transition of
 * its own — or the end. A part with neither continues the scene before it (the chained pieces of one long scene).
 */
function joinedTexts(parts: readonly JoinPart[], kind: 'caption' | 'label'): CaptionEvent[] {
  const events: CaptionEvent[] = [];
  let open: { text: string; start: number } | null = null;
  let length = 0;
  for (const [i, part] of parts.entries()) {
    const transition = i > 0 ? part.transition : undefined;
    const entersAt = transition ? length - transition.seconds / 2 : length;
    length += part.seconds - (transition?.seconds ?? 0);
    if (i > 0 && !transition && part[kind] === undefined) continue;
    if (open) events.push({ ...open, end: entersAt });
    open = part[kind] ? { text: part[kind], start: entersAt } : null;
  }
  if (open) events.push({ ...open, end: length });
  return kind === 'label' ? events.map((event) => ({ ...event, kind })) : events;
}

/** Every caption and label of the joined video, for captionAss. */
export function joinedCaptions(parts: readonly JoinPart[]): CaptionEvent[] {
  if (parts.some((part) => (part.label?.length ?? 0) > maxLabelLength)) throw new Error(`a label is at most ${maxLabelLength} characters`);
  return [...joinedTexts(parts, 'caption'), ...joinedTexts(parts, 'label')];
}

/**
 * The filter that burns an ASS script written by `captionAss` (or kineticAss) onto 1080x1920 video; `fontsDir` holds
 * fonts that are not installed (a brand's own), which libass then finds by their family names.
 */
export function captionFilter(assPath: string, fontsDir?: string): string {
  const fonts = fontsDir === undefined ? '' : `:fontsdir=${escapeFilterValue(localPathSchema.parse(fontsDir))}`;
  return `ass=filename=${escapeFilterValue(assPath)}${fonts}`;
}
