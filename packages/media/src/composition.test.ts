import { describe, expect, it } from 'vitest';
import { compositionSchema, crossedSceneSeconds, sceneTransitionSeconds, type CompositionInput } from './composition.ts';

const minimal: CompositionInput = {
  background: { kind: 'clips', clips: [{ path: '/media/a.mp4', duration: 10 }] },
};

describe('compositionSchema', () => {
  it('fills defaults for a minimal document', () => {
    const c = compositionSchema.parse(minimal);
    expect(c.overlays).toEqual([]);
    expect(c.background).toMatchObject({ fit: 'loop', clips: [{ trimStart: 0 }] });
  });

  it.each(['http://example.com/a.mp4', 'https://x/y.mp4', 'file:/etc/passwd', 'concat:/a|/b', 'relative/a.mp4'])(
    'refuses %s as a media path',
    (path) => {
      const result = compositionSchema.safeParse({ background: { kind: 'clips', clips: [{ path, duration: 3 }] } });
      expect(result.success).toBe(false);
    },
  );

  it('fills the brand defaults and bounds the logo’s opacity and the highlight colour', () => {
    const branded = compositionSchema.parse({ ...minimal, logo: { path: '/media/l.png' }, endCard: { path: '/media/e.png' } });
    expect(branded.logo).toMatchObject({ opacity: 1 });
    expect(branded.endCard).toEqual({ path: '/media/e.png', duration: 2.5 });
    expect(compositionSchema.safeParse({ ...minimal, logo: { path: '/media/l.png', opacity: 0.1 } }).success).toBe(false);
    expect(compositionSchema.safeParse({ ...minimal, endCard: { path: 'https://x/e.png' } }).success).toBe(false);
    const subtitles = (highlightColour: string) => ({ ...minimal, subtitles: { cues: [], highlightColour } });
    expect(compositionSchema.safeParse(subtitles('#12ABef')).success).toBe(true);
    expect(compositionSchema.safeParse(subtitles('red')).success).toBe(false);
  });

  it('allows at most five B-roll overlays, each ending after it starts', () => {
    const overlay = { imagePath: '/media/b.png', start: 1, end: 2 };
    expect(compositionSchema.safeParse({ ...minimal, overlays: Array(5).fill(overlay) }).success).toBe(true);
    expect(compositionSchema.safeParse({ ...minimal, overlays: Array(6).fill(overlay) }).success).toBe(false);
    expect(compositionSchema.safeParse({ ...minimal, overlays: [{ ...overlay, end: 1 }] }).success).toBe(false);
  });

  it('refuses scenes shorter than their transition and unknown transitions', () => {
    const scenes = [
      { imagePath: '/a.png', duration: 0.4 },
      { imagePath: '/b.png', duration: 2 },
    ];
    expect(compositionSchema.safeParse({ background: { kind: 'scenes', scenes, transitionDuration: 0.5 } }).success).toBe(false);
    expect(
      compositionSchema.safeParse({ background: { kind: 'scenes', scenes: scenes.slice(1), transition: 'spin' } }).success,
    ).toBe(false);
  });

  it('refuses trims outside the clip and unknown subtitle styles', () => {
    expect(
      compositionSchema.safeParse({ background: { kind: 'clips', clips: [{ path: '/a.mp4', duration: 5, trimEnd: 6 }] } })
        .success,
    ).toBe(false);
    expect(compositionSchema.safeParse({ ...minimal, subtitles: { cues: [], style: 'Comic Sans' } }).success).toBe(false);
  });

  it('is a plain document that survives JSON', () => {
    const c = compositionSchema.parse({
      ...minimal,
      music: { path: '/m.mp3' },
      subtitles: { cues: [{ start: 0, end: 1, words: [{ text: 'hi', start: 0, end: 1 }] }], style: 'Mr Beast' },
    });
    expect(compositionSchema.parse(JSON.parse(JSON.stringify(c)))).toEqual(c);
  });
});

describe('crossedSceneSeconds', () => {
  it('lengthens every scene but the last by the transition, so N joined scenes last N times their share', () => {
    const seconds = [0, 1, 2, 3].map((i) => crossedSceneSeconds(i, 4, 3.5));
    expect(seconds).toEqual([4, 4, 4, 3.5]);
    expect(seconds.reduce((sum, s) => sum + s, 0) - 3 * sceneTransitionSeconds).toBe(14);
    expect(crossedSceneSeconds(0, 1, 7)).toBe(7);
  });
});
