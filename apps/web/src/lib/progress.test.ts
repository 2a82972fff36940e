import { busyTexts } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { measuredLeft, nextTimeLeft, received, secondsLeft, timeLeftSpoken, timeLeftText, type TimeLeft } from './progress.ts';

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
});

describe('time left by the server’s measured wait', () => {
  it('counts down from the wait less the time the job had run, on this browser’s clock between polls', () => {
    const estimate = received({ expected_seconds: 30, elapsed_seconds: 4 }, 1_000_000)!;
    expect(measuredLeft(estimate, 1_000_000)).toBe(26);
    expect(measuredLeft(estimate, 1_010_000)).toBe(16);
    expect(measuredLeft(estimate, 1_040_000)).toBe(-14);
  });

  it('has nothing to go on without a measured wait', () => {
    expect(received(undefined, 0)).toBeNull();
    expect(received({}, 0)).toBeNull();
    expect(received({ expected_seconds: 20 }, 5)).toEqual({ expectedSeconds: 20, elapsedSeconds: 0, at: 5 });
  });
});

describe('the time left shown', () => {
  const run = (reckonings: Array<number | null>) => {
    const shown: TimeLeft[] = [];
    let left: TimeLeft = null;
    for (const reckoned of reckonings) shown.push((left = nextTimeLeft(left, reckoned)));
    return shown;
  };

  it('never goes up, whatever a later reckoning says (24 s, then 35 s, stays 24 s)', () => {
    expect(run([null, 30, 24, 35, 20, 28, 12])).toEqual([null, 30, 24, 24, 20, 20, 12]);
  });

  it('says the wait is over once it is, and never counts again', () => {
    expect(run([5, 1, 0, 40, -3, 10])).toEqual([5, 1, 'overrun', 'overrun', 'overrun', 'overrun']);
  });

  it('keeps what it showed while a reckoning has nothing to go on', () => {
    expect(run([20, null, 18])).toEqual([20, 20, 18]);
  });

  it('reads in steps of 5 s, whole seconds near the end, minutes past one', () => {
    expect(timeLeftText(23.2)).toBe('About 25 secs left');
    expect(timeLeftText(20)).toBe('About 20 secs left');
    expect(timeLeftText(7.4)).toBe('About 8 secs left');
    expect(timeLeftText(95)).toBe('About 2 min left');
    expect([timeLeftText(30.1), timeLeftText(30), timeLeftText(25.5)]).toEqual(['About 35 secs left', 'About 30 secs left', 'About 30 secs left']);
  });

  it('is honest past the wait: almost done, unless the work says it is far from done', () => {
    expect(timeLeftText('overrun')).toBe(busyTexts.almostDone);
    expect(timeLeftText('overrun', 92)).toBe(busyTexts.almostDone);
    expect(timeLeftText('overrun', 40)).toBe(busyTexts.longerThanUsual);
  });

  it('tells a screen reader at most once a minute', () => {
    expect(timeLeftSpoken(150)).toBe('About 3 min left');
    expect(timeLeftSpoken(59)).toBe(busyTexts.underAMinute);
    expect(timeLeftSpoken(12)).toBe(busyTexts.underAMinute);
    expect(timeLeftSpoken('overrun')).toBe(busyTexts.almostDone);
  });

  it('speaks in seconds under a minute, else in whole minutes rounded up', () => {
    expect(busyTexts.timeLeft(40)).toBe('About 40 secs left');
    expect(busyTexts.timeLeft(61)).toBe('About 2 min left');
    expect(busyTexts.timeLeft(1)).toBe('About 1 sec left');
  });
});
