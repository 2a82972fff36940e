import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { assertTempo, retimeWords, speechGainDb, speechLoudnessArgs, speechMasterArgs, tempoArgs } from '@reelsmith/media';
import type { MediaPort } from '../media/types.ts';
import { TtsError, type SpeechResult, type WordTiming } from './types.ts';
import { fillGaps } from './words.ts';

const ffmpegTimeoutMs = 5 * 60_000;

/** A piece of raw synthesiser output with its probed length and sample rate. */
export interface RawPiece {
  path: string;
  duration: number;
  sampleRate: number;
}

export async function probePiece(media: MediaPort, path: string, signal?: AbortSignal): Promise<RawPiece> {
  try {
    const info = await media.probe(path, { signal });
    if (!info.hasAudio || !info.sampleRate || !(info.duration > 0)) throw new Error('no audio in it');
    return { path, duration: info.duration, sampleRate: info.sampleRate };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new TtsError('malformed', `the synthesised audio cannot be read: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Every provider ends here: the raw pieces joined, voice-shifted, brought to speech loudness (measured first, then
 * one gain) and written as 48 kHz mono at `outputPath`; `words` are timed on the raw pieces' joined timeline and
 * come out on the file's.
 */
export async function masterSpeech(media: MediaPort, options: {
  pieces: readonly RawPiece[];
  words: readonly WordTiming[];
  outputPath: string;
  shift?: number;
  signal?: AbortSignal;
}): Promise<SpeechResult> {
  const { pieces, outputPath, signal } = options;
  const shift = options.shift ?? 1;
  const rawDuration = pieces.reduce((sum, p) => sum + p.duration, 0);
  const join = { inputs: pieces.map((p) => p.path), voiceShift: { factor: shift, sourceRate: pieces[0]!.sampleRate } };
  const run = { duration: rawDuration / shift, signal, timeoutMs: ffmpegTimeoutMs };
  await mkdir(dirname(outputPath), { recursive: true });
  try {
    const gainDb = speechGainDb((await media.runFfmpeg(speechLoudnessArgs(join), run)).stderrTail);
    await media.runFfmpeg(speechMasterArgs({ ...join, output: outputPath, gainDb }), run);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new TtsError('failed', `mastering the voiceover failed: ${(error as Error).message}`, { cause: error });
  }
  const { duration } = await probePiece(media, outputPath, signal);
  return { path: outputPath, duration, words: fillGaps(retimeWords(options.words, shift), duration) };
}

/** Moves each piece's word times onto the joined timeline (piece i starts where pieces 0..i-1 end). */
export function joinPieceWords(pieces: readonly RawPiece[], words: readonly WordTiming[][]): WordTiming[] {
  let offset = 0;
  return pieces.flatMap((piece, i) => {
    const moved = (words[i] ?? []).map((w) => ({ text: w.text, start: w.start + offset, end: w.end + offset }));
    offset += piece.duration;
    return moved;
  });
}

/**
 * A finished voiceover at another tempo (SPEC §9: 0.5 to 2; /api/adjust-tempo), pitch kept: the file is
 * re-timed with atempo and every word time scales by 1/tempo, so captions still follow it.
 */
export async function changeSpeechTempo(
  media: MediaPort,
  source: SpeechResult,
  options: { tempo: number; outputPath: string; signal?: AbortSignal },
): Promise<SpeechResult> {
  const { tempo, outputPath, signal } = options;
  try {
    assertTempo(tempo);
  } catch (error) {
    throw new TtsError('invalid', (error as Error).message);
  }
  await mkdir(dirname(outputPath), { recursive: true });
  try {
    await media.runFfmpeg(tempoArgs({ input: source.path, output: outputPath, tempo }), { duration: source.duration / tempo, signal, timeoutMs: ffmpegTimeoutMs });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new TtsError('failed', `changing the tempo failed: ${(error as Error).message}`, { cause: error });
  }
  const { duration } = await probePiece(media, outputPath, signal);
  return { path: outputPath, duration, words: fillGaps(retimeWords(source.words, tempo), duration) };
}
