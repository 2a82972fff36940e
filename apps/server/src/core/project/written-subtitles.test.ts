import { maxWrittenSubtitleChars, subtitleTexts, workflowMessages } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import type { ProjectDocument } from './project-document.ts';
import { cuesToSrt, layWords } from './subtitles-cues.ts';
import { writtenSubtitles } from './document-subtitles.ts';

const video = 'users/u/uploads/quiet.mp4';
const quietVideo: ProjectDocument = {
  background: { kind: 'clips', fit: 'trim', clips: [{ key: video, duration: 10 }] },
  ownSound: { key: video, duration: 10, hasAudio: true, words: [] },
};
const settings = { position: 'bottom', fontSize: 'medium', wordsPerChunk: 3 } as const;

describe('laying typed words over where a video makes a sound', () => {
  it('shares the words between the spans by length, in order, each inside its span', () => {
    const words = layWords(['one', 'two', 'three', 'four'], [
      { start: 1, end: 3 },
      { start: 6, end: 8 },
    ]);
    expect(words.map((w) => w.text)).toEqual(['one', 'two', 'three', 'four']);
    expect(words.filter((w) => w.end <= 3).map((w) => w.text)).toEqual(['one', 'two']);
    expect(words.filter((w) => w.start >= 6).map((w) => w.text)).toEqual(['three', 'four']);
    expect(words[0]!.start).toBe(1);
    expect(words.at(-1)!.end).toBe(8);
  });

  it('gives a short span no words rather than squeezing them', () => {
    const words = layWords(['alpha', 'beta', 'gamma'], [
      { start: 0, end: 9 },
      { start: 9.5, end: 9.6 },
    ]);
    expect(words.every((w) => w.end <= 9)).toBe(true);
  });
});

describe('hand-written subtitles', () => {
  it('become captions of the chosen words per screen, a new one at each sentence end, within the video', () => {
    const text = 'Fresh bread every morning. Come in and say hello to the baker today!';
    const subtitles = writtenSubtitles(quietVideo, settings, text, [{ start: 0.5, end: 9.5 }]);
    const captions = subtitles.cues.map((cue) => cue.words.map((w) => w.text).join(' '));
    expect(captions).toEqual(['Fresh bread every', 'morning.', 'Come in and', 'say hello to', 'the baker today!']);
    expect(subtitles).toMatchObject({ voiceoverKey: video, wordsPerChunk: 3, position: 'bottom', enabled: true });
    expect(subtitles.cues[0]!.start).toBe(0.5);
    expect(subtitles.cues.at(-1)!.end).toBe(9.5);
    for (const [i, cue] of subtitles.cues.entries()) if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(subtitles.cues[i - 1]!.end);
    expect(cuesToSrt(subtitles.cues)).toMatch(/^1\n00:00:00,500 --> /);
  });

  it('keeps a word the user emphasised in SRT markup', () => {
    const subtitles = writtenSubtitles(quietVideo, settings, 'Hot <font color="#ffe500">coffee</font> here', [{ start: 0, end: 3 }]);
    expect(subtitles.cues[0]!.words[1]).toMatchObject({ text: 'coffee', colour: '#FFE500' });
  });

  it('refuses an empty or too long text, a video never listened to, and a new words-per-screen once captions exist', () => {
    const spans = [{ start: 0, end: 10 }];
    expect(() => writtenSubtitles(quietVideo, settings, ' \n\t ', spans)).toThrow(subtitleTexts.writtenEmpty);
    expect(() => writtenSubtitles(quietVideo, settings, 'a'.repeat(maxWrittenSubtitleChars + 1), spans)).toThrow(subtitleTexts.writtenTooLong);
    expect(() => writtenSubtitles({ background: quietVideo.background }, settings, 'hello', spans)).toThrow(workflowMessages.noAudio);
    const written = writtenSubtitles(quietVideo, settings, 'one two three four', spans);
    expect(() => writtenSubtitles({ ...quietVideo, subtitles: written }, { ...settings, wordsPerChunk: 5 }, 'hello', spans)).toThrow(subtitleTexts.wordsPerChunkLocked(3));
    expect(subtitleTexts.writtenTooLong).toBe('Subtitle text can be at most 2,000 characters.');
  });
});
