import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test/fixtures.ts';
import { FfmpegError, FfmpegTimeoutError, runFfmpeg } from './runner.ts';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

/** A small encode; `paced` reads the source at realtime (-readrate 1) so the run lasts as long as the video. */
const encode = (seconds: number, out: string, paced = false) => [
  '-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...(paced ? ['-readrate', '1'] : []),
  '-f', 'lavfi', '-i', `testsrc2=s=320x240:r=30:d=${seconds}`,
  '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(dir, out),
];

describe('runFfmpeg', () => {
  it('reports rising progress up to 100 and the peak memory', async () => {
    const seen: number[] = [];
    const result = await runFfmpeg(encode(2, 'progress.mp4', true), { duration: 2, onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(100);
    expect(result.peakRssBytes).toBeGreaterThan(1024 * 1024);
  });

  // The promise settles only once the child has exited, so settling quickly means ffmpeg is gone.
  it('kills ffmpeg when the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const run = runFfmpeg(encode(30, 'aborted.mp4', true), {
      duration: 30,
      signal: controller.signal,
      onProgress: (p) => p > 0 && controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses to start with an already aborted signal', async () => {
    const reason = new Error('user cancelled');
    await expect(runFfmpeg(encode(1, 'never.mp4'), { duration: 1, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });

  it('kills ffmpeg on timeout', async () => {
    const started = Date.now();
    await expect(runFfmpeg(encode(30, 'slow.mp4', true), { duration: 30, timeoutMs: 800 })).rejects.toBeInstanceOf(FfmpegTimeoutError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('rejects with the end of stderr when ffmpeg fails', async () => {
    const error = await runFfmpeg(['-loglevel', 'error', '-i', join(dir, 'nope.mp4'), join(dir, 'x.mp4')], { duration: 1 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).stderrTail).toMatch(/nope\.mp4: No such file or directory/);
    expect((error as FfmpegError).exitCode).not.toBe(0);
  });
});
