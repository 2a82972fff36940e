import { cueText, cueWords, formatSrt, type SrtCue } from '@reelsmith/contracts';
import type { TimedWord } from './project-document.ts';

/** A caption as the project document keeps it: its time span and its words with their own times. */
export interface StoredCue {
  start: number;
  end: number;
  words: TimedWord[];
}

/** Emphasised words go out in SRT font tags (cueText), so the page and a downloaded SRT keep them. */
export function cuesToSrt(cues: readonly StoredCue[]): string {
  return formatSrt(cues.map((cue) => ({ start: cue.start, end: cue.end, text: cueText(cue.words) })));
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Spreads words over [start, end] in proportion to their length (plus one for the gap after each), which is
 * roughly how long each takes to say, so the spoken-word highlight of an edited caption stays close to the voice.
 */
export function spreadWords(texts: readonly string[], start: number, end: number): TimedWord[] {
  const weights = texts.map((t) => t.length + 1);
  const total = weights.reduce((a, b) => a + b, 0);
  let at = start;
  return texts.map((text, i) => {
    const span = ((end - start) * weights[i]!) / total;
    const word = { text, start: round3(at), end: round3(i === texts.length - 1 ? end : at + span) };
    at += span;
    return word;
  });
}

const sameSpan = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  Math.round(a.start * 1000) === Math.round(b.start * 1000) && Math.round(a.end * 1000) === Math.round(b.end * 1000);

/**
 * Captions from edited SRT text. A caption keeps its time span; its words keep the voice's own timings when the
 * edit kept the number of words (a typo fixed, a word emphasised), and are spread over the span by length when words
 * were added or removed. `stored` are the captions before the edit.
 */
export function cuesFromSrt(edited: readonly SrtCue[], stored: readonly StoredCue[]): StoredCue[] {
  return edited.map((cue) => {
    const typed = cueWords(cue.text);
    const before = stored.find((s) => sameSpan(s, cue));
    const timed =
      before && before.words.length === typed.length
        ? before.words.map(({ start, end }) => ({ start, end }))
        : spreadWords(
            typed.map((w) => w.text),
            cue.start,
            cue.end,
          );
    const words = typed.map((w, i) => ({ text: w.text, start: timed[i]!.start, end: timed[i]!.end, ...(w.colour ? { colour: w.colour } : {}) }));
    return { start: cue.start, end: cue.end, words };
  });
}

/** Captions must follow each other without overlapping and end within the voiceover (a little rounding allowed). */
export function cueTimingProblem(cues: readonly SrtCue[], voiceDuration: number): 'overlap' | 'too-long' | null {
  for (const [i, cue] of cues.entries()) {
    if (i > 0 && cue.start < cues[i - 1]!.end - 0.0005) return 'overlap';
    if (cue.end > voiceDuration + 0.05) return 'too-long';
  }
  return null;
}
