import { describe, expect, it } from 'vitest';
import { pieceShares, videoGenerationPayload } from './video-generation-job.ts';

describe('pieceShares', () => {
  it('shows whole pieces and then what is left of the scene', () => {
    expect(pieceShares(14, [10, 5])).toEqual([10, 4]);
    expect(pieceShares(3.5, [5])).toEqual([3.5]);
    expect(pieceShares(20, [10, 10])).toEqual([10, 10]);
  });

  it('never leaves a chained scene a last piece shorter than a second', () => {
    const shares = pieceShares(10.2, [10, 5]);
    expect(shares[1]).toBe(1);
    expect(shares[0]! + shares[1]!).toBeCloseTo(10.2, 6);
  });
});

describe('the generation payload', () => {
  const scene = { imageKey: 'users/u1/uploads/a.png', prompt: 'zoom in', seconds: 5 };
  it('takes storage keys, one of the five transitions and a render key', () => {
    expect(videoGenerationPayload.safeParse({ scenes: [scene], join: { transition: 'smoothleft' }, outputKey: 'users/u1/renders/x.mp4' }).success).toBe(true);
    expect(videoGenerationPayload.safeParse({ scenes: [{ ...scene, imageKey: '/etc/passwd' }], outputKey: 'users/u1/renders/x.mp4' }).success).toBe(false);
    expect(videoGenerationPayload.safeParse({ scenes: [scene], join: { transition: 'spin' }, outputKey: 'users/u1/renders/x.mp4' }).success).toBe(false);
    expect(videoGenerationPayload.safeParse({ scenes: [{ ...scene, seconds: 0.5 }], outputKey: 'users/u1/renders/x.mp4' }).success).toBe(false);
    expect(videoGenerationPayload.safeParse({ scenes: [], outputKey: 'users/u1/renders/x.mp4' }).success).toBe(false);
  });
});
