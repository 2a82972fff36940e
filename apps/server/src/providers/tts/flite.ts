import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { engineText, runEngine } from './engine-text.ts';
import type { LocalEngine } from './local-voices.ts';
import { TtsError } from './types.ts';
import { align, type PartialTiming } from './words.ts';

type FliteEngine = Extract<LocalEngine, { kind: 'flite' }>;

export interface TimedPhone {
  phone: string;
  start: number;
  end: number;
}

/** `flite -psdur` prints "pau:0.174 b:0.253 …": each phone with its end time; pauses are dropped. */
export function parsePsdur(output: string): TimedPhone[] {
  const phones: TimedPhone[] = [];
  let previousEnd = 0;
  for (const item of output.trim().split(/\s+/)) {
    const match = /^([a-z]+):([\d.]+)$/.exec(item);
    if (!match) continue;
    const end = Number(match[2]);
    if (match[1] !== 'pau') phones.push({ phone: match[1]!, start: previousEnd, end });
    previousEnd = end;
  }
  return phones;
}

/**
 * Lines the phones of each word (as flite says the word alone) up with the phones of the whole sentence, so every
 * word gets the start of its first and the end of its last phone. In context flite may reduce a vowel or join
 * words differently; the alignment absorbs such differences, and a word none of whose phones line up stays untimed.
 */
export function timeWordsFromPhones(words: readonly string[], wordPhones: readonly string[][], sentence: readonly TimedPhone[]): PartialTiming[] {
  const flat = wordPhones.flatMap((phones, word) => phones.map((phone) => ({ phone, word })));
  const matches = align(flat, sentence, (x, y) => x.phone === y.phone);
  const spans: Array<{ first: number; last: number } | undefined> = words.map(() => undefined);
  flat.forEach(({ word }, k) => {
    const m = matches[k];
    if (m === undefined) return;
    const span = spans[word];
    spans[word] = span ? { first: Math.min(span.first, m), last: Math.max(span.last, m) } : { first: m, last: m };
  });
  return words.map((text, i) => {
    const span = spans[i];
    return span ? { text, start: sentence[span.first]!.start, end: sentence[span.last]!.end } : { text };
  });
}

function voiceArgs(engine: FliteEngine, pace: number): string[] {
  return [
    '-voice', engine.voice,
    ...(engine.f0Mean ? ['--setf', `int_f0_target_mean=${engine.f0Mean}`] : []),
    '--setf', `duration_stretch=${Math.round((engine.durationStretch / pace) * 1000) / 1000}`,
  ];
}

/**
 * Each word's phones from one flite run: words separated by blank lines become separate utterances, and `-ps`
 * prints one line of phones per utterance.
 */
async function phonesOfWords(engine: FliteEngine, words: readonly string[], scratchDir: string, signal?: AbortSignal): Promise<string[][]> {
  const texts = words.map(engineText);
  const sayable = texts.map((t) => /[a-z0-9]/i.test(t));
  const file = join(scratchDir, 'words.txt');
  // Without the final newline flite drops the last word.
  await writeFile(file, `${texts.filter((_, i) => sayable[i]).join('\n\n')}\n`);
  const lines = (await runEngine('flite', ['-voice', engine.voice, '-ps', '-f', file, '-o', 'none'], signal)).trim().split('\n');
  const expected = sayable.filter(Boolean).length;
  if (lines.length !== expected) throw new TtsError('failed', `flite gave phones for ${lines.length} of ${expected} words`);
  let line = 0;
  return sayable.map((ok) => (ok ? lines[line++]!.trim().split(/\s+/).filter((p) => p !== 'pau') : []));
}

/** Speaks one sentence into `wavPath` (flite's own rate) and times its words from flite's phone durations. */
export async function fliteSentence(options: {
  engine: FliteEngine;
  pace: number;
  sentence: string;
  words: readonly string[];
  wavPath: string;
  scratchDir: string;
  signal?: AbortSignal;
}): Promise<PartialTiming[]> {
  const { engine, words, signal } = options;
  const args = [...voiceArgs(engine, options.pace), '-psdur', '-t', engineText(options.sentence), '-o', options.wavPath];
  const phones = parsePsdur(await runEngine('flite', args, signal));
  const wordPhones = await phonesOfWords(engine, words, options.scratchDir, signal);
  return timeWordsFromPhones(words, wordPhones, phones);
}
