import type { WordTiming } from './types.ts';

/**
 * Text handling shared by every voice: what counts as a word of the script, where sentences end, and how times
 * measured on some other rendering of the text (phones, a transcript, vendor characters) land on the script's words.
 */

const spoken = /[\p{L}\p{N}]/u;

/** The script's words as written, punctuation kept; a dash or an ellipsis standing alone is no word. */
export function scriptWords(text: string): string[] {
  return text.split(/\s+/).filter((token) => spoken.test(token));
}

/**
 * Sentences (and blank-line separated paragraphs) to synthesise one at a time, so every sentence gets its own
 * intonation and the engines never see one overlong utterance. Together they hold exactly scriptWords(text).
 */
export function splitSentences(text: string): string[] {
  const parts = text.split(/(?<=[.!?…]["'”’)\]]*)\s+|\n\s*\n/u).map((sentence) => sentence.trim());
  const sentences: string[] = [];
  for (const part of parts) {
    // "e.g.", "U.S.A." or "Dr." end in a full stop without ending the sentence.
    if (sentences.length > 0 && abbreviation.test(sentences.at(-1)!)) sentences[sentences.length - 1] += ` ${part}`;
    else sentences.push(part);
  }
  return sentences.filter((sentence) => spoken.test(sentence));
}

const abbreviation = /(?:^|\s)(?:(?:\p{L}\.){2,}|Mr\.|Mrs\.|Ms\.|Dr\.|Jr\.|Sr\.|St\.|vs\.)$/u;

/** Lower-case letters and digits only, so "Friday," and "friday" are the same word. */
export function normalizeWord(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * A minimum-edit alignment of two sequences. For each item of `a` it returns the index of the `b` item it lines up
 * with (equal, or substituted for it), or undefined where `a` has an item `b` lacks.
 */
export function align<A, B>(a: readonly A[], b: readonly B[], same: (x: A, y: B) => boolean): Array<number | undefined> {
  const cols = b.length + 1;
  const cost = new Uint32Array((a.length + 1) * cols);
  for (let i = 0; i <= a.length; i++) cost[i * cols] = i;
  for (let j = 0; j <= b.length; j++) cost[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const diagonal = cost[(i - 1) * cols + j - 1]! + (same(a[i - 1]!, b[j - 1]!) ? 0 : 1);
      cost[i * cols + j] = Math.min(diagonal, cost[(i - 1) * cols + j]! + 1, cost[i * cols + j - 1]! + 1);
    }
  }
  const result: Array<number | undefined> = new Array(a.length).fill(undefined);
  let i = a.length;
  let j = b.length;
  // Walking back from the end, an extra `b` item is skipped before a substitution is taken, so a substituted `a`
  // item lines up with the first of several `b` items in its place ("20%" with "twenty", not "percent").
  while (i > 0 && j > 0) {
    const here = cost[i * cols + j]!;
    const diagonal = cost[(i - 1) * cols + j - 1]!;
    if (same(a[i - 1]!, b[j - 1]!) && here === diagonal) {
      result[--i] = --j;
    } else if (here === cost[i * cols + j - 1]! + 1) {
      j--;
    } else if (here === diagonal + 1) {
      result[--i] = --j;
    } else {
      i--;
    }
  }
  return result;
}

const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

export interface PartialTiming {
  text: string;
  start?: number;
  end?: number;
}

/**
 * Gives every untimed word a share of the gap it sits in (from the previous word's end to the next word's start),
 * in proportion to its length, and makes all times monotonic and within [0, duration].
 */
export function fillGaps(words: readonly PartialTiming[], duration: number): WordTiming[] {
  const out: WordTiming[] = [];
  let i = 0;
  while (i < words.length) {
    const word = words[i]!;
    if (word.start !== undefined && word.end !== undefined) {
      const start = Math.min(Math.max(word.start, out.at(-1)?.end ?? 0), duration);
      out.push({ text: word.text, start: ms(start), end: ms(Math.min(Math.max(word.end, start), duration)) });
      i++;
      continue;
    }
    let j = i;
    while (j < words.length && (words[j]!.start === undefined || words[j]!.end === undefined)) j++;
    const from = out.at(-1)?.end ?? 0;
    const to = Math.max(from, Math.min(words[j]?.start ?? duration, duration));
    const run = words.slice(i, j);
    const total = run.reduce((sum, w) => sum + w.text.length, 0);
    let at = from;
    for (const w of run) {
      const next = at + ((to - from) * w.text.length) / total;
      out.push({ text: w.text, start: ms(at), end: ms(next) });
      at = next;
    }
    i = j;
  }
  return out;
}

/**
 * Times the script's words from timed words of another rendering of the same speech (a transcript, the vendor's
 * characters, the engine's tokens). Words are matched by their letters; a script word matched to a different word
 * ("20%" heard as "twenty percent") also takes the unmatched words after it; what stays unmatched is filled in.
 */
export function timeScriptWords(script: readonly string[], heard: readonly WordTiming[], duration: number): WordTiming[] {
  const keys = heard.map((w) => normalizeWord(w.text));
  const wanted = script.map(normalizeWord);
  const matches = align(wanted, keys, (x, y) => x === y);
  const used = new Set(matches.filter((m) => m !== undefined));
  return fillGaps(
    script.map((text, i) => {
      const m = matches[i];
      if (m === undefined) return { text };
      let last = m;
      if (keys[m] !== wanted[i]) while (last + 1 < heard.length && !used.has(last + 1)) last++;
      return { text, start: heard[m]!.start, end: heard[last]!.end };
    }),
    duration,
  );
}

/** Words (split at whitespace) from per-character times, as ElevenLabs' with-timestamps answer gives them. */
export function wordsFromCharacters(characters: readonly string[], starts: readonly number[], ends: readonly number[]): WordTiming[] {
  const words: WordTiming[] = [];
  let current: WordTiming | undefined;
  characters.forEach((char, i) => {
    if (/^\s*$/u.test(char)) {
      current = undefined;
      return;
    }
    if (!current) {
      current = { text: '', start: starts[i]!, end: ends[i]! };
      words.push(current);
    }
    current.text += char;
    current.end = ends[i]!;
  });
  return words.filter((w) => spoken.test(w.text));
}

/** The text in chunks of at most `maxChars`, for vendors with an input limit: whole sentences where they fit. */
export function chunkText(text: string, maxChars: number): string[] {
  const chunks: string[] = [];
  let current = '';
  const add = (part: string) => {
    if (current && current.length + 1 + part.length > maxChars) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current} ${part}` : part;
  };
  for (const sentence of splitSentences(text)) {
    if (sentence.length <= maxChars) add(sentence);
    else for (const word of sentence.split(/\s+/)) add(word.slice(0, maxChars));
  }
  if (current) chunks.push(current);
  return chunks;
}
