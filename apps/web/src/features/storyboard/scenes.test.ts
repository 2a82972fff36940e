import { storyboardTexts } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { createVideoError, firstSceneWithoutVideo, pickedImageError, pickedVideoError, type SceneVideo } from './scenes.ts';

const MB = 1024 * 1024;
const upload = (size: number): SceneVideo => ({ kind: 'upload', url: '/files/x', size, name: 'x.mp4' });
const six = (size = MB): { video: SceneVideo | null }[] => Array.from({ length: 6 }, () => ({ video: upload(size) }));

describe('storyboard checks (SPEC §5)', () => {
  it('names the first scene without a video, with an empty one or with one over 8 MB', () => {
    expect(createVideoError(six())).toBeNull();
    const missing = six();
    missing[3] = { video: null };
    expect(createVideoError(missing)).toBe('Missing video 4');
    const empty = six();
    empty[1] = { video: upload(0) };
    expect(createVideoError(empty)).toBe('Video 2 is empty');
    const big = six();
    big[4] = { video: upload(8 * MB + 1) };
    expect(createVideoError(big)).toBe('Video 5 exceeds 8MB limit');
    expect(createVideoError(six(8 * MB))).toBeNull();
  });

  it('refuses a picked video over 8 MB and a picked file that is not an image', () => {
    expect(pickedVideoError(8 * MB + 1)).toBe(storyboardTexts.fileTooLarge);
    expect(pickedVideoError(8 * MB)).toBeNull();
    expect(pickedImageError(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe('Please upload a valid image file.');
    expect(pickedImageError(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
  });

  it('puts a stock video into the first scene without one', () => {
    const scenes = six();
    expect(firstSceneWithoutVideo(scenes)).toBe(1);
    scenes[2] = { video: null };
    expect(firstSceneWithoutVideo(scenes)).toBe(3);
  });
});
