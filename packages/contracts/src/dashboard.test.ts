import { describe, expect, it } from 'vitest';
import { untitledVideo, videoFileName } from './dashboard.ts';

describe('videoFileName', () => {
  it('saves a video under its title in lower-case words joined by hyphens', () => {
    expect(videoFileName('Summer sale: 20% off!')).toBe('summer-sale-20-off.mp4');
    expect(videoFileName(untitledVideo)).toBe('untitled-video.mp4');
    expect(videoFileName('  Crème brûlée — the café’s   best  ')).toBe('creme-brulee-the-cafe-s-best.mp4');
  });

  it('keeps whole words up to 60 characters, and names a title without letters or digits reelsmith-video', () => {
    const name = videoFileName('word '.repeat(40));
    expect(name.length).toBeLessThanOrEqual(64);
    expect(name).toMatch(/^word(-word)+\.mp4$/);
    expect(videoFileName('…!? 🙂')).toBe('reelsmith-video.mp4');
    expect(videoFileName('../../etc/passwd')).toBe('etc-passwd.mp4');
  });
});
