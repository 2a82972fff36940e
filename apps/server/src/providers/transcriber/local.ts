import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { MediaPort } from '../media/types.ts';
import { withSpeechWav } from './speech-wav.ts';
import { TranscriberError, type Transcriber, type Transcript, type RecognizedWord } from './types.ts';

export interface LocalTranscriberOptions {
  /** Scratch space for the 16 kHz WAV the recogniser reads. */
  tmpDir: string;
  media: MediaPort;
  /** The Debian package pocketsphinx-en-us puts the US English acoustic model, language model and dictionary here. */
  modelDir?: string;
  command?: string;
  timeoutMs?: number;
  /** Decoding takes a whole core for a good part of the audio's length, so only this many run at once. */
  concurrency?: number;
}

export interface ScoredWord extends RecognizedWord {
  /** pocketsphinx's posterior probability of the word, 0 to 1. */
  confidence: number;
  /** Which stretch of speech between silences (pocketsphinx's utterance) the word was heard in, counted from 0. */
  utterance: number;
}

/**
 * pocketsphinx always finds words, even in music (a beat reads as "food food food" at posteriors around 0.1), while
 * clear speech averages 0.6 to 0.7. Below this mean the words are noise, and a script built on them would be nonsense.
 * It is judged per utterance: one sentence over music or in an echoing room would otherwise pull the whole video's
 * mean below it and lose the sentences that were heard clearly.
 */
export const minMeanConfidence = 0.4;

const wordTimeLine = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;
/** Silence, sentence marks and noise classes: <s>, </s>, <sil>, [NOISE], [SPEECH], ... */
const filler = /^(<.*>|\[.*\])$/;

/**
 * Reads `pocketsphinx_continuous -time yes` output: per utterance, a hypothesis line and then one
 * "word start end posterior" line per word, times from the start of the file. "word(2)" names a second
 * pronunciation of the same word.
 */
export function parseWordTimes(stdout: string): ScoredWord[] {
  const words: ScoredWord[] = [];
  let utterance = -1;
  for (const line of stdout.split('\n')) {
    const match = wordTimeLine.exec(line.trim());
    if (match?.[1] === '<s>') utterance += 1;
    if (!match || filler.test(match[1]!)) continue;
    words.push({
      text: match[1]!.replace(/\(\d+\)$/, ''),
      start: Number(match[2]),
      end: Number(match[3]),
      confidence: Math.min(1, Number(match[4])),
      utterance: Math.max(utterance, 0),
    });
  }
  return words;
}

export function toTranscript(words: ScoredWord[]): Transcript {
  const utterances = new Map<number, ScoredWord[]>();
  for (const word of words) utterances.set(word.utterance, [...(utterances.get(word.utterance) ?? []), word]);
  const heard = [...utterances.values()]
    .filter((group) => group.reduce((sum, word) => sum + word.confidence, 0) / group.length >= minMeanConfidence)
    .flat();
  return { text: heard.map((word) => word.text).join(' '), words: heard.map(({ text, start, end }) => ({ text, start, end })) };
}

function limiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active < max) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next caller, so a newcomer cannot slip in between.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

/** Offline English speech recognition with CMU pocketsphinx (an OS package, like ffmpeg). */
export function createLocalTranscriber(options: LocalTranscriberOptions): Transcriber {
  const modelDir = options.modelDir ?? '/usr/share/pocketsphinx/model/en-us';
  const command = options.command ?? 'pocketsphinx_continuous';
  const timeoutMs = options.timeoutMs ?? 180_000;
  const limit = limiter(options.concurrency ?? 1);

  function decode(wavPath: string, signal: AbortSignal | undefined): Promise<string> {
    const args = ['-infile', wavPath, '-time', 'yes', '-logfn', '/dev/null'];
    args.push('-hmm', join(modelDir, 'en-us'), '-lm', join(modelDir, 'en-us.lm.bin'), '-dict', join(modelDir, 'cmudict-en-us.dict'));
    return new Promise((resolve, reject) => {
      execFile(command, args, { signal, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error) reject(new TranscriberError(`${command} failed: ${stderr.trim().slice(-500) || error.message}`));
        else resolve(stdout);
      });
    });
  }

  return {
    kind: 'local',
    transcribe(mediaPath, { maxSeconds, signal } = {}) {
      return limit(() =>
        withSpeechWav(options, { path: mediaPath, maxSeconds, signal }, async (wavPath) => toTranscript(parseWordTimes(await decode(wavPath, signal)))),
      );
    },
  };
}
