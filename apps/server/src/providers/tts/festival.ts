import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { engineText, runEngine } from './engine-text.ts';
import type { LocalEngine } from './local-voices.ts';
import type { WordTiming } from './types.ts';

type HtsEngine = Extract<LocalEngine, { kind: 'festival-hts' }>;

/** festival's HTS voice: CMU Arctic slt, statistical parametric, 32 kHz (Debian festvox-us-slt-hts). */
export const htsVoice = 'voice_cmu_us_slt_arctic_hts';

const schemeString = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * A festival batch script that speaks each sentence into its own file and prints, for every token of the text,
 * the start of its first and the end of its last word ("20%" is the words "twenty percent"), taken from the
 * segment times the HTS engine actually generated: "T<tab>sentence<tab>token<tab>start<tab>end".
 */
export function festivalScript(engine: HtsEngine, pace: number, sentences: ReadonlyArray<{ text: string; wavPath: string }>): string {
  const rate = Math.round(engine.rate * pace * 1000) / 1000;
  const lines = [
    `(${htsVoice})`,
    `(set! hts_engine_params (append hts_engine_params (list (list "-r" ${rate}))))`,
    // Punctuation marks hang under a token as daughters too; only members of the Word relation are spoken.
    `(define (rs-words tok) (let ((ws nil)) (mapcar (lambda (d) (if (item.relation d 'Word) (set! ws (cons d ws)))) (item.daughters tok)) (reverse ws)))`,
    // Utterance is a special form that does not evaluate its text, hence the eval.
    `(define (rs-say n text file)
  (let ((utt (utt.synth (eval (list 'Utterance 'Text text)))) (tok nil) (ws nil))
    (utt.save.wave utt file 'riff)
    (set! tok (utt.relation.first utt 'Token))
    (while tok
      (set! ws (rs-words tok))
      (if ws (format t "T\\t%s\\t%s\\t%f\\t%f\\n" n (item.name tok) (item.feat (car ws) 'word_start) (item.feat (car (last ws)) 'word_end)))
      (set! tok (item.next tok)))))`,
    ...sentences.map((s, i) => `(rs-say ${i} ${schemeString(engineText(s.text))} ${schemeString(s.wavPath)})`),
  ];
  return `${lines.join('\n')}\n`;
}

/** The token times per sentence, from the script's output. */
export function parseFestivalTokens(output: string, sentenceCount: number): WordTiming[][] {
  const tokens: WordTiming[][] = Array.from({ length: sentenceCount }, () => []);
  for (const line of output.split('\n')) {
    const [tag, n, text, start, end] = line.split('\t');
    if (tag !== 'T' || text === undefined) continue;
    tokens[Number(n)]?.push({ text, start: Number(start), end: Number(end) });
  }
  return tokens;
}

/** Speaks every sentence with one festival process (loading the voice once). */
export async function festivalSentences(options: {
  engine: HtsEngine;
  pace: number;
  sentences: ReadonlyArray<{ text: string; wavPath: string }>;
  scratchDir: string;
  signal?: AbortSignal;
}): Promise<WordTiming[][]> {
  const script = join(options.scratchDir, 'speak.scm');
  await writeFile(script, festivalScript(options.engine, options.pace, options.sentences));
  const output = await runEngine('festival', ['--batch', script], options.signal);
  return parseFestivalTokens(output, options.sentences.length);
}
