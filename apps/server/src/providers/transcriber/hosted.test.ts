import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptTexts } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStt } from '../../../test/fake-stt.ts';
import { describeTranscriberContract } from './contract.ts';
import { createHostedTranscriber, toHostedTranscript, type HostedTranscriberSettings } from './hosted.ts';
import { createMediaPort } from '../media/index.ts';

const media = createMediaPort();

const dir = mkdtempSync(join(tmpdir(), 'rs-stt-hosted-'));
const speech = join(dir, 'speech.mp4');
let fake: Awaited<ReturnType<typeof startFakeStt>>;
let settings: HostedTranscriberSettings;
beforeAll(async () => {
  fake = await startFakeStt({ apiKey: 'sk-stt' });
  settings = { baseUrl: fake.baseUrl, apiKey: 'sk-stt', model: 'whisper-1', timeoutMs: 30_000 };
  execFileSync('flite', ['-voice', 'slt', '-t', 'Good morning and welcome.', '-o', join(dir, 'speech.wav')]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=size=90x160:rate=10:duration=3', '-i', join(dir, 'speech.wav'), '-shortest', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', speech]);
});
afterAll(() => fake.close());

const tmpDir = join(dir, 'tmp');

describe('hosted speech-to-text adapter', () => {
  it('sends only the audio, as a 16 kHz WAV, asking for word timestamps', async () => {
    fake.requests.length = 0;
    await createHostedTranscriber(settings, { tmpDir, media }).transcribe(speech, { maxSeconds: 1 });
    expect(fake.requests).toEqual([
      {
        path: '/v1/audio/transcriptions',
        fields: { model: 'whisper-1', response_format: 'verbose_json', 'timestamp_granularities[]': 'word', granularities: ['word'] },
        fileType: 'audio/wav',
        // 1 s of 16-bit mono at 16 kHz and a WAV header.
        fileBytes: expect.closeTo(32_000, -3),
      },
    ]);
    expect(readdirSync(tmpDir)).toEqual([]);
  });

  it.each([
    ['a refused key', { apiKey: 'sk-wrong' }, undefined, 'unauthorized'],
    ['a rate limit', {}, { status: 429, body: { error: { message: 'Rate limit reached' } } }, 'rateLimited'],
    ['a server error', {}, { status: 503, body: { error: { message: 'overloaded' } } }, 'unavailable'],
    ['an unknown model', { model: 'no-such-model' }, undefined, 'failed'],
    ['no answer in time', { timeoutMs: 300 }, 'hang', 'timeout'],
    ['an answer without word timestamps', {}, 'malformed', 'malformed'],
  ] as const)('turns %s into the user-facing transcription failure', async (_case, change, trouble, reason) => {
    if (trouble) fake.failNext(trouble);
    const failure = createHostedTranscriber({ ...settings, ...change }, { tmpDir, media }).transcribe(speech);
    await expect(failure).rejects.toMatchObject({ name: 'Error', statusCode: 503, message: scriptTexts.transcriptionFailed, reason, detail: expect.stringContaining('Speech-to-text') });
    expect(readdirSync(tmpDir)).toEqual([]);
  });

  it('reports an unreachable server', async () => {
    const gone = createHostedTranscriber({ ...settings, baseUrl: 'http://127.0.0.1:9/v1' }, { tmpDir, media });
    await expect(gone.transcribe(speech)).rejects.toMatchObject({ reason: 'unavailable', statusCode: 503 });
  });

  it('lets the caller abort', async () => {
    fake.failNext('hang');
    const controller = new AbortController();
    const listening = createHostedTranscriber(settings, { tmpDir, media }).transcribe(speech, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled by the user')), 300);
    await expect(listening).rejects.toThrow('cancelled by the user');
  });
});

describe('reading a verbose_json answer', () => {
  it('keeps words in order, inside the audio sent, never overlapping, and drops empty ones', () => {
    const answer = [
      { word: ' world', start: 0.9, end: 1.4 },
      { word: 'Hello', start: 0.2, end: 1.0 },
      { word: ' ', start: 1.4, end: 1.5 },
      { word: 'again', start: 1.6, end: 2.4 },
      { word: 'later', start: 2.5, end: 3 },
    ];
    expect(toHostedTranscript(answer, 2)).toEqual({
      text: 'Hello world again',
      words: [
        { text: 'Hello', start: 0.2, end: 1.0 },
        { text: 'world', start: 1.0, end: 1.4 },
        { text: 'again', start: 1.6, end: 2 },
      ],
    });
    expect(toHostedTranscript([], undefined)).toEqual({ text: '', words: [] });
  });
});

// The server listens with pocketsphinx, as slow as the local adapter: it gets the contract's longest case's time.
describeTranscriberContract('hosted (OpenAI-compatible, against a local server speaking its protocol)', async (tmpDir) => {
  const server = await startFakeStt({ apiKey: 'sk-stt' });
  const transcriber = createHostedTranscriber({ baseUrl: server.baseUrl, apiKey: 'sk-stt', model: 'whisper-1', timeoutMs: 170_000 }, { tmpDir, media });
  return { transcriber, close: server.close };
});
