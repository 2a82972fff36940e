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

export interface Span {
  start: number;
  end: number;
}

/** Shorter bursts of sound than this are a click or a breath, not speech to lay words on. */
const minSpanSeconds = 0.3;

/**
 * Where a recording makes a sound, from its silences (ffmpeg silencedetect), within [0, duration]. A recording
 * that is all silence, or all sound below that length, gives the whole of it: hand-written captions still need a place.
 */
export function soundSpans(silences: readonly { start: number; end?: number }[], duration: number): Span[] {
  const spans: Span[] = [];
  let at = 0;
  for (const silence of silences) {
    if (silence.start > at) spans.push({ start: at, end: Math.min(silence.start, duration) });
    at = Math.max(at, silence.end ?? duration);
  }
  if (at < duration) spans.push({ start: at, end: duration });
  const kept = spans.filter((span) => span.end - span.start >= minSpanSeconds).map((span) => ({ start: round3(span.start), end: round3(span.end) }));
  return kept.length > 0 ? kept : [{ start: 0, end: duration }];
}

/**
 * Typed words laid over the spans in order: laid end to end, the spans share the words by length (a word goes to
 * the span its middle falls in), and each span spreads its words over itself (spreadWords).
 */
export function layWords(texts: readonly string[], spans: readonly Span[]): TimedWord[] {
  const total = spans.reduce((sum, span) => sum + span.end - span.start, 0);
  const weights = texts.map((text) => text.length + 1);
  const weightTotal = weights.reduce((a, b) => a + b, 0);
  const shares: string[][] = spans.map(() => []);
  let position = 0;
  let span = 0;
  let spanEndsAt = spans[0] ? spans[0].end - spans[0].start : 0;
  for (const [i, text] of texts.entries()) {
    const length = (total * weights[i]!) / weightTotal;
    while (span < spans.length - 1 && position + length / 2 > spanEndsAt) {
      span += 1;
      spanEndsAt += spans[span]!.end - spans[span]!.start;
    }
    shares[span]?.push(text);
    position += length;
  }
  return shares.flatMap((share, i) => (share.length > 0 ? spreadWords(share, spans[i]!.start, spans[i]!.end) : []));
}
