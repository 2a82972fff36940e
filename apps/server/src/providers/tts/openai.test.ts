import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiSpeech, toneSpeech } from '../../../test/fake-openai-speech.ts';
import { describeSpeechContract } from './contract.ts';
import { createOpenAiTts, type OpenAiSpeechSettings } from './openai.ts';
import { createMediaPort } from '../media/index.ts';

const media = createMediaPort();

const dir = mkdtempSync(join(tmpdir(), 'rs-tts-openai-'));
let fake: Awaited<ReturnType<typeof startFakeOpenAiSpeech>>;
let settings: OpenAiSpeechSettings;
beforeAll(async () => {
  fake = await startFakeOpenAiSpeech({ apiKey: 'sk-test', mishear: { '20': ['twenty', 'percent'] } });
  settings = { baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'gpt-4o-mini-tts', transcribeModel: 'whisper-1', timeoutMs: 5000 };
});
afterAll(() => fake.close());

const out = (name: string) => join(dir, name);

describe('OpenAI speech adapter', () => {
  it('asks for the named voice with instructions as WAV, then for word timestamps of that audio', async () => {
    fake.requests.length = 0;
    const tts = createOpenAiTts(settings, { tmpDir: join(dir, 'tmp'), media });
    await tts.synthesize({ text: 'Hello there, friend.', voice: 'sage', instructions: ' Calm and slow. ', outputPath: out('a.wav') });
    expect(fake.requests).toEqual([
      {
        path: '/v1/audio/speech',
        body: { model: 'gpt-4o-mini-tts', voice: 'sage', input: 'Hello there, friend.', instructions: 'Calm and slow.', response_format: 'wav' },
      },
      {
        path: '/v1/audio/transcriptions',
        body: { model: 'whisper-1', response_format: 'verbose_json', 'timestamp_granularities[]': 'word', granularities: ['word'] },
      },
    ]);
  });

  it('sends no instructions when there are none, or to a model that takes none', async () => {
    fake.requests.length = 0;
    await createOpenAiTts(settings, { tmpDir: join(dir, 'tmp'), media }).synthesize({ text: 'Hi.', voice: 'ash', outputPath: out('b.wav') });
    const older = createOpenAiTts({ ...settings, model: 'tts-1-hd' }, { tmpDir: join(dir, 'tmp'), media });
    await older.synthesize({ text: 'Hi.', voice: 'ash', instructions: 'Excited!', outputPath: out('b.wav') });
    const speech = fake.requests.filter((r) => r.path === '/v1/audio/speech');
    expect(speech.map((r) => r.body.instructions)).toEqual([undefined, undefined]);
    expect(speech[1]!.body.model).toBe('tts-1-hd');
  });

  it('times the script’s words from the transcript, a misheard "20%" included', async () => {
    const text = 'Save 20% today, friends.';
    const result = await createOpenAiTts(settings, { tmpDir: join(dir, 'tmp'), media }).synthesize({ text, voice: 'echo', outputPath: out('c.wav') });
    const truth = toneSpeech(text, 24000).words;
    expect(result.words.map((w) => w.text)).toEqual(['Save', '20%', 'today,', 'friends.']);
    result.words.forEach((w, i) => {
      expect(w.start).toBeCloseTo(truth[i]!.start, 2);
      expect(w.end).toBeCloseTo(truth[i]!.end, 2);
    });
  });

  it('speaks a text over the input limit in sentence parts and joins their times', async () => {
    fake.requests.length = 0;
    const text = 'One two three. Four five six. Seven eight nine.';
    const result = await createOpenAiTts(settings, { tmpDir: join(dir, 'tmp'), media, inputLimit: 30 }).synthesize({ text, voice: 'onyx', outputPath: out('d.wav') });
    const inputs = fake.requests.filter((r) => r.path === '/v1/audio/speech').map((r) => r.body.input);
    expect(inputs).toEqual(['One two three. Four five six.', 'Seven eight nine.']);
    const first = toneSpeech('One two three. Four five six.', 24000);
    expect(result.words[6]!.start).toBeCloseTo(first.duration + toneSpeech('Seven', 24000).words[0]!.start, 2);
    expect(result.duration).toBeCloseTo(first.duration + toneSpeech('Seven eight nine.', 24000).duration, 1);
  });

  it.each([
    ['a refused key', { apiKey: 'sk-wrong' }, undefined, 'unauthorized', false],
    ['a rate limit', {}, { status: 429, body: { error: { message: 'Rate limit reached' } } }, 'rateLimited', true],
    ['a server error', {}, { status: 503, body: { error: { message: 'overloaded' } } }, 'unavailable', true],
    ['a rejected request', {}, { status: 400, body: { error: { message: 'bad input' } } }, 'failed', false],
    ['no answer in time', { timeoutMs: 300 }, 'hang', 'timeout', true],
    ['audio that is not audio', {}, 'malformed', 'malformed', false],
  ] as const)('turns %s into a TtsError', async (_case, change, trouble, reason, retryable) => {
    if (trouble) fake.failNext(trouble);
    const tts = createOpenAiTts({ ...settings, ...change }, { tmpDir: join(dir, 'tmp'), media });
    const failure = tts.synthesize({ text: 'Hello there.', voice: 'alloy', outputPath: out('e.wav') });
    await expect(failure).rejects.toMatchObject({ name: 'TtsError', reason, retryable, message: expect.stringContaining('OpenAI speech') });
  });

  it('says so when the transcription has no word timestamps', async () => {
    fake.failNext('malformed', 'transcriptions');
    const tts = createOpenAiTts(settings, { tmpDir: join(dir, 'tmp'), media });
    const speaking = tts.synthesize({ text: 'Hello there.', voice: 'alloy', outputPath: out('f.wav') });
    await expect(speaking).rejects.toMatchObject({ reason: 'malformed', message: expect.stringContaining('word timestamps') });
  });

  it('reports an unreachable server and refuses an unknown voice', async () => {
    const gone = createOpenAiTts({ ...settings, baseUrl: 'http://127.0.0.1:9/v1' }, { tmpDir: join(dir, 'tmp'), media });
    await expect(gone.synthesize({ text: 'Hi.', voice: 'alloy', outputPath: out('g.wav') })).rejects.toMatchObject({ reason: 'unavailable' });
    const tts = createOpenAiTts(settings, { tmpDir: join(dir, 'tmp'), media });
    // @ts-expect-error a voice name from outside the list
    await expect(tts.synthesize({ text: 'Hi.', voice: 'ballad', outputPath: out('h.wav') })).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('lets the caller abort', async () => {
    fake.failNext('hang');
    const controller = new AbortController();
    const tts = createOpenAiTts(settings, { tmpDir: join(dir, 'tmp'), media });
    const speaking = tts.synthesize({ text: 'Hello.', voice: 'alloy', outputPath: out('i.wav'), signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled by the user')), 100);
    await expect(speaking).rejects.toThrow('cancelled by the user');
  });
});

describeSpeechContract('openai (fake server)', async (tmpDir) => {
  const fake = await startFakeOpenAiSpeech({ apiKey: 'sk-test' });
  const settings = { baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'gpt-4o-mini-tts', transcribeModel: 'whisper-1', timeoutMs: 10_000 };
  const tts = createOpenAiTts(settings, { tmpDir, media });
  return { speak: (text, outputPath) => tts.synthesize({ text, voice: 'nova', instructions: 'Warm and upbeat.', outputPath }), close: fake.close };
});
