import { compositionSchema } from '@reelsmith/media';
import { describe, expect, it } from 'vitest';
import { localPathSchema, resolveCompositionPaths } from '../../jobs/stored-composition.ts';
import { logoCorner, toStoredComposition, type ProjectDocument } from './project-document.ts';

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
  it('turns the project document into a render document that names storage keys', async () => {
    const stored = toStoredComposition(doc);
    expect(stored).toMatchObject({
      duration: 42,
      background: { kind: 'clips', clips: [{ key: 'users/u/uploads/a.mp4', duration: 10 }] },
      overlays: [{ imageKey: 'users/u/uploads/b.png', start: 2, end: 5 }],
      voiceover: { key: 'users/u/audio/voice.wav', duration: 42 },
      music: { key: 'library/music/calm.m4a', duck: true },
      subtitles: { style: 'Hormozi', position: 'bottom', fontSize: 'medium' },
      closingImage: { key: 'users/u/uploads/cta.png' },
    });
    const withPaths = await resolveCompositionPaths(stored, async (key) => localPathSchema.parse(`/data/${key}`));
    expect(compositionSchema.parse(withPaths)).toMatchObject({
      background: { clips: [{ path: '/data/users/u/uploads/a.mp4' }] },
      overlays: [{ imagePath: '/data/users/u/uploads/b.png' }],
      voiceover: { path: '/data/users/u/audio/voice.wav' },
      music: { path: '/data/library/music/calm.m4a' },
      closingImage: { path: '/data/users/u/uploads/cta.png' },
    });
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

  it("keeps the whole of the user's own media past a shorter voiceover, up to the cap; a looped library clip follows the voiceover", () => {
    const short = { ...doc, voiceover: { ...doc.voiceover!, duration: 5.4 }, closingImageKey: null };
    // Animated Images: five 4 s images overlapping by 0.5 s transitions run 20 s.
    const images = Array.from({ length: 5 }, (_, i) => ({ imageKey: `users/u/uploads/${i}.png`, duration: i < 4 ? 4.5 : 4, zoom: true }));
    expect(toStoredComposition({ ...short, background: { kind: 'scenes', scenes: images, transition: 'fade' } }, { maxSeconds: 59 }).duration).toBe(20);
    // Use Own Video and Add B-Rolls: the user's clips played once.
    const own = (seconds: number[]) => ({ kind: 'clips' as const, fit: 'trim' as const, clips: seconds.map((duration, i) => ({ key: `users/u/uploads/${i}.mp4`, duration })) });
    expect(toStoredComposition({ ...short, background: own([12, 18]) }, { maxSeconds: 59 }).duration).toBe(30);
    expect(toStoredComposition({ ...short, background: own([40, 30]) }, { maxSeconds: 59 }).duration).toBe(59);
    expect(toStoredComposition({ ...short, background: own([40, 30]), closingImageKey: 'users/u/uploads/cta.png' }, { maxSeconds: 59 }).duration).toBe(56);
    // A voiceover longer than the video still sets the length.
    expect(toStoredComposition({ ...doc, closingImageKey: null, background: own([12]) }, { maxSeconds: 59 }).duration).toBe(42);
    // A library background loops under the voiceover; storyboard clips are cut to it.
    expect(toStoredComposition({ ...short, background: { ...own([30]), fit: 'loop' } }, { maxSeconds: 59 }).duration).toBe(5.4);
    const storyboard = { ...own([30, 30]), clips: own([30, 30]).clips.map((c) => ({ ...c, length: 2.7 })) };
    expect(toStoredComposition({ ...short, background: storyboard }, { maxSeconds: 59 }).duration).toBe(5.4);
  });

  it('refuses a project without a background', () => {
    expect(() => toStoredComposition({ voiceover: doc.voiceover })).toThrow(/no background/);
  });

  it("places the logo in the brand's corner, moving a bottom corner to the top when captions sit at the bottom", () => {
    expect(logoCorner(undefined, 'bottom')).toBe('top-right');
    expect(logoCorner('bottom-left', 'middle')).toBe('bottom-left');
    expect(logoCorner('bottom-left', undefined)).toBe('bottom-left');
    expect(logoCorner('bottom-left', 'bottom')).toBe('top-left');
    expect(logoCorner('bottom-right', 'bottom')).toBe('top-right');
    const look = { logo: { corner: 'bottom-left' as const, width: 280, opacity: 0.5 }, highlightColour: '#FF2BD6', endCard: null };
    const stored = toStoredComposition({ ...doc, logoKey: 'users/u/uploads/logo.png', brandLook: look });
    expect(stored.logo).toEqual({ key: 'users/u/uploads/logo.png', corner: 'top-left', width: 280, opacity: 0.5 });
    expect(stored.subtitles).toMatchObject({ highlightColour: '#FF2BD6' });
  });
});
