import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { planSegments, profiles, renderComposition, renderSegment, renderSegmented, runFfmpeg, type RunResult } from '../src/index.ts';
import { tempDir } from '../test/fixtures.ts';
import { makeStandardFixtures, standardComposition, standardSeconds } from '../test/standard.ts';

/**
 * The standard 59 s job at the final profile against a bare x264 re-encode of the same background with the same
 * encoder settings: the gap is what the composition (overlays, captions, audio) costs on top of encoding once.
 * Targets: at most 1.4x the bare encode, and faster than realtime. BENCH_ROUNDS=N interleaves N runs of each and keeps
 * the fastest, which steadies the figures on a shared machine. The same job rendered in three segments one after the
 * other is there for the record: it is what RENDER_SEGMENTS=3 costs in CPU, not what it takes across three workers.
 */
const maxRatio = 1.4;
const segments = 3;
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
  const split: Timed[] = [];
  const lastSegment: Timed[] = [];
  // The last segment runs the graph over the whole document: roughly the wall time with a worker per segment.
  const { bounds } = planSegments(composition, { profile: 'final', segments });
  const slowest = bounds.at(-1)!;
  for (let round = 1; round <= rounds; round++) {
    bare.push(await timed(() => runFfmpeg(bareArgs, { duration: standardSeconds })));
    full.push(await timed(() => renderComposition(composition, { profile: 'final', outputPath: join(dir, 'full.mp4') })));
    split.push(await timed(() => renderSegmented(composition, { profile: 'final', outputPath: join(dir, 'split.mp4'), segments, workDir: dir })));
    lastSegment.push(await timed(() => renderSegment(composition, { profile: 'final', outputPath: join(dir, 'last.mp4'), bounds: slowest })));
    const last = (runs: Timed[]) => runs.at(-1)!.seconds.toFixed(1);
    out(`round ${round}/${rounds}: bare ${last(bare)} s, full ${last(full)} s, ${segments} segments ${last(split)} s, last segment ${last(lastSegment)} s`);
  }

  const b = fastest(bare);
  const f = fastest(full);
  const ratio = f.seconds / b.seconds;
  const realtime = standardSeconds / f.seconds;
  out('');
  out(`${standardSeconds} s at 1080x1920, x264 ${preset}, ${availableParallelism()} CPUs, best of ${rounds}`);
  out(`bare x264 re-encode   ${b.seconds.toFixed(1).padStart(6)} s   peak memory ${mb(b.peakRssBytes)}`);
  out(`full composition      ${f.seconds.toFixed(1).padStart(6)} s   peak memory ${mb(f.peakRssBytes)}`);
  const sp = fastest(split);
  const ls = fastest(lastSegment);
  out(`${segments} segments in a row   ${sp.seconds.toFixed(1).padStart(6)} s   ${(sp.seconds / f.seconds).toFixed(2)}x the single pass (CPU cost of the split, for the record)`);
  out(`last segment alone    ${ls.seconds.toFixed(1).padStart(6)} s   ${(ls.seconds / f.seconds).toFixed(2)}x the single pass (about the wall time with a free worker per segment)`);
  out(`ratio full / bare     ${ratio.toFixed(2).padStart(6)}     target <= ${maxRatio}: ${ratio <= maxRatio ? 'met' : 'MISSED'}`);
  out(`realtime factor       ${realtime.toFixed(2).padStart(6)}x    target > 1: ${realtime > 1 ? 'met' : 'MISSED'}`);
  if (ratio > maxRatio || realtime <= 1) process.exitCode = 1;
} finally {
  await cleanup();
}
