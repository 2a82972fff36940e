import { readFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isVoiceName, voiceLabels, voiceNames } from '@reelsmith/contracts';
import { z } from 'zod';
import type { MediaPort } from '../media/types.ts';
import { joinPieceWords, masterSpeech, probePiece, type RawPiece } from './master.ts';
import { TtsError, type SpeechRequest, type TtsProvider, type WordTiming } from './types.ts';
import { callVendor, readBody } from './vendor-http.ts';
import { chunkText, scriptWords, timeScriptWords } from './words.ts';

/** OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_TTS_MODEL, OPENAI_TRANSCRIBE_MODEL and TTS_TIMEOUT_MS (config.ts). */
export interface OpenAiSpeechSettings {
  /** Up to and including the version, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey: string;
  /** gpt-4o-mini-tts follows `instructions`; tts-1 and tts-1-hd do not take them, so they are not sent. */
  model: string;
  /** Must offer word timestamps: whisper-1 on OpenAI. */
  transcribeModel: string;
  timeoutMs: number;
}

/** OpenAI's speech input limit in characters; a longer script is spoken in sentence-aligned parts. */
export const openAiInputLimit = 4096;

const transcriptBody = z.object({
  words: z.array(z.object({ word: z.string(), start: z.number().finite(), end: z.number().finite() })),
});

const vendor = 'OpenAI speech';

/**
 * OpenAI's speech endpoint with its own voice names. It returns audio only, so word times are measured on that
 * audio: the transcription endpoint with word timestamps (whisper-1) hears it back, and the heard words are
 * aligned to the script's (timeScriptWords: "20%" heard as "twenty percent" still lands on "20%"; a word not heard
 * at all gets a share of the gap around it).
 */
export function createOpenAiTts(settings: OpenAiSpeechSettings, options: { tmpDir: string; media: MediaPort; inputLimit?: number }): TtsProvider {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const auth = { authorization: `Bearer ${settings.apiKey}` };
  const takesInstructions = !/^tts-1(-hd)?$/.test(settings.model);

  async function speak(input: string, request: SpeechRequest, path: string): Promise<RawPiece> {
    const body = {
      model: settings.model,
      voice: request.voice,
      input,
      ...(request.instructions?.trim() && takesInstructions ? { instructions: request.instructions.trim() } : {}),
      response_format: 'wav',
    };
    const call = { timeoutMs: settings.timeoutMs, signal: request.signal };
    const response = await callVendor(
      vendor,
      `${base}/audio/speech`,
      { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) },
      call,
    );
    const audio = Buffer.from(await readBody(vendor, () => response.arrayBuffer(), call));
    if (audio.length < 44 || audio.subarray(0, 4).toString('latin1') !== 'RIFF') {
      throw new TtsError('malformed', `${vendor} answered ${audio.length} bytes that are not a WAV file`);
    }
    await writeFile(path, audio);
    return probePiece(options.media, path, request.signal);
  }

  async function hear(piece: RawPiece, signal?: AbortSignal): Promise<WordTiming[]> {
    const form = new FormData();
    form.append('file', new Blob([await readFile(piece.path)], { type: 'audio/wav' }), 'speech.wav');
    form.append('model', settings.transcribeModel);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    const call = { timeoutMs: settings.timeoutMs, signal };
    const response = await callVendor(`${vendor} transcription`, `${base}/audio/transcriptions`, { method: 'POST', headers: auth, body: form }, call);
    const text = await readBody(vendor, () => response.text(), call);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new TtsError('malformed', `${vendor} transcription is not JSON: ${text.slice(0, 200)}`);
    }
    const parsed = transcriptBody.safeParse(json);
    if (!parsed.success) throw new TtsError('malformed', `${vendor} transcription has no word timestamps (is ${settings.transcribeModel} a model that gives them?)`);
    return parsed.data.words.map((w) => ({ text: w.word, start: w.start, end: w.end }));
  }

  return {
    kind: 'openai',
    voices: () => voiceNames.map((name) => ({ name, label: voiceLabels[name] })),
    async synthesize(request) {
      if (!isVoiceName(request.voice)) throw new TtsError('invalid', `unknown voice ${String(request.voice)}`);
      const chunks = chunkText(request.text, options.inputLimit ?? openAiInputLimit);
      if (chunks.length === 0) throw new TtsError('invalid', 'the text has no words to speak');
      await mkdir(options.tmpDir, { recursive: true });
      const scratchDir = await mkdtemp(join(options.tmpDir, 'tts-openai-'));
      try {
        const pieces: RawPiece[] = [];
        const timings: WordTiming[][] = [];
        for (const [i, chunk] of chunks.entries()) {
          const piece = await speak(chunk, request, join(scratchDir, `part${i}.wav`));
          pieces.push(piece);
          timings.push(timeScriptWords(scriptWords(chunk), await hear(piece, request.signal), piece.duration));
        }
        return await masterSpeech(options.media, { pieces, words: joinPieceWords(pieces, timings), outputPath: request.outputPath, signal: request.signal });
      } finally {
        await rm(scratchDir, { recursive: true, force: true });
      }
    },
  };
}
