import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentWords, makeRealVoiceVideo, reference } from '../../../test/real-voice.ts';
import { createLocalTranscriber } from './local.ts';
import type { Transcript } from './types.ts';
import { createMediaPort } from '../media/index.ts';

const media = createMediaPort();

let dir: string;
let video: ReturnType<typeof makeRealVoiceVideo>;
let transcript: Transcript;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rs-real-voice-'));
  video = makeRealVoiceVideo(dir);
  transcript = await createLocalTranscriber({ tmpDir: join(dir, 'tmp'), media }).transcribe(video.path);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('offline recognition of a real recorded voice (LibriVox)', () => {
  it('hears most of the content words of each sentence, when they are said', () => {
    let said = 0;
    let heard = 0;
    for (const span of video.spans) {
      const inClip = transcript.words.filter((w) => w.start >= span.start - 0.3 && w.end <= span.end + 0.3).map((w) => w.text.toLowerCase());
      const expected = contentWords(reference(span.clip));
      const found = expected.filter((word) => inClip.includes(word));
      said += expected.length;
      heard += found.length;
      // Every sentence is heard, not only the clearest one.
      expect(found.length / expected.length, `${span.clip}: heard ${inClip.join(' ')}`).toBeGreaterThanOrEqual(0.3);
    }
    // pocketsphinx hears 13 of these 21 (62 %); one that hears nothing, or only noise, is far below.
    expect(heard / said).toBeGreaterThanOrEqual(0.5);
  });

  it('times the words inside the video, in order, none in the pauses between sentences', () => {
    expect(transcript.words.length).toBeGreaterThan(20);
    for (const [i, word] of transcript.words.entries()) {
      expect(word.end).toBeGreaterThan(word.start);
      expect(word.end).toBeLessThanOrEqual(video.duration);
      if (i > 0) expect(word.start).toBeGreaterThanOrEqual(transcript.words[i - 1]!.end);
      expect(video.spans.some((s) => word.start >= s.start - 0.3 && word.end <= s.end + 0.3), `${word.text} at ${word.start}`).toBe(true);
    }
  });
});
