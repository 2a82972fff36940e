import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { profiles, renderComposition, runFfmpeg, type RunResult } from '../src/index.ts';
import { tempDir } from '../test/fixtures.ts';
import { makeStandardFixtures, standardComposition, standardSeconds } from '../test/standard.ts';

/**
 * The standard 59 s job at the final profile against a bare x264 re-encode of the same background with the same
 * encoder settings: the gap is what the composition (overlays, captions, audio) costs on top of encoding once.
 * Targets: at most 1.4x the bare encode, and faster than realtime. BENCH_ROUNDS=N interleaves N runs of each and keeps
 * the fastest, which steadies the figures on a shared machine.
 */
const maxRatio = 1.4;
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1) || 1);
const out = (line: string) => process.stdout.write(`${line}\n`);

interface Timed {
  seconds: number;
  peakRssBytes?: number;
}

async function timed(run: () => Promise<RunResult>): Promise<Timed> {
  const started = performance.now();
  const { peakRssBytes } = await run();
  return { seconds: (performance.now() - started) / 1000, peakRssBytes };
}

const preset = profiles.final.video[profiles.final.video.indexOf('-preset') + 1];
const fastest = (runs: Timed[]) => runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
const mb = (bytes?: number) => (bytes === undefined ? 'n/a' : `${Math.round(bytes / 1024 / 1024)} MB`);

const { dir, cleanup } = await tempDir();
try {
  out(`Preparing a ${standardSeconds} s 1080x1920 background, voice, music and five B-roll images in ${dir} ...`);
  const fixtures = await makeStandardFixtures(dir, standardSeconds);
  const composition = standardComposition(fixtures);
  const bareArgs = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', fixtures.background, '-map', '0:v'];
  bareArgs.push(...profiles.final.video, join(dir, 'bare.mp4'));

  const bare: Timed[] = [];
  const full: Timed[] = [];
  for (let round = 1; round <= rounds; round++) {
    bare.push(await timed(() => runFfmpeg(bareArgs, { duration: standardSeconds })));
    full.push(await timed(() => renderComposition(composition, { profile: 'final', outputPath: join(dir, 'full.mp4') })));
    out(`round ${round}/${rounds}: bare ${bare.at(-1)!.seconds.toFixed(1)} s, full ${full.at(-1)!.seconds.toFixed(1)} s`);
  }

  const b = fastest(bare);
  const f = fastest(full);
  const ratio = f.seconds / b.seconds;
  const realtime = standardSeconds / f.seconds;
  out('');
  out(`${standardSeconds} s at 1080x1920, x264 ${preset}, ${availableParallelism()} CPUs, best of ${rounds}`);
  out(`bare x264 re-encode   ${b.seconds.toFixed(1).padStart(6)} s   peak memory ${mb(b.peakRssBytes)}`);
  out(`full composition      ${f.seconds.toFixed(1).padStart(6)} s   peak memory ${mb(f.peakRssBytes)}`);
  out(`ratio full / bare     ${ratio.toFixed(2).padStart(6)}     target <= ${maxRatio}: ${ratio <= maxRatio ? 'met' : 'MISSED'}`);
  out(`realtime factor       ${realtime.toFixed(2).padStart(6)}x    target > 1: ${realtime > 1 ? 'met' : 'MISSED'}`);
  if (ratio > maxRatio || realtime <= 1) process.exitCode = 1;
} finally {
  await cleanup();
}
