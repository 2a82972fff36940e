import { brollTexts } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { canProcess, emptyRow, rowTimesError, type OverlayRow } from './rows.ts';

const row = (start: string, end: string): OverlayRow => ({ ...emptyRow(), imageUrl: '/files/a.png', preview: '/files/a.png', start, end });

describe('B-roll row times, checked on the page before submit', () => {
  it('refuses an end before or at its start, naming the row', () => {
    const rows = [row('0.5', '2'), row('3', '1.5')];
    expect(rowTimesError(rows, null)).toBe(brollTexts.badTimes(2));
    expect(canProcess(rows)).toBe(false);
    expect(rowTimesError([row('2', '2')], null)).toBe(brollTexts.badTimes(1));
    expect(canProcess([row('0.5', '2'), row('2.5', '3')])).toBe(true);
  });

  it('refuses a negative start and times outside the video once its length is known', () => {
    expect(rowTimesError([row('-1', '2')], null)).toBe(brollTexts.negativeStart(1));
    expect(rowTimesError([row('4', '5')], 3.8)).toBe(brollTexts.startOutsideVideo(1, 3.8));
    expect(rowTimesError([row('1', '4')], 3.8)).toBe(brollTexts.outsideVideo(1, 3.8));
    expect(rowTimesError([row('1', '3.8')], 3.8)).toBeNull();
  });

  it('leaves half-typed rows to the incomplete hint', () => {
    expect(rowTimesError([row('3', '')], null)).toBeNull();
    expect(rowTimesError([emptyRow()], null)).toBeNull();
  });
});
