import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes.ts';

describe('formatBytes', () => {
  it('prints small sizes in KB and larger ones in MB', () => {
    expect(formatBytes(200)).toBe('1 KB');
    expect(formatBytes(30 * 1024)).toBe('30 KB');
    expect(formatBytes(96_555)).toBe('94 KB');
    expect(formatBytes(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});
