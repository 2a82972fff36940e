import { localPathSchema } from './composition.ts';
import { sec } from './filtergraph.ts';
import { runFfmpeg, type RunOptions } from './runner.ts';

/** Speech recognisers (pocketsphinx's acoustic models among them) are trained on 16 kHz mono 16-bit audio. */
export const recognitionSampleRate = 16000;

export interface RecognitionWavOptions {
  /** Any media file with an audio stream: a video, a voiceover, a song. */
  input: string;
  /** A .wav path. */
  output: string;
  /** Only this many seconds from the start: what lies past the video's length never reaches the user. */
  maxSeconds?: number;
}

/** The first audio stream of `input` as 16 kHz mono 16-bit PCM WAV, the picture ignored. */
export function recognitionWavArgs(options: RecognitionWavOptions): string[] {
  const input = localPathSchema.parse(options.input);
  const output = localPathSchema.parse(options.output);
  if (!output.toLowerCase().endsWith('.wav')) throw new Error(`recognition audio must be .wav: ${output}`);
  const limit = options.maxSeconds;
  if (limit !== undefined && !(limit > 0)) throw new Error(`maxSeconds must be positive, not ${limit}`);
  return [
    '-hide_banner', '-nostdin', '-y', '-v', 'error',
    '-protocol_whitelist', 'file', '-i', input,
    ...(limit !== undefined ? ['-t', sec(limit)] : []),
    '-map', '0:a:0', '-vn', '-sn', '-dn',
    '-ac', '1', '-ar', String(recognitionSampleRate), '-c:a', 'pcm_s16le', '-f', 'wav', output,
  ];
}

/** Writes the recognition WAV. Nobody watches this step's progress, so the runner's length needs only be rough. */
export async function writeRecognitionWav(
  options: RecognitionWavOptions,
  run: Pick<RunOptions, 'signal' | 'timeoutMs' | 'ffmpegPath'> = {},
): Promise<void> {
  await runFfmpeg(recognitionWavArgs(options), { duration: options.maxSeconds ?? 60, timeoutMs: 120_000, ...run });
}
