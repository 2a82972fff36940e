import { describe, expect, it } from 'vitest';
import { longestPlannedSceneSeconds, planClipLengths } from './lengths.ts';

describe('planClipLengths', () => {
  it('takes the shortest offered length that covers a scene the model makes in one go', () => {
    expect(planClipLengths(3, [5, 10])).toEqual([5]);
    expect(planClipLengths(5, [5, 10])).toEqual([5]);
    expect(planClipLengths(5.2, [5, 10])).toEqual([10]);
    expect(planClipLengths(10, [10, 5])).toEqual([10]);
    expect(planClipLengths(2, [4])).toEqual([4]);
  });

  it('chains generations, longest first, for a scene longer than the longest length', () => {
    expect(planClipLengths(14, [5, 10])).toEqual([10, 5]);
    expect(planClipLengths(20, [5, 10])).toEqual([10, 10]);
    expect(planClipLengths(21, [5, 10])).toEqual([10, 10, 5]);
    expect(planClipLengths(9, [4])).toEqual([4, 4, 4]);
  });

  it('among the fewest generations, asks for the fewest seconds', () => {
    // Greedy (10, then the shortest cover of 7) would ask for 19 s; 9 + 9 covers 17 s with 18.
    expect(planClipLengths(17, [6, 9, 10])).toEqual([9, 9]);
    expect(planClipLengths(16, [6, 9, 10])).toEqual([10, 6]);
  });

  it('refuses what cannot be planned', () => {
    expect(() => planClipLengths(0, [5, 10])).toThrow(RangeError);
    expect(() => planClipLengths(Number.NaN, [5, 10])).toThrow(RangeError);
    expect(() => planClipLengths(longestPlannedSceneSeconds + 1, [5, 10])).toThrow(RangeError);
    expect(() => planClipLengths(5, [])).toThrow(RangeError);
    expect(() => planClipLengths(5, [0, 5])).toThrow(RangeError);
  });

  it('plans the longest scene quickly', () => {
    const started = performance.now();
    const plan = planClipLengths(longestPlannedSceneSeconds, [3, 4, 5, 7, 10]);
    expect(plan.reduce((a, b) => a + b, 0)).toBe(longestPlannedSceneSeconds);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
