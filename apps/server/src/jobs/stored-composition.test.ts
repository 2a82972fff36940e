import { compositionSchema } from '@reelsmith/media';
import { describe, expect, it } from 'vitest';
import { finalRenderPayload } from './final-render-job.ts';
import { renderJobPayload } from './render-job.ts';
import { localPathSchema, resolveCompositionPaths, storedCompositionSchema, type StoredCompositionInput } from './stored-composition.ts';

const stored: StoredCompositionInput = {
  background: { kind: 'scenes', transition: 'fade', transitionDuration: 0.5, scenes: [{ imageKey: 'users/u/uploads/a.png', duration: 4, zoom: true }] },
  overlays: [{ imageKey: 'library/stickers/star.png', start: 1, end: 2 }],
  voiceover: { key: 'users/u/voiceovers/p.m4a', duration: 4, words: [{ text: 'Hi', start: 0, end: 0.4 }] },
  music: { key: 'library/music/calm.m4a', volume: 0.25, duck: true },
  closingImage: { key: 'users/u/uploads/cta.png', duration: 3 },
  logo: { key: 'users/u/logo.png', corner: 'top-right' },
};
const render = { profile: 'preview', outputKey: 'users/u/renders/p.mp4' } as const;

describe('a render job’s composition', () => {
  it('is accepted when every media field names a storage key', () => {
    expect(renderJobPayload.safeParse({ ...render, composition: stored }).success).toBe(true);
    expect(finalRenderPayload.safeParse({ projectId: 'p', composition: stored }).success).toBe(true);
  });

  it('is refused when a media field holds a local path, a URL or a climb out of the storage', () => {
    for (const key of ['/data/files/users/u/voiceovers/p.m4a', 'https://example.com/p.m4a', 'users/u/../v/p.m4a']) {
      const composition = { ...stored, voiceover: { ...stored.voiceover!, key } };
      const parsed = renderJobPayload.safeParse({ ...render, composition });
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['composition.voiceover.key']);
      expect(finalRenderPayload.safeParse({ projectId: 'p', composition }).success).toBe(false);
    }
    const pathScene = { ...stored, background: { ...stored.background, scenes: [{ imageKey: '/tmp/a.png', duration: 4, zoom: true }] } };
    expect(renderJobPayload.safeParse({ ...render, composition: pathScene }).success).toBe(false);
  });

  it('is refused in the renderer’s own shape, whose media fields are paths', () => {
    const mediaShaped = { background: { kind: 'clips', fit: 'trim', clips: [{ path: 'users/u/uploads/bg.mp4', duration: 6 }] }, overlays: [] };
    expect(renderJobPayload.safeParse({ ...render, composition: mediaShaped }).success).toBe(false);
    expect(renderJobPayload.safeParse({ ...render, composition: 'users/u/uploads/bg.mp4' }).success).toBe(false);
  });

  it('resolves to the renderer’s composition with a local path for each key', async () => {
    const asked: string[] = [];
    const resolved = await resolveCompositionPaths(storedCompositionSchema.parse(stored), async (key) => {
      asked.push(key);
      return localPathSchema.parse(`/data/files/${key}`);
    });
    expect(asked.sort()).toEqual(['library/music/calm.m4a', 'library/stickers/star.png', 'users/u/logo.png', 'users/u/uploads/a.png', 'users/u/uploads/cta.png', 'users/u/voiceovers/p.m4a']);
    expect(compositionSchema.parse(resolved)).toMatchObject({
      background: { scenes: [{ imagePath: '/data/files/users/u/uploads/a.png' }] },
      overlays: [{ imagePath: '/data/files/library/stickers/star.png' }],
      voiceover: { path: '/data/files/users/u/voiceovers/p.m4a' },
      music: { path: '/data/files/library/music/calm.m4a' },
      closingImage: { path: '/data/files/users/u/uploads/cta.png' },
      logo: { path: '/data/files/users/u/logo.png' },
    });
    expect(JSON.stringify(resolved)).not.toMatch(/"(key|imageKey)"/);
  });

  it('never takes a storage key for a local path', () => {
    expect(localPathSchema.safeParse('users/u/uploads/a.png').success).toBe(false);
  });
});
