import { countWords } from './types.ts';

/** Sentences of a text, each keeping its own end mark; line breaks end a sentence too. */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?…])\s+(?=\S)/))
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** The first `budget` words, closed with a full stop so a cut line still reads as a sentence. */
function cutWords(sentence: string, budget: number): string {
  const words = sentence.split(/\s+/).filter(Boolean);
  if (words.length <= budget) return sentence;
  return `${words.slice(0, budget).join(' ').replace(/[,;:—–-]+$/, '')}.`;
}

/**
 * Shortens a script to at most `budget` words by whole sentences. The opening (the hook) and the closing sentence
 * (the call to action) are kept first, because a short video still needs both; middle sentences follow in order.
 */
export function fitToBudget(text: string, budget: number): string {
  if (countWords(text) <= budget) return text.trim();
  const sentences = splitSentences(text);
  const first = sentences[0] ?? '';
  if (countWords(first) >= budget || sentences.length === 1) return cutWords(first, budget);
  const last = sentences[sentences.length - 1]!;
  const kept = new Set<number>([0]);
  let used = countWords(first);
  if (used + countWords(last) <= budget) {
    kept.add(sentences.length - 1);
    used += countWords(last);
  }
  for (let index = 1; index < sentences.length - 1; index += 1) {
    const words = countWords(sentences[index]!);
    if (used + words > budget) continue;
    kept.add(index);
    used += words;
  }
  return sentences.filter((_, index) => kept.has(index)).join(' ');
}
