import { describe, expect, it } from 'vitest';
import { attachmentName } from './download.ts';

describe('attachmentName', () => {
  it('reads the file name a Content-Disposition gives, quoted or not', () => {
    expect(attachmentName('attachment; filename="reelsmith-data-2026-11-21.zip"')).toBe('reelsmith-data-2026-11-21.zip');
    expect(attachmentName('attachment; filename=RS-2026-00001.pdf')).toBe('RS-2026-00001.pdf');
  });

  it('answers null when there is no name', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('attachment')).toBeNull();
  });
});
