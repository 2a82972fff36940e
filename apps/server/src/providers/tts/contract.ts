import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { speechSampleRate } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeechResult } from './types.ts';
import { scriptWords } from './words.ts';
import { createMediaPort } from '../media/index.ts';

const { probe } = createMediaPort();

/** One speech adapter as the contract drives it, each with the voice and options its vendor is asked for. */
export interface SpeechSubject {
  /** Speaks `text` with the implementation's default voice into `outputPath`. */
  speak(text: string, outputPath: string): Promise<SpeechResult>;
  close(): Promise<void>;
}

const text = 'Meet the new coffee maker. It brews a perfect cup in under two minutes — and it’s 20% off this week!';

/**
 * What every speech adapter promises, whichever is configured: the voiceover and subtitle code relies on exactly this.
 * Each adapter's own test file runs it with `setup`, which starts its fake vendor when it has one.
 */
export function describeSpeechContract(name: string, setup: (tmpDir: string) => Promise<SpeechSubject>) {
  describe(`speech contract: ${name}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-tts-contract-'));
    let subject: SpeechSubject;
    beforeAll(async () => {
      subject = await setup(join(dir, 'tmp'));
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
}
