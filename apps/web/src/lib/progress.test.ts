import { busyTexts } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { secondsLeft } from './progress.ts';

describe('time left of work that reports its percent', () => {
  it('extrapolates from the time the share done so far took', () => {
    expect(secondsLeft(25, 10_000)).toBe(30);
    expect(secondsLeft(50, 40_000)).toBe(40);
    expect(secondsLeft(99.9, 60_000)).toBe(1);
  });

  it('waits for enough to go on, and says nothing once done', () => {
    expect(secondsLeft(1, 10_000)).toBeNull();
    expect(secondsLeft(40, 1000)).toBeNull();
    expect(secondsLeft(100, 30_000)).toBeNull();
  });

  it('speaks in seconds under a minute, else in whole minutes rounded up', () => {
    expect(busyTexts.timeLeft(40)).toBe('About 40 secs left');
    expect(busyTexts.timeLeft(61)).toBe('About 2 min left');
  });
});
