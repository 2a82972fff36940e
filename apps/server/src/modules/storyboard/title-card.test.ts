import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderTitleCard, titleCardWords, wrapWords } from './title-card.ts';

describe('a scene’s title card', () => {
  it('shows the scene’s quoted voiceover line when there is one, else its text, cut at a word past 120 characters', () => {
    expect(titleCardWords('Close-up of fresh bread on a counter. Voiceover: "Baked at dawn, every day."')).toBe('Baked at dawn, every day.');
    expect(titleCardWords('  A zebra   crossing the savannah.  ')).toBe('A zebra crossing the savannah.');
    const long = titleCardWords('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('breaks lines between words, and a word longer than a line with a hyphen', () => {
    expect(wrapWords('Fresh bread baked at dawn', 11)).toEqual(['Fresh bread', 'baked at', 'dawn']);
    expect(wrapWords('a supercalifragilistic b', 8)).toEqual(['a', 'superca-', 'lifragi-', 'listic b']);
  });

  it('keeps a long word inside the card: smaller type, then broken', async () => {
    for (const scene of ['Visit www.harbourfishandchipsandseafoodplatters.example today', 'Pneumonoultramicroscopicsilicovolcanoconiosis']) {
      const { data, info } = await sharp(await renderTitleCard(scene, 1)).raw().toBuffer({ resolveWithObject: true });
      let right = 0;
      for (let i = 0; i < data.length; i += info.channels) {
        const x = (i / info.channels) % 1080;
        if (x >= 1000 && data[i]! > 235 && data[i + 1]! > 235 && data[i + 2]! > 235) right += 1;
      }
      expect(right, scene).toBe(0);
    }
  });

  it('draws 1080x1920 with white words in the upper part only, clear of where subtitles sit, and escapes the words', async () => {
    const card = await renderTitleCard('Voiceover: "Fish & chips <3, the best in town — come hungry!"', 2, 'Harbour Café');
    const { data, info } = await sharp(card).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1080, 1920]);
    let top = 0;
    let lower = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if (data[i]! < 235 || data[i + 1]! < 235 || data[i + 2]! < 235) continue;
      if (Math.floor(i / info.channels / 1080) < 860) top += 1;
      else lower += 1;
    }
    expect(top).toBeGreaterThan(20_000);
    expect(lower).toBe(0);
  });
});
