import { centredImage, maxImageBytes } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { addImages, countIsValid, type PickedImage } from './images.ts';

const picked = (name: string, size = 100): PickedImage => ({ id: `${name}-${size}`, name, size, previewUrl: '', source: { kind: 'upload', url: `/files/${name}` }, focus: centredImage });

describe('picked images (SPEC §5)', () => {
  it('drops a duplicate by name and size, but keeps a same-named image of another size', () => {
    const first = addImages([], [picked('a.png'), picked('b.png')]);
    const again = addImages(first.images, [picked('a.png'), picked('a.png', 200), picked('b.png')]);
    expect(again.images.map((i) => i.id)).toEqual(['a.png-100', 'b.png-100', 'a.png-200']);
    expect(again).toMatchObject({ duplicates: 2, dropped: 0, tooLarge: 0 });
  });

  it('keeps the first ten and counts the rest as dropped', () => {
    const outcome = addImages([picked('a.png')], Array.from({ length: 12 }, (_, i) => picked(`p${i}.png`)));
    expect(outcome.images).toHaveLength(10);
    expect(outcome.images.at(-1)?.name).toBe('p8.png');
    expect(outcome).toMatchObject({ duplicates: 0, dropped: 3 });
  });

  it('leaves out an image over the upload limit, and keeps one exactly at it', () => {
    const outcome = addImages([], [picked('big.png', maxImageBytes + 1), picked('edge.png', maxImageBytes)]);
    expect(outcome.images.map((i) => i.name)).toEqual(['edge.png']);
    expect(outcome).toMatchObject({ tooLarge: 1, duplicates: 0, dropped: 0 });
  });

  it('accepts 2 to 10 images for conversion', () => {
    expect(countIsValid([picked('a')])).toBe(false);
    expect(countIsValid([picked('a'), picked('b')])).toBe(true);
    expect(countIsValid(Array.from({ length: 10 }, (_, i) => picked(`${i}`)))).toBe(true);
    expect(countIsValid(Array.from({ length: 11 }, (_, i) => picked(`${i}`)))).toBe(false);
  });
});
