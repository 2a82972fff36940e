import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { TtsError } from '../tts/types.ts';
import { callVendor, readBody } from '../tts/vendor-http.ts';
import type { MediaPort } from '../media/types.ts';
import { withSpeechWav } from './speech-wav.ts';
import { TranscriberError, type RecognizedWord, type Transcriber, type Transcript } from './types.ts';

/** STT_API_KEY, STT_BASE_URL, STT_MODEL and STT_TIMEOUT_MS (config.ts). */
export interface HostedTranscriberSettings {
  /** Up to and including the version, e.g. https://api.openai.com/v1 (any OpenAI-compatible speech-to-text server). */
  baseUrl: string;
  apiKey: string;
  /** Must offer word timestamps: whisper-1 on OpenAI. */
  model: string;
  timeoutMs: number;
}

// Some compatible servers send `words: null` for a file without speech.
const verboseJson = z.object({
  words: z.array(z.object({ word: z.string(), start: z.number().finite(), end: z.number().finite() })).nullable(),
});

const vendor = 'Speech-to-text service';

/** The vendor's words in order, inside the audio that was sent, none ending before it starts, none empty. */
export function toHostedTranscript(words: { word: string; start: number; end: number }[], limit: number | undefined): Transcript {
  const kept: RecognizedWord[] = [];
  for (const w of [...words].sort((a, b) => a.start - b.start)) {
    const text = w.word.trim();
    const start = Math.max(w.start, kept.at(-1)?.end ?? 0);
    const end = Math.min(Math.max(w.end, start), limit ?? Infinity);
    if (!text || start >= end) continue;
    kept.push({ text, start, end });
  }
  return { text: kept.map((w) => w.text).join(' '), words: kept };
}

/**
 * An OpenAI-compatible transcription endpoint asked for word timestamps (verbose_json). Only the audio is sent,
 * as the 16 kHz mono WAV the local recogniser reads too: 59 s of it is under 2 MB, far below upload limits.
 */
export function createHostedTranscriber(settings: HostedTranscriberSettings, options: { tmpDir: string; media: MediaPort }): Transcriber {
  const base = settings.baseUrl.replace(/\/+$/, '');

  async function ask(wavPath: string, signal: AbortSignal | undefined): Promise<unknown> {
    const form = new FormData();
    form.append('file', new Blob([await readFile(wavPath)], { type: 'audio/wav' }), 'speech.wav');
    form.append('model', settings.model);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    const call = { timeoutMs: settings.timeoutMs, signal };
    const init = { method: 'POST', headers: { authorization: `Bearer ${settings.apiKey}` }, body: form };
    const response = await callVendor(vendor, `${base}/audio/transcriptions`, init, call);
    const text = await readBody(vendor, () => response.text(), call);
    try {
      return JSON.parse(text);
    } catch {
      throw new TranscriberError(`${vendor} answered something that is not JSON: ${text.slice(0, 200)}`, 'malformed');
    }
  }

  return {
    kind: 'hosted',
    async transcribe(mediaPath, { maxSeconds, signal } = {}) {
      try {
        return await withSpeechWav(options, { path: mediaPath, maxSeconds, signal }, async (wavPath) => {
          const parsed = verboseJson.safeParse(await ask(wavPath, signal));
          if (!parsed.success) throw new TranscriberError(`${vendor} sent no word timestamps (is ${settings.model} a model that gives them?)`, 'malformed');
          return toHostedTranscript(parsed.data.words ?? [], maxSeconds);
        });
      } catch (error) {
        if (error instanceof TtsError) throw new TranscriberError(error.message, error.reason === 'invalid' ? 'failed' : error.reason);
        throw error;
      }
    },
  };
}
