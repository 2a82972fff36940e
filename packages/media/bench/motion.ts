import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fitClipArgs, motionClipArgs, motionMoves } from '../src/index.ts';
import { makeImage, makeVideo, tempDir } from '../test/fixtures.ts';

/**
 * CPU per clip of the offline motion renderer, move by move, and of a vendor clip fitted to the frame: what an AI
 * video costs a worker (and the test suite) without a vendor. CPU, not wall time, from ffmpeg's own -benchmark line,
 * so a busy machine changes the figures less; BENCH_ROUNDS=N keeps the cheapest of N runs of each.
 */
const seconds = 7;
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1) || 1);
const out = (line: string) => process.stdout.write(`${line}\n`);

/** User plus system CPU seconds of one ffmpeg run. */
function cpuSeconds(args: string[]): Promise<number> {
  return new Promise((resolve, reject) =>
    execFile('ffmpeg', ['-benchmark', ...args], { maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      const bench = /bench: utime=([\d.]+)s stime=([\d.]+)s/.exec(stderr);
      if (error || !bench) reject(error ?? new Error(`no -benchmark line in ffmpeg's output:\n${stderr}`));
      else resolve(Number(bench[1]) + Number(bench[2]));
    }),
  );
}

async function cheapest(args: string[]): Promise<number> {
  let best = Infinity;
  for (let round = 0; round < rounds; round++) best = Math.min(best, await cpuSeconds(args));
  return best;
}

const row = (name: string, cpu: number) => out(`${name.padEnd(22)}${cpu.toFixed(1).padStart(6)} s CPU   ${(cpu / seconds).toFixed(2)} s per clip second`);

const { dir, cleanup } = await tempDir();
try {
  // A 4:5 product photo, the shape most stills arrive in, and a 720p vendor clip.
  const still = await makeImage(dir, 'still.png', { width: 1080, height: 1350, colour: '#1e6fd9', border: 24 });
  const vendorClip = await makeVideo(dir, 'vendor.mp4', { width: 1280, height: 720, seconds: 5 });
  out(`${seconds} s clips at 1080x1920, best of ${rounds}`);
  for (const move of motionMoves) {
    const { args } = motionClipArgs({ imagePath: still, prompt: '', move, seconds, outputPath: join(dir, `${move}.mp4`) });
    row(`motion: ${move}`, await cheapest(args));
  }
  row('fitted vendor clip', await cheapest(fitClipArgs(vendorClip, join(dir, 'fitted.mp4'), seconds)));
} finally {
  await cleanup();
}
