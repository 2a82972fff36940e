import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { voiceNames } from '@reelsmith/contracts';
import { parseSilenceReport, runFfmpeg, silenceDetectArgs } from '@reelsmith/media';
import { describe, expect, it } from 'vitest';
import { createLocalTts } from '../src/providers/tts/local.ts';
import type { WordTiming } from '../src/providers/tts/types.ts';
import { createMediaPort } from '../src/providers/media/index.ts';

const media = createMediaPort();

/**
 * The offline voices' word times against the audio itself. Onsets are measured with ffmpeg's silencedetect on the
 * finished file, independently of the engines' timing: a word right after a pause starts where the silence ends.
 * Pauses are certain between sentences (each is synthesised on its own) and usual at commas, so the words
 * measured are the first of each sentence (always) and those after a comma (when the engine paused there). The
 * text's measured words start with vowels, nasals or glides, whose onset is loud at once; a weak /f/ or a stop's
 * silent closure would put the measured onset after the true one.
 */
const text = 'Morning, everyone. Warm muffins, orange rolls, and lemon tea. Relax with us all summer. We open early, on Main Street.';
const toleranceSeconds = 0.1;
/** A comma's pause is farther than this from any measured onset when the engine did not pause there. */
const unpausedSeconds = 0.25;

interface OnsetCheck {
  word: string;
  cue: number;
  measured: number;
}

async function measuredOnsets(path: string, duration: number, dir: string): Promise<number[]> {
  const reportPath = join(dir, 'silences.txt');
  // -40 dB sits above the breath noise some voices leave in pauses and below every word onset; 60 ms is longer
  // than a stop's closure, so silence inside a word rarely counts.
  await runFfmpeg(silenceDetectArgs({ input: path, reportPath, noiseDb: -40, minSeconds: 0.06 }), { duration });
  return parseSilenceReport(await readFile(reportPath, 'utf8')).flatMap((s) => (s.end === undefined ? [] : [s.end]));
}

function checks(words: WordTiming[], onsets: number[]): { sentenceStarts: OnsetCheck[]; afterCommas: OnsetCheck[] } {
  const nearest = (word: WordTiming): OnsetCheck => {
    const measured = onsets.reduce((a, b) => (Math.abs(b - word.start) < Math.abs(a - word.start) ? b : a), Infinity);
    return { word: word.text, cue: word.start, measured };
  };
  const sentenceStarts = words.filter((_, i) => i === 0 || /[.!?]$/.test(words[i - 1]!.text)).map(nearest);
  const afterCommas = words
    .filter((_, i) => i > 0 && /,$/.test(words[i - 1]!.text))
    .map(nearest)
    .filter((c) => Math.abs(c.cue - c.measured) <= unpausedSeconds);
  return { sentenceStarts, afterCommas };
}

describe('offline voices: word timing accuracy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rs-tts-timing-'));
  const tts = createLocalTts({ tmpDir: dir, media });

  it.each(voiceNames)('%s: cue starts are within 100 ms of the measured onsets', async (voice) => {
    const result = await tts.synthesize({ text, voice, outputPath: join(dir, `${voice}.wav`) });
    expect(result.words.map((w) => w.text).join(' ')).toBe(text);
    const { sentenceStarts, afterCommas } = checks(result.words, await measuredOnsets(result.path, result.duration, dir));
    expect(sentenceStarts).toHaveLength(4);
    expect(sentenceStarts.length + afterCommas.length).toBeGreaterThanOrEqual(6);
    for (const check of [...sentenceStarts, ...afterCommas]) {
      expect(Math.abs(check.cue - check.measured), `${voice} "${check.word}" cue ${check.cue} measured ${check.measured}`).toBeLessThanOrEqual(toleranceSeconds);
    }
  });
});
