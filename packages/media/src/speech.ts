import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { localPathSchema } from './composition.ts';
import { escapeFilterValue, sec } from './filtergraph.ts';
import { runFfmpeg } from './runner.ts';

/**
 * ffmpeg arguments for speech files: mastering a voiceover from a synthesiser's pieces, changing its tempo, and
 * measuring its pauses. Speech is stored mono at the renderer's 48 kHz so a composition mixes it without guessing.
 */
export const speechSampleRate = 48000;

/** Spoken-word loudness for every voice alike; the final mix is normalised again (compile/audio.ts). */
export const speechLoudness = { integrated: -16, truePeak: -1.5, range: 11 } as const;

/** atempo takes 0.5 to 100 in one instance; the product offers 0.5 to 2 (SPEC §9). */
export const tempoLimits = { min: 0.5, max: 2 } as const;

export interface TimedWord {
  text: string;
  start: number;
  end: number;
}

export interface SpeechJoin {
  /** Pieces in playback order, all from one synthesiser (one sample rate). */
  inputs: string[];
  /**
   * Plays the pieces `factor` times faster by relabelling the sample rate: pitch, formants and tempo move together,
   * exactly like tape speed, so a voice sounds like a different (larger or smaller) speaker and every time in it
   * scales by exactly 1/factor. `sourceRate` is the pieces' sample rate.
   */
  voiceShift?: { factor: number; sourceRate: number };
}

function codecArgs(output: string): string[] {
  switch (extname(output).toLowerCase()) {
    case '.wav':
      return ['-c:a', 'pcm_s16le'];
    case '.m4a':
      return ['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart'];
    default:
      throw new Error(`speech output must be .wav or .m4a: ${output}`);
  }
}

function input(path: string): string[] {
  return ['-protocol_whitelist', 'file', '-i', localPathSchema.parse(path)];
}

/** The pieces joined and shifted, as a -filter_complex prefix ending in an unlabelled chain `then` continues. */
function joinGraph(join: SpeechJoin, then: string): string[] {
  if (join.inputs.length === 0) throw new Error('speech needs at least one input');
  const pieces = join.inputs.map((_, i) => `[${i}:a]aformat=sample_fmts=flt:channel_layouts=mono[p${i}]`);
  const filters = [`${join.inputs.map((_, i) => `[p${i}]`).join('')}concat=n=${join.inputs.length}:v=0:a=1`];
  const shift = join.voiceShift;
  if (shift && shift.factor !== 1) {
    if (!(shift.factor > 0.5 && shift.factor < 2)) throw new Error(`voice shift ${shift.factor} is outside 0.5-2`);
    filters.push(`asetrate=${Math.round(shift.sourceRate * shift.factor)}`);
  }
  filters.push(then);
  return [...join.inputs.flatMap(input), '-filter_complex', `${pieces.join(';')};${filters.join(',')}[speech]`, '-map', '[speech]'];
}

/** First pass: measures the joined speech's loudness (loudnorm's JSON summary on stderr, for parseSpeechLoudness). */
export function speechLoudnessArgs(join: SpeechJoin): string[] {
  const { integrated, truePeak, range } = speechLoudness;
  return ['-hide_banner', '-nostdin', '-nostats', ...joinGraph(join, `loudnorm=I=${integrated}:TP=${truePeak}:LRA=${range}:print_format=json`), '-f', 'null', '-'];
}

/**
 * The gain that brings the speech to the target loudness without its peaks passing the target true peak, from
 * the first pass's log. One fixed gain for the whole file: dynamic normalisation would lift the synthesisers' quiet
 * breath and noise in pauses to an audible hiss. Silence (no measurable loudness) gets no gain.
 */
export function speechGainDb(stderr: string): number {
  const start = stderr.lastIndexOf('{');
  const end = stderr.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('no loudnorm summary in the ffmpeg output');
  const summary = JSON.parse(stderr.slice(start, end + 1)) as { input_i?: string; input_tp?: string };
  const loudness = Number(summary.input_i);
  const peak = Number(summary.input_tp);
  if (!Number.isFinite(loudness) || !Number.isFinite(peak)) return 0;
  const gain = Math.min(speechLoudness.integrated - loudness, speechLoudness.truePeak - peak);
  return Math.round(gain * 100) / 100;
}

/** Second pass: joins, shifts, applies the gain and writes 48 kHz mono (.wav 16-bit PCM for the renderer, .m4a AAC for browsers). */
export function speechMasterArgs(join: SpeechJoin & { output: string; gainDb: number }): string[] {
  const output = localPathSchema.parse(join.output);
  if (!Number.isFinite(join.gainDb)) throw new Error(`gain must be a number, not ${join.gainDb}`);
  return [
    '-hide_banner', '-nostdin', '-y', '-v', 'error',
    ...joinGraph(join, `volume=${join.gainDb}dB,aresample=${speechSampleRate}`),
    '-ac', '1', '-ar', String(speechSampleRate), ...codecArgs(output), output,
  ];
}

export function assertTempo(tempo: number): void {
  if (!(Number.isFinite(tempo) && tempo >= tempoLimits.min && tempo <= tempoLimits.max)) {
    throw new Error(`tempo must be between ${tempoLimits.min} and ${tempoLimits.max}, not ${tempo}`);
  }
}

/** Speeds speech up (tempo > 1) or slows it down without changing its pitch. */
export function tempoArgs(options: { input: string; output: string; tempo: number }): string[] {
  assertTempo(options.tempo);
  const output = localPathSchema.parse(options.output);
  return [
    '-hide_banner', '-nostdin', '-y', '-v', 'error', ...input(options.input),
    '-af', `atempo=${options.tempo}`,
    '-ac', '1', '-ar', String(speechSampleRate), ...codecArgs(output), output,
  ];
}

const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Word times after playing the audio `speed` times faster (a tempo change, or a voice shift): every time / speed. */
export function retimeWords<W extends TimedWord>(words: readonly W[], speed: number): W[] {
  if (!(speed > 0)) throw new Error(`speed must be positive, not ${speed}`);
  return words.map((w) => ({ ...w, start: ms(w.start / speed), end: ms(w.end / speed) }));
}

/**
 * Writes where the audio falls silent (below `noiseDb` for at least `minSeconds`) to `reportPath`, one
 * lavfi.silence_start / lavfi.silence_end line per edge, for parseSilenceReport. A file rather than the log,
 * because the runner keeps only the log's tail.
 */
export function silenceDetectArgs(options: { input: string; reportPath: string; noiseDb?: number; minSeconds?: number }): string[] {
  const report = localPathSchema.parse(options.reportPath);
  const detect = `silencedetect=noise=${options.noiseDb ?? -45}dB:d=${sec(options.minSeconds ?? 0.04)}`;
  return [
    '-hide_banner', '-nostdin', '-y', '-v', 'error', ...input(options.input),
    '-af', `${detect},ametadata=mode=print:file=${escapeFilterValue(report)}`,
    '-f', 'null', '-',
  ];
}

export interface Silence {
  start: number;
  /** Absent when the audio ends silent. */
  end?: number;
}

export function parseSilenceReport(report: string): Silence[] {
  const silences: Silence[] = [];
  for (const match of report.matchAll(/lavfi\.silence_(start|end)=(-?[\d.]+)/g)) {
    const time = Math.max(0, Number(match[2]));
    if (match[1] === 'start') silences.push({ start: time });
    else if (silences.length > 0 && silences.at(-1)!.end === undefined) silences.at(-1)!.end = time;
  }
  return silences;
}

/** The silences of a media file's audio (silenceDetectArgs), its report written in a scratch folder removed afterwards. */
export async function detectSilences(
  input: string,
  options: { tmpDir: string; duration: number; noiseDb?: number; minSeconds?: number; signal?: AbortSignal },
): Promise<Silence[]> {
  await mkdir(options.tmpDir, { recursive: true });
  const dir = await mkdtemp(join(options.tmpDir, 'silences-'));
  try {
    const reportPath = join(dir, 'silences.txt');
    await runFfmpeg(silenceDetectArgs({ input, reportPath, noiseDb: options.noiseDb, minSeconds: options.minSeconds }), { duration: options.duration, signal: options.signal });
    return parseSilenceReport(await readFile(reportPath, 'utf8').catch(() => ''));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
