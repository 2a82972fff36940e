import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, readRequest, sendJson, toneSpeech, wavFile, type Trouble } from './fake-openai-speech.ts';

/** MP3 as ElevenLabs sends it by default (mp3_44100_128). */
function mp3(wav: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-v', 'error', '-f', 'wav', '-i', 'pipe:0', '-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', 'pipe:1']);
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg exited with ${code}`))));
    child.stdin.end(wav);
  });
}

/** Every character of the text with a start and an end: a word's characters share its burst, spaces the pause. */
function alignment(text: string, words: Array<{ start: number; end: number }>) {
  const characters = [...text];
  const starts: number[] = [];
  const ends: number[] = [];
  const round = (t: number) => Math.round(t * 1000) / 1000;
  let spoken = -1;
  let previousEnd = 0;
  for (const part of text.split(/(\s+)/u).filter(Boolean)) {
    const chars = [...part];
    const span = /[\p{L}\p{N}]/u.test(part) ? words[++spoken]! : { start: previousEnd, end: previousEnd };
    const step = /^\s+$/u.test(part) ? 0 : (span.end - span.start) / chars.length;
    chars.forEach((_, i) => {
      starts.push(round(span.start + i * step));
      ends.push(round(step === 0 ? span.start : span.start + (i + 1) * step));
    });
    previousEnd = span.end;
  }
  return { characters, character_start_times_seconds: starts, character_end_times_seconds: ends };
}

/**
 * A local server speaking ElevenLabs' POST /v1/text-to-speech/{voice_id}/with-timestamps: the xi-api-key header,
 * 404 voice_not_found for a voice it does not hold, and { audio_base64 (MP3), alignment, normalized_alignment }.
 */
export async function startFakeElevenLabs(options: { apiKey: string; voiceIds: string[] }) {
  const requests: Array<{ voiceId: string; query: string; body: Record<string, unknown> }> = [];
  let trouble: Trouble | undefined;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const raw = await readRequest(request);
    if (request.headers['xi-api-key'] !== options.apiKey) {
      return sendJson(response, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    }
    const current = trouble;
    trouble = undefined;
    if (current === 'hang') return;
    if (current && current !== 'malformed') return sendJson(response, current.status, current.body);
    const url = new URL(request.url ?? '/', 'http://fake');
    const match = /^\/v1\/text-to-speech\/([^/]+)\/with-timestamps$/.exec(url.pathname);
    if (request.method !== 'POST' || !match) return sendJson(response, 404, { detail: 'Not Found' });
    const voiceId = decodeURIComponent(match[1]!);
    const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    requests.push({ voiceId, query: url.search, body });
    if (!options.voiceIds.includes(voiceId)) {
      return sendJson(response, 404, { detail: { status: 'voice_not_found', message: `A voice with voice_id ${voiceId} does not exist.` } });
    }
    if (current === 'malformed') return sendJson(response, 200, { audio_base64: '' });
    const text = String(body.text ?? '');
    const speech = toneSpeech(text, 44100);
    const audio = await mp3(wavFile(speech.pcm, speech.sampleRate));
    const aligned = alignment(text, speech.words);
    sendJson(response, 200, { audio_base64: audio.toString('base64'), alignment: aligned, normalized_alignment: aligned });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => sendJson(response, 500, { detail: { message: error.message } }));
  });
  const listening = await listen(server);
  return {
    baseUrl: listening.url,
    requests,
    failNext(next: Trouble) {
      trouble = next;
    },
    close: listening.close,
  };
}
