import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalTranscriber } from '../src/providers/transcriber/local.ts';
import { listen, readRequest, sendJson, type Trouble } from './fake-openai-speech.ts';
import { createMediaPort } from '../src/providers/media/index.ts';

const media = createMediaPort();

/**
 * A local server speaking the OpenAI transcription protocol: POST /v1/audio/transcriptions, multipart (file, model,
 * response_format=verbose_json, timestamp_granularities[]=word), answering {text, words: [{word, start, end}]}.
 * It really listens: the uploaded audio is recognised offline by pocketsphinx, so what it "hears" is what was said.
 */
export async function startFakeStt(options: { apiKey: string; models?: string[] }) {
  const models = options.models ?? ['whisper-1'];
  const scratch = await mkdtemp(join(tmpdir(), 'rs-fake-stt-'));
  const recogniser = createLocalTranscriber({ tmpDir: scratch, media });
  const requests: Array<{ path: string; fields: Record<string, unknown>; fileType: string; fileBytes: number }> = [];
  let trouble: Trouble | undefined;

  async function transcribe(file: Blob) {
    const path = join(await mkdtemp(join(scratch, 'upload-')), 'audio.wav');
    await writeFile(path, Buffer.from(await file.arrayBuffer()));
    try {
      const heard = await recogniser.transcribe(path);
      return { task: 'transcribe', language: 'english', text: heard.text, words: heard.words.map((w) => ({ word: w.text, start: w.start, end: w.end })) };
    } finally {
      await rm(join(path, '..'), { recursive: true, force: true });
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const raw = await readRequest(request);
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendJson(response, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
    }
    const current = trouble;
    trouble = undefined;
    if (current === 'hang') return;
    if (current && current !== 'malformed') return sendJson(response, current.status, current.body);
    if (request.method !== 'POST' || request.url !== '/v1/audio/transcriptions') return sendJson(response, 404, { error: { message: 'Not found' } });

    const form = await new Request('http://fake/', { method: 'POST', headers: request.headers as Record<string, string>, body: raw }).formData();
    const file = form.get('file');
    const fields = Object.fromEntries([...form.entries()].filter(([key]) => key !== 'file'));
    requests.push({ path: request.url, fields: { ...fields, granularities: form.getAll('timestamp_granularities[]') }, fileType: file instanceof Blob ? file.type : '', fileBytes: file instanceof Blob ? file.size : 0 });
    if (!(file instanceof Blob)) return sendJson(response, 400, { error: { message: 'file is required' } });
    if (!models.includes(String(fields.model))) return sendJson(response, 404, { error: { message: `The model ${String(fields.model)} does not exist` } });
    // Without word granularity (or in plain json) OpenAI answers without word times, which is what 'malformed' mimics.
    if (current === 'malformed' || fields.response_format !== 'verbose_json' || !form.getAll('timestamp_granularities[]').includes('word')) {
      return sendJson(response, 200, { text: 'hello' });
    }
    return sendJson(response, 200, await transcribe(file));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => sendJson(response, 500, { error: { message: error.message } }));
  });
  const listening = await listen(server);
  return {
    baseUrl: `${listening.url}/v1`,
    requests,
    /** The next request (after the key check) gets this instead of a proper answer. */
    failNext(next: Trouble) {
      trouble = next;
    },
    async close() {
      await listening.close();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
