import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { voiceLabels, voiceNames } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createSpeech } from '../src/providers/tts/index.ts';
import { voiceSampleKey, voiceSampleText } from '../src/modules/voiceover/voice-samples.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { createMediaPort } from '../src/providers/media/index.ts';

const media = createMediaPort();

describe('speech configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-tts-config-'));

  it('uses the offline voices and no cloning without keys', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.tts).toEqual({ openai: undefined, elevenlabs: undefined });
    const speech = createSpeech(config.tts, { tmpDir: dataDir, media });
    expect(speech.tts.kind).toBe('local');
    expect(speech.cloner).toBeUndefined();
  });

  it('switches to OpenAI and ElevenLabs when their keys are set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      OPENAI_API_KEY: 'sk-1',
      OPENAI_BASE_URL: 'http://127.0.0.1:1/v1',
      ELEVENLABS_API_KEY: 'xi-1',
      TTS_TIMEOUT_MS: '30000',
    });
    expect(config.tts).toEqual({
      openai: { baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'sk-1', model: 'gpt-4o-mini-tts', transcribeModel: 'whisper-1', timeoutMs: 30000 },
      elevenlabs: { baseUrl: 'https://api.elevenlabs.io', apiKey: 'xi-1', model: 'eleven_multilingual_v2', timeoutMs: 30000 },
    });
    const speech = createSpeech(config.tts, { tmpDir: dataDir, media });
    expect(speech.tts.kind).toBe('openai');
    expect(speech.cloner?.kind).toBe('elevenlabs');
  });
});

const [pglite] = (await testDatabaseTargets()).filter((t) => t.name === 'pglite');

describe('GET /api/voices', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp(pglite!);
  });
  afterAll(() => test.close());

  it('needs a signed-in user', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/voices' })).statusCode).toBe(401);
  });

  it('lists the nine voices with labels, and playable samples once they are made', async () => {
    const { client, email, password } = await signUpAndConfirm(test.app, 'voices@example.com');
    await client.post('/api/auth/sign-in/email', { email, password });
    const first = await client.get('/api/voices');
    expect(first.statusCode).toBe(200);
    expect(first.json().map((v: { name: string; label: unknown }) => [v.name, v.label])).toEqual(voiceNames.map((n) => [n, voiceLabels[n]]));

    // The first call started the samples; they appear one by one.
    let voices = first.json() as Array<{ name: string; sample_url: string | null }>;
    // Nine samples spoken and encoded on this machine: a busy two-core machine takes a minute or more.
    const deadline = Date.now() + 150_000;
    while (voices.some((v) => v.sample_url === null) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      voices = (await client.get('/api/voices')).json();
    }
    expect(voices.every((v) => v.sample_url?.startsWith('/files/library/voices/local/'))).toBe(true);
    const sample = await client.get(voices.find((v) => v.name === 'onyx')!.sample_url!);
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toBe('audio/mp4');
    expect(await test.composed.storage.stat(voiceSampleKey('local', 'onyx'))).toMatchObject({ contentType: 'audio/mp4' });
  }, 200_000);

  it('says each voice’s label in its sample', () => {
    expect(voiceSampleText('fable')).toBe("Hi, I'm Fable. I can read your script in a male, scottish, storyteller voice. Let's make something great together.");
  });
});
