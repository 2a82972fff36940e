import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clonedVoiceEmotions } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeElevenLabs } from '../../../test/fake-elevenlabs.ts';
import { toneSpeech } from '../../../test/fake-openai-speech.ts';
import { describeSpeechContract } from './contract.ts';
import { createElevenLabsCloner, emotionSettings, type ElevenLabsSettings } from './elevenlabs.ts';
import { createMediaPort } from '../media/index.ts';

const media = createMediaPort();

const dir = mkdtempSync(join(tmpdir(), 'rs-tts-eleven-'));
let fake: Awaited<ReturnType<typeof startFakeElevenLabs>>;
let settings: ElevenLabsSettings;
beforeAll(async () => {
  fake = await startFakeElevenLabs({ apiKey: 'xi-test', voiceIds: ['Voice_01'] });
  settings = { baseUrl: fake.baseUrl, apiKey: 'xi-test', model: 'eleven_multilingual_v2', timeoutMs: 5000 };
});
afterAll(() => fake.close());

const cloner = (change: Partial<ElevenLabsSettings> = {}) => createElevenLabsCloner({ ...settings, ...change }, { tmpDir: join(dir, 'tmp'), media });
const out = (name: string) => join(dir, name);

describe('ElevenLabs cloned voice adapter', () => {
  it('posts the text, model and the tone’s voice settings to the voice’s with-timestamps endpoint as MP3', async () => {
    fake.requests.length = 0;
    await cloner().synthesizeCloned({ text: 'Hello there.', voiceId: 'Voice_01', emotion: 'excited', outputPath: out('a.wav') });
    expect(fake.requests).toEqual([
      {
        voiceId: 'Voice_01',
        query: '?output_format=mp3_44100_128',
        body: { text: 'Hello there.', model_id: 'eleven_multilingual_v2', voice_settings: emotionSettings.excited },
      },
    ]);
  });

  it('maps every tone to distinct settings, and auto to the voice’s own', () => {
    expect(emotionSettings.auto).toBeUndefined();
    const tones = clonedVoiceEmotions.filter((e) => e !== 'auto').map((e) => JSON.stringify(emotionSettings[e]));
    expect(new Set(tones).size).toBe(tones.length);
    // The more agitated the tone, the less stable the delivery.
    expect(emotionSettings.excited!.stability).toBeLessThan(emotionSettings.happy!.stability);
    expect(emotionSettings.happy!.stability).toBeLessThan(emotionSettings.neutral!.stability);
  });

  it('sends no voice settings for auto', async () => {
    fake.requests.length = 0;
    await cloner().synthesizeCloned({ text: 'Hi.', voiceId: 'Voice_01', emotion: 'auto', outputPath: out('b.wav') });
    expect(fake.requests[0]!.body).not.toHaveProperty('voice_settings');
  });

  it('turns character times into the script’s word times', async () => {
    const text = 'Grab yours — 20% off, today only!';
    const result = await cloner().synthesizeCloned({ text, voiceId: 'Voice_01', emotion: 'neutral', outputPath: out('c.wav') });
    const truth = toneSpeech(text, 44100).words;
    expect(result.words.map((w) => w.text)).toEqual(['Grab', 'yours', '20%', 'off,', 'today', 'only!']);
    result.words.forEach((w, i) => {
      // MP3 decoding may shift the audio by a frame at most; the times are the vendor's.
      expect(Math.abs(w.start - truth[i]!.start)).toBeLessThan(0.03);
      expect(Math.abs(w.end - truth[i]!.end)).toBeLessThan(0.03);
    });
  });

  it.each([
    ['a refused key', { apiKey: 'xi-wrong' }, undefined, 'unauthorized', false],
    ['a rate limit', {}, { status: 429, body: { detail: { status: 'too_many_concurrent_requests', message: 'Too many requests' } } }, 'rateLimited', true],
    ['a server error', {}, { status: 500, body: { detail: { message: 'internal' } } }, 'unavailable', true],
    ['no answer in time', { timeoutMs: 300 }, 'hang', 'timeout', true],
    ['an answer without audio', {}, 'malformed', 'malformed', false],
  ] as const)('turns %s into a TtsError', async (_case, change, trouble, reason, retryable) => {
    if (trouble) fake.failNext(trouble);
    const failure = cloner(change).synthesizeCloned({ text: 'Hello.', voiceId: 'Voice_01', emotion: 'sad', outputPath: out('d.wav') });
    await expect(failure).rejects.toMatchObject({ name: 'TtsError', reason, retryable, message: expect.stringContaining('ElevenLabs') });
  });

  it('passes on the vendor’s word for a voice it does not have', async () => {
    const failure = cloner().synthesizeCloned({ text: 'Hello.', voiceId: 'gone', emotion: 'auto', outputPath: out('e.wav') });
    await expect(failure).rejects.toMatchObject({ reason: 'failed', message: expect.stringContaining('does not exist') });
  });

  it('refuses a voice id that could change the URL', async () => {
    const failure = cloner().synthesizeCloned({ text: 'Hello.', voiceId: '../../v1/user', emotion: 'auto', outputPath: out('f.wav') });
    await expect(failure).rejects.toMatchObject({ reason: 'invalid' });
  });
});

describeSpeechContract('elevenlabs (fake server)', async (tmpDir) => {
  const fake = await startFakeElevenLabs({ apiKey: 'xi-test', voiceIds: ['clonedVoice01'] });
  const cloner = createElevenLabsCloner({ baseUrl: fake.baseUrl, apiKey: 'xi-test', model: 'eleven_multilingual_v2', timeoutMs: 10_000 }, { tmpDir, media });
  return {
    speak: (text, outputPath) => cloner.synthesizeCloned({ text, voiceId: 'clonedVoice01', emotion: 'happy', outputPath }),
    close: fake.close,
  };
});
