import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Plausible speech for fake vendors: each word of the text is a tone burst as long as a spoken word, between
 * pauses, so a file's length, its words' times and what silence detection finds all agree.
 */
export function toneSpeech(text: string, sampleRate: number) {
  const tokens = text.split(/\s+/).filter((t) => /[\p{L}\p{N}]/u.test(t));
  const lead = 0.2;
  const gap = 0.12;
  const words: Array<{ text: string; start: number; end: number }> = [];
  let at = lead;
  for (const token of tokens) {
    const length = Math.min(0.8, Math.max(0.2, 0.07 * token.length));
    words.push({ text: token, start: at, end: at + length });
    at += length + gap;
  }
  const duration = at - gap + lead;
  const pcm = new Int16Array(Math.round(duration * sampleRate));
  words.forEach((word, k) => {
    const frequency = 180 + 40 * (k % 4);
    for (let i = Math.round(word.start * sampleRate); i < Math.round(word.end * sampleRate) && i < pcm.length; i++) {
      pcm[i] = Math.round(9000 * Math.sin((2 * Math.PI * frequency * i) / sampleRate));
    }
  });
  return { pcm, sampleRate, duration, words };
}

/** A 16-bit mono WAV; `streamed` writes the unknown-length sizes a streaming server sends (0xFFFFFFFF). */
export function wavFile(pcm: Int16Array, sampleRate: number, streamed = false): Buffer {
  const header = Buffer.alloc(44);
  const data = pcm.length * 2;
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(streamed ? 0xffffffff : 36 + data, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(streamed ? 0xffffffff : data, 40);
  return Buffer.concat([header, Buffer.from(pcm.buffer, pcm.byteOffset, data)]);
}

/** What a fake vendor does with the next request instead of answering it properly. */
export type Trouble = { status: number; body: unknown } | 'hang' | 'malformed';

export async function readRequest(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function listen(server: ReturnType<typeof createServer>): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const openAiVoices = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer', 'verse'];

/**
 * A local server speaking OpenAI's audio API: POST /v1/audio/speech (JSON in, a streamed WAV out at 24 kHz) and
 * POST /v1/audio/transcriptions (multipart, verbose_json with word timestamps). Transcription "hears" audio this
 * server made, returning its words without punctuation as Whisper does, or as `mishear` says for a word.
 */
export async function startFakeOpenAiSpeech(options: { apiKey: string; mishear?: Record<string, string[]> }) {
  const spoken = new Map<string, Array<{ text: string; start: number; end: number }>>();
  const requests: Array<{ path: string; body: Record<string, unknown> }> = [];
  let trouble: { next: Trouble; endpoint: string | undefined } | undefined;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const raw = await readRequest(request);
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendJson(response, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
    }
    let current: Trouble | undefined;
    if (trouble && (!trouble.endpoint || request.url?.endsWith(trouble.endpoint))) {
      current = trouble.next;
      trouble = undefined;
    }
    if (current === 'hang') return;
    if (current && current !== 'malformed') return sendJson(response, current.status, current.body);

    if (request.method === 'POST' && request.url === '/v1/audio/speech') {
      const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      requests.push({ path: request.url, body });
      if (typeof body.input !== 'string' || body.input.length === 0 || body.input.length > 4096) {
        return sendJson(response, 400, { error: { message: 'input must be 1 to 4096 characters', type: 'invalid_request_error' } });
      }
      if (!openAiVoices.includes(String(body.voice))) return sendJson(response, 400, { error: { message: `Invalid voice ${body.voice}` } });
      if (current === 'malformed') return response.writeHead(200, { 'content-type': 'audio/wav' }).end('not audio');
      const speech = toneSpeech(body.input, 24000);
      const wav = wavFile(speech.pcm, speech.sampleRate, true);
      spoken.set(createHash('sha256').update(wav).digest('hex'), speech.words);
      return response.writeHead(200, { 'content-type': 'audio/wav' }).end(wav);
    }

    if (request.method === 'POST' && request.url === '/v1/audio/transcriptions') {
      const form = await new Request('http://fake/', { method: 'POST', headers: request.headers as Record<string, string>, body: raw }).formData();
      const file = form.get('file');
      const fields = Object.fromEntries([...form.entries()].filter(([key]) => key !== 'file'));
      requests.push({ path: request.url, body: { ...fields, granularities: form.getAll('timestamp_granularities[]') } });
      if (!(file instanceof Blob)) return sendJson(response, 400, { error: { message: 'file is required' } });
      if (current === 'malformed') return sendJson(response, 200, { text: 'hello' });
      const heard = spoken.get(createHash('sha256').update(Buffer.from(await file.arrayBuffer())).digest('hex')) ?? [];
      const words = heard.flatMap((w) => {
        const bare = w.text.replace(/[^\p{L}\p{N}'%]/gu, '');
        const replacement = options.mishear?.[bare.toLowerCase()];
        if (!replacement) return [{ word: bare, start: w.start, end: w.end }];
        const step = (w.end - w.start) / replacement.length;
        return replacement.map((word, i) => ({ word, start: w.start + i * step, end: w.start + (i + 1) * step }));
      });
      return sendJson(response, 200, { task: 'transcribe', language: 'english', text: words.map((w) => w.word).join(' '), words, segments: [] });
    }
    sendJson(response, 404, { error: { message: 'Not found' } });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => sendJson(response, 500, { error: { message: error.message } }));
  });
  const listening = await listen(server);
  return {
    baseUrl: `${listening.url}/v1`,
    requests,
    /** The next request (after the key check; to `endpoint` only, when named) gets this instead of a proper answer. */
    failNext(next: Trouble, endpoint?: 'speech' | 'transcriptions') {
      trouble = { next, endpoint };
    },
    close: listening.close,
  };
}
