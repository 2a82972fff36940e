import type { TimedWord } from '../../core/project/project-document.ts';

/**
 * Long enough to read a scene, even one without a voiceover line (the voiceover gives it almost no time of its own):
 * each scene gets at least this long, taken from its neighbours.
 */
export const minSceneSeconds = 1.5;
/** How many of a scene's first words must follow each other in the voiceover to place the scene there. */
const anchorWords = 3;

const tokens = (text: string) =>
  text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);

/** The words a scene says: the quoted voiceover the writer puts in it (`… Voiceover: "…"`), else the whole text. */
export function spokenWords(scene: string): string[] {
  const quoted = /voiceover:\s*["“]([^"”]*)/i.exec(scene);
  return tokens(quoted?.[1] ?? scene);
}

/** Where `wanted` starts in `said`, at or after `from`; -1 when it does not. */
function find(said: string[], wanted: string[], from: number): number {
  const probe = wanted.slice(0, anchorWords);
  if (probe.length === 0) return -1;
  for (let i = from; i + probe.length <= said.length; i++) {
    if (probe.every((word, k) => said[i + k] === word)) return i;
  }
  return -1;
}

/**
 * Seconds each scene is on screen, summing to `duration`. A scene starts when the voiceover starts saying its words
 * (found in the word timings); scenes whose words are not found (edited, or no timings) share the time between the
 * found ones by their word counts, so without any timings it is a word-count share of the whole voiceover.
 */
export function sceneLengths(scenes: string[], voiceover: { duration: number; words: TimedWord[] }): number[] {
  const { duration, words } = voiceover;
  const said = words.map((w) => tokens(w.text).join(''));
  const counts = scenes.map((scene) => Math.max(1, spokenWords(scene).length));

  const known: (number | null)[] = scenes.map((_, n) => (n === 0 ? 0 : null));
  let from = 0;
  for (let n = 1; n < scenes.length; n++) {
    const at = find(said, spokenWords(scenes[n]!), from);
    if (at < 0) continue;
    known[n] = Math.min(words[at]!.start, duration);
    from = at + 1;
  }

  const starts = known.map((start, n) => {
    if (start !== null) return start;
    const previous = known.findLastIndex((s, i) => i < n && s !== null);
    const nextFound = known.findIndex((s, i) => i > n && s !== null);
    const next = nextFound < 0 ? scenes.length : nextFound;
    const span = (nextFound < 0 ? duration : known[next]!) - known[previous]!;
    const share = sumOf(counts.slice(previous, n)) / sumOf(counts.slice(previous, next));
    return known[previous]! + span * share;
  });
  return withMinimum(starts, duration);
}

const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** Moves starts apart so every scene lasts at least the minimum (or an equal share of a very short voiceover). */
function withMinimum(starts: number[], duration: number): number[] {
  const gap = Math.min(minSceneSeconds, duration / starts.length);
  const moved = [...starts];
  for (let n = 1; n < moved.length; n++) moved[n] = Math.max(moved[n]!, moved[n - 1]! + gap);
  for (let n = moved.length - 1; n >= 1; n--) moved[n] = Math.min(moved[n]!, (moved[n + 1] ?? duration) - gap);
  return moved.map((start, n) => Math.round(((moved[n + 1] ?? duration) - start) * 1000) / 1000);
}
