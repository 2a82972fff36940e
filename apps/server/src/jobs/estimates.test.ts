import { describe, expect, it } from 'vitest';
import { expectedSeconds, type MeasuredWait } from './estimates.ts';

const of = (size: number | null, ...seconds: number[]): MeasuredWait[] => seconds.map((s) => ({ seconds: s, size }));

describe('the wait to expect from measured jobs', () => {
  it('is the kind’s typical wait before any job has finished here', () => {
    expect(expectedSeconds([], 7, 31)).toBe(31);
    expect(expectedSeconds([], null, 60)).toBe(60);
  });

  it('is the median of recent jobs of the same size, whole seconds rounded up', () => {
    expect(expectedSeconds(of(7, 20, 24, 22), 7, 180)).toBe(22);
    expect(expectedSeconds(of(7, 20, 21, 24, 22), 7, 180)).toBe(22);
    expect(expectedSeconds(of(7, 20.2, 20.4, 20.1), 7, 180)).toBe(21);
  });

  it('is not moved by an odd job: one that waited out a retry, or one that failed fast', () => {
    expect(expectedSeconds(of(7, 21, 23, 600, 22, 2), 7, 180)).toBe(22);
  });

  it('tells sizes apart: a 14 s video is measured on 14 s ones', () => {
    const waits = [...of(7, 20, 21, 22), ...of(14, 45, 50, 48)];
    expect(expectedSeconds(waits, 7, 180)).toBe(21);
    expect(expectedSeconds(waits, 14, 360)).toBe(48);
  });

  it('scales the time per second of video of other sizes while a size has too few of its own', () => {
    // 3 s per second of video, measured on 7 s jobs: a first 14 s one expects 42 s, not the typical 6 min.
    expect(expectedSeconds([...of(7, 21, 21, 21), ...of(14, 50)], 14, 360)).toBe(42);
  });

  it('uses the measured jobs of a kind without sizes however few', () => {
    expect(expectedSeconds(of(null, 12), null, 60)).toBe(12);
    expect(expectedSeconds(of(null, 12), 7, 31)).toBe(31);
  });
});
