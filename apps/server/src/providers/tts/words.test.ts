import { describe, expect, it } from 'vitest';
import { align, chunkText, fillGaps, normalizeWord, scriptWords, splitSentences, timeScriptWords, wordsFromCharacters } from './words.ts';

describe('script words and sentences', () => {
  it('keeps words as written and drops dashes and ellipses standing alone', () => {
    expect(scriptWords('  Save 20% — today… only!\n"Really?" ... ')).toEqual(['Save', '20%', 'today…', 'only!', '"Really?"']);
    expect(normalizeWord('"Friday,"')).toBe('friday');
    expect(normalizeWord('Café')).toBe('café');
  });

  it('splits at sentence ends and blank lines, never inside a sentence', () => {
    const text = 'Hi there! Is it 3.5 kg? Yes. "Quoted." Next\nline stays.\n\nNew paragraph';
    expect(splitSentences(text)).toEqual(['Hi there!', 'Is it 3.5 kg?', 'Yes.', '"Quoted."', 'Next\nline stays.', 'New paragraph']);
    expect(splitSentences(text).flatMap(scriptWords)).toEqual(scriptWords(text));
    expect(splitSentences(' — ')).toEqual([]);
    expect(splitSentences('Ask Dr. Lee, e.g. at the U.S. office. Done.')).toEqual(['Ask Dr. Lee, e.g. at the U.S. office.', 'Done.']);
  });

  it('packs sentences into chunks under a limit', () => {
    expect(chunkText('One two. Three four. Five.', 15)).toEqual(['One two.', 'Three four.', 'Five.']);
    expect(chunkText('One two. Three four. Five.', 30)).toEqual(['One two. Three four. Five.']);
    expect(chunkText('A very long sentence indeed.', 10)).toEqual(['A very', 'long', 'sentence', 'indeed.']);
  });
});

describe('align', () => {
  it('lines up equal items and substitutions, and skips what one side lacks', () => {
    const same = (x: string, y: string) => x === y;
    expect(align(['a', 'b', 'c'], ['a', 'b', 'c'], same)).toEqual([0, 1, 2]);
    expect(align(['a', 'x', 'c'], ['a', 'b', 'c'], same)).toEqual([0, 1, 2]);
    expect(align(['a', 'b', 'c'], ['a', 'c'], same)).toEqual([0, undefined, 1]);
    expect(align(['a', 'c'], ['a', 'b', 'c'], same)).toEqual([0, 2]);
    expect(align([], ['a'], same)).toEqual([]);
  });
});

describe('fillGaps', () => {
  it('shares a gap among untimed words by their length and keeps times monotonic and inside the audio', () => {
    const words = fillGaps(
      [{ text: 'a', start: 0.1, end: 0.3 }, { text: 'bb' }, { text: 'b' }, { text: 'c', start: 0.6, end: 0.8 }, { text: 'late', start: 0.7, end: 9 }],
      2,
    );
    expect(words).toEqual([
      { text: 'a', start: 0.1, end: 0.3 },
      { text: 'bb', start: 0.3, end: 0.5 },
      { text: 'b', start: 0.5, end: 0.6 },
      { text: 'c', start: 0.6, end: 0.8 },
      { text: 'late', start: 0.8, end: 2 },
    ]);
    expect(fillGaps([{ text: 'x' }], 1)).toEqual([{ text: 'x', start: 0, end: 1 }]);
  });
});

describe('timeScriptWords', () => {
  const heard = [
    { text: 'save', start: 0.2, end: 0.5 },
    { text: 'twenty', start: 0.5, end: 0.8 },
    { text: 'percent', start: 0.8, end: 1.2 },
    { text: 'today', start: 1.4, end: 1.8 },
  ];

  it('takes a matched word’s times and lets a substituted word cover what was heard in its place', () => {
    expect(timeScriptWords(['Save', '20%', 'today!'], heard, 2)).toEqual([
      { text: 'Save', start: 0.2, end: 0.5 },
      { text: '20%', start: 0.5, end: 1.2 },
      { text: 'today!', start: 1.4, end: 1.8 },
    ]);
  });

  it('fills in words nobody heard', () => {
    const times = timeScriptWords(['Save', 'big', 'twenty', 'percent', 'today'], [heard[0]!, heard[2]!, heard[3]!], 2);
    expect(times.map((w) => w.text)).toEqual(['Save', 'big', 'twenty', 'percent', 'today']);
    expect(times[1]!.start).toBeGreaterThanOrEqual(0.5);
    expect(times[3]).toEqual({ text: 'percent', start: 0.8, end: 1.2 });
  });
});

describe('wordsFromCharacters', () => {
  it('groups characters between spaces and drops punctuation standing alone', () => {
    const chars = [...'Hi, you — ok'];
    const starts = chars.map((_, i) => i * 0.1);
    const ends = chars.map((_, i) => i * 0.1 + 0.1);
    expect(wordsFromCharacters(chars, starts, ends).map((w) => [w.text, Math.round(w.start * 10), Math.round(w.end * 10)])).toEqual([
      ['Hi,', 0, 3],
      ['you', 4, 7],
      ['ok', 10, 12],
    ]);
  });
});
