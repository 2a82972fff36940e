import { cueText, cueWords, emphasisColours, formatSrt, parseSrt, type CueWord } from '@reelsmith/contracts';

/**
 * A caption as the editor holds it: the text exactly as typed (so a trailing space survives while the user types
 * the next word) and the emphasis colour of each word by its place in the caption.
 */
export interface EditorCue {
  start: number;
  end: number;
  text: string;
  colours: (string | undefined)[];
}

export function editorCues(srt: string): EditorCue[] | null {
  return (
    parseSrt(srt)?.map((cue) => {
      const words = cueWords(cue.text);
      return { start: cue.start, end: cue.end, text: words.map((w) => w.text).join(' '), colours: words.map((w) => w.colour) };
    }) ?? null
  );
}

/** The caption's words with their colours; a colour stays with the word in its place when the text is edited. */
export function wordsOf(cue: EditorCue): CueWord[] {
  return cue.text
    .split(/\s+/)
    .filter(Boolean)
    .map((text, i) => {
      const colour = cue.colours[i];
      return colour ? { text, colour } : { text };
    });
}

/** A caption emptied by the user has nothing to show; it is left out rather than sent as an empty block. */
export function editorSrt(cues: readonly EditorCue[]): string {
  return formatSrt(cues.flatMap((cue) => (cue.text.trim() === '' ? [] : [{ start: cue.start, end: cue.end, text: cueText(wordsOf(cue)) }])));
}

export interface EmphasisColour {
  name: string;
  hex: string;
}

/**
 * The colours a word steps through: the brand's own first (its secondary colour; named as one of the usual four when
 * it is one of them), then the others.
 */
export function emphasisPalette(brandColour: string | undefined): EmphasisColour[] {
  if (!brandColour) return [...emphasisColours];
  const hex = brandColour.toUpperCase();
  const usual = emphasisColours.find((c) => c.hex === hex);
  return [usual ?? { name: 'Brand', hex }, ...emphasisColours.filter((c) => c.hex !== hex)];
}

/** A click on a word steps through the emphasis colours, then back to none. */
export function nextEmphasis(current: string | undefined, palette: readonly EmphasisColour[] = emphasisColours): string | undefined {
  const at = palette.findIndex((c) => c.hex === current);
  return palette[at + 1]?.hex;
}

export function withEmphasis(cue: EditorCue, wordIndex: number, colour: string | undefined): EditorCue {
  const colours = [...cue.colours];
  colours[wordIndex] = colour;
  return { ...cue, colours };
}
