import { compositionSchema } from '@reelsmith/media';
import { describe, expect, it } from 'vitest';
import { toStoredComposition, type ProjectDocument } from './project-document.ts';

const words = [
  { text: 'Fresh', start: 0.2, end: 0.6 },
  { text: 'bread', start: 0.65, end: 1.1 },
  { text: 'daily', start: 1.2, end: 1.7 },
];

const doc: ProjectDocument = {
  voiceover: {
    key: 'users/u/audio/voice.wav',
    duration: 42,
    words,
    voice: 'alloy',
    instructions: '',
    tempo: 1,
    original: { key: 'users/u/audio/voice.wav', duration: 42, words },
  },
  background: { kind: 'clips', fit: 'loop', clips: [{ key: 'users/u/uploads/a.mp4', duration: 10 }] },
  overlays: [{ imageKey: 'users/u/uploads/b.png', start: 2, end: 5 }],
  music: { key: 'library/music/calm.m4a', title: 'Calm' },
  subtitles: { enabled: true, cues: [{ start: 0.2, end: 1.7, words }], position: 'bottom', fontSize: 'medium', wordsPerChunk: 3, style: 'Hormozi' },
  closingImageKey: 'users/u/uploads/cta.png',
};

describe('toStoredComposition', () => {
  it('turns the project document into a render document that names storage keys', () => {
    const stored = toStoredComposition(doc);
    expect(stored).toMatchObject({
      duration: 42,
      background: { kind: 'clips', clips: [{ path: 'users/u/uploads/a.mp4', duration: 10 }] },
      overlays: [{ imagePath: 'users/u/uploads/b.png', start: 2, end: 5 }],
      voiceover: { path: 'users/u/audio/voice.wav', duration: 42 },
      music: { path: 'library/music/calm.m4a', duck: true },
      subtitles: { style: 'Hormozi', position: 'bottom', fontSize: 'medium' },
      closingImage: { path: 'users/u/uploads/cta.png' },
    });
    const withPaths = JSON.parse(JSON.stringify(stored).replaceAll('"users/', '"/data/users/').replaceAll('"library/', '"/data/library/'));
    expect(compositionSchema.safeParse(withPaths).success).toBe(true);
  });

  it('leaves out music for No Background Music, subtitles when disabled, and caps the length', () => {
    const stored = toStoredComposition(
      { ...doc, music: { key: null, title: 'No Background Music' }, subtitles: { ...doc.subtitles!, enabled: false }, closingImageKey: null },
      { maxSeconds: 14 },
    );
    expect(stored.music).toBeUndefined();
    expect(stored.subtitles).toBeUndefined();
    expect(stored.duration).toBe(14);
  });

  it('keeps room for the 3 s closing image inside the cap', () => {
    expect(toStoredComposition(doc, { maxSeconds: 14 }).duration).toBe(11);
    expect(toStoredComposition({ ...doc, closingImageKey: null }, { maxSeconds: 14 }).duration).toBe(14);
    expect(toStoredComposition(doc, { maxSeconds: 59 }).duration).toBe(42);
  });

  it('refuses a project without a background', () => {
    expect(() => toStoredComposition({ voiceover: doc.voiceover })).toThrow(/no background/);
  });
});
