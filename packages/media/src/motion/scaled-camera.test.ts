import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cameraFilter, easedProgress, motionFrame } from './layers.ts';
import { choreographies, motionMoves, type MotionMove } from './moves.ts';
import { scaledCamera, scalesExactly } from './scaled-camera.ts';

/** Luma PSNR between the perspective camera and the scaled one, frame by frame over the same detailed picture. */
function psnrAgainstPerspective(move: MotionMove, frames: number): Promise<{ average: number; least: number }> {
  const { camera } = choreographies[move];
  const { width, height, fps } = motionFrame;
  const graph = [
    `testsrc2=s=${width}x${height}:r=${fps},trim=end_frame=${frames},format=yuv420p,split[a][b]`,
    `[a]${cameraFilter(camera, easedProgress('(in-1)', frames))}[perspective]`,
    `[b]${scaledCamera(camera, frames)}[scaled]`,
    '[perspective][scaled]psnr=stats_file=-',
  ].join(';');
  return new Promise((resolve, reject) =>
    execFile('ffmpeg', ['-v', 'error', '-filter_complex', graph, '-f', 'null', '-'], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const luma = [...stdout.matchAll(/psnr_y:([\d.]+|inf)/g)].map((m) => (m[1] === 'inf' ? Infinity : Number(m[1])));
      if (luma.length !== frames) return reject(new Error(`expected ${frames} frames compared, got ${luma.length}`));
      resolve({ average: luma.reduce((sum, v) => sum + Math.min(v, 99), 0) / luma.length, least: Math.min(...luma) });
    }),
  );
}

describe('scaled camera', () => {
  it('takes the moves without a turn that stay zoomed in, and leaves the others to perspective', () => {
    expect(motionMoves.filter((move) => scalesExactly(choreographies[move].camera))).toEqual(['pan-left', 'pan-right', 'tilt-up', 'tilt-down']);
  });

  // On this picture's sharp edges and text, a window two pixels off (crops rounded to even pixels once did that) scores
  // about 28 dB on average.
  it.each<MotionMove>(['pan-left', 'tilt-down'])('%s looks where the perspective camera looks, to a fraction of a pixel', async (move) => {
    const { average, least } = await psnrAgainstPerspective(move, 60);
    expect(average).toBeGreaterThan(45);
    expect(least).toBeGreaterThan(40);
  });
});
