import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe, speechSampleRate } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeElevenLabs } from '../../../test/fake-elevenlabs.ts';
import { startFakeOpenAiSpeech } from '../../../test/fake-openai-speech.ts';
import { createElevenLabsCloner } from './elevenlabs.ts';
import { createLocalTts } from './local.ts';
import { createOpenAiTts } from './openai.ts';
import type { SpeechResult } from './types.ts';
import { scriptWords } from './words.ts';
import { createMediaPort } from '../media/index.ts';

const media = createMediaPort();

interface Subject {
  /** Speaks `text` with the implementation's default voice into `outputPath`. */
  speak(text: string, outputPath: string): Promise<SpeechResult>;
  close(): Promise<void>;
}

const subjects: Array<[string, (tmpDir: string) => Promise<Subject>]> = [
  ['local', async (tmpDir) => {
    const tts = createLocalTts({ tmpDir, media });
    return { speak: (text, outputPath) => tts.synthesize({ text, voice: 'coral', outputPath }), close: async () => undefined };
  }],
  ['openai (fake server)', async (tmpDir) => {
    const fake = await startFakeOpenAiSpeech({ apiKey: 'sk-test' });
    const settings = { baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'gpt-4o-mini-tts', transcribeModel: 'whisper-1', timeoutMs: 10_000 };
    const tts = createOpenAiTts(settings, { tmpDir, media });
    return { speak: (text, outputPath) => tts.synthesize({ text, voice: 'nova', instructions: 'Warm and upbeat.', outputPath }), close: fake.close };
  }],
  ['elevenlabs (fake server)', async (tmpDir) => {
    const fake = await startFakeElevenLabs({ apiKey: 'xi-test', voiceIds: ['clonedVoice01'] });
    const cloner = createElevenLabsCloner({ baseUrl: fake.baseUrl, apiKey: 'xi-test', model: 'eleven_multilingual_v2', timeoutMs: 10_000 }, { tmpDir, media });
    return {
      speak: (text, outputPath) => cloner.synthesizeCloned({ text, voiceId: 'clonedVoice01', emotion: 'happy', outputPath }),
      close: fake.close,
    };
  }],
];

const text = 'Meet the new coffee maker. It brews a perfect cup in under two minutes — and it’s 20% off this week!';

describe.each(subjects)('speech contract: %s', (_name, make) => {
  const dir = mkdtempSync(join(tmpdir(), 'rs-tts-contract-'));
  let subject: Subject;
  beforeAll(async () => {
    subject = await make(join(dir, 'tmp'));
  });
  afterAll(() => subject.close());

  it('writes 48 kHz mono audio whose probed length is the reported duration', async () => {
    const result = await subject.speak(text, join(dir, 'voice.wav'));
    expect(result.path).toBe(join(dir, 'voice.wav'));
    expect(existsSync(result.path)).toBe(true);
    const info = await probe(result.path);
    expect(info).toMatchObject({ hasAudio: true, sampleRate: speechSampleRate, channels: 1 });
    expect(result.duration).toBeCloseTo(info.duration, 2);
    expect(result.duration).toBeGreaterThan(2);
  });

  it('times every word of the text, in order, monotonic and within the audio', async () => {
    const result = await subject.speak(text, join(dir, 'words.wav'));
    expect(result.words.map((w) => w.text)).toEqual(scriptWords(text));
    let previousStart = 0;
    for (const word of result.words) {
      expect(word.start).toBeGreaterThanOrEqual(previousStart);
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      expect(word.end).toBeLessThanOrEqual(result.duration);
      previousStart = word.start;
    }
    // Speech fills the file: the words are not all squeezed into its start or its end.
    expect(result.words[0]!.start).toBeLessThan(1);
    expect(result.words.at(-1)!.end).toBeGreaterThan(result.duration - 1.5);
  });

  it('writes AAC in .m4a for browsers', async () => {
    const result = await subject.speak('Tap the link below.', join(dir, 'sample.m4a'));
    const info = await probe(result.path);
    expect(info).toMatchObject({ audioCodec: 'aac', sampleRate: speechSampleRate, channels: 1 });
    expect(result.words.map((w) => w.text)).toEqual(['Tap', 'the', 'link', 'below.']);
  });

  it('refuses a text without words', async () => {
    await expect(subject.speak(' — … ', join(dir, 'empty.wav'))).rejects.toMatchObject({ name: 'TtsError', reason: 'invalid' });
  });
});
