import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '../test/multi-host/cluster.ts';
import { namespacesUnavailable } from '../test/multi-host/network.ts';
import { postgresUnavailable } from '../test/multi-host/postgres.ts';
import { UserClient } from '../test/multi-host/user-client.ts';

/**
 * `npm run bench:workers` (as root): final renders per minute with 1, 2 and 3 worker hosts, on the multi-host test's
 * topology (one API host, a private PostgreSQL, s3rver; each in a network namespace). Every project is uploaded and
 * prepared first; the clock runs from the first final-video request to the last finished render. BENCH_RENDERS
 * (default 12) and BENCH_SECONDS (the clip's length, default 1) change the load. Renders of one Free-plan person
 * run one at a time, so the renders are spread over enough people that the plan never holds a worker back.
 */
const out = (line: string) => process.stdout.write(`${line}\n`);
const renders = Number(process.env.BENCH_RENDERS ?? 12);
const seconds = Number(process.env.BENCH_SECONDS ?? 1);
const perPerson = 2;

/** CPU seconds of a process and its reaped children (its ffmpeg runs): utime, stime, cutime, cstime at 100 Hz. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

const unavailable = namespacesUnavailable() ?? postgresUnavailable();
if (unavailable) {
  out(`bench:workers cannot run here: ${unavailable}`);
  process.exit(1);
}

const scratch = mkdtempSync(join(tmpdir(), 'rs-bench-workers-'));
const clip = join(scratch, 'talk.mp4');
execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=360x640:rate=25:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
  '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip]);
const video = readFileSync(clip);

async function measure(workers: number): Promise<{ wall: number; perMinute: number; cpuPerRender: number; load: number }> {
  const cluster = await startCluster({ apis: 1, workers, lostAfterSeconds: 20 });
  try {
    const api = cluster.apis[0]!.url;
    const people = Array.from({ length: Math.ceil(renders / perPerson) }, (_, n) => new UserClient(`bench${n}@multi-host.test`));
    await Promise.all(people.map((person) => person.signUp(api, api, cluster.operatorToken)));
    const projects = await Promise.all(
      Array.from({ length: renders }, async (_, n) => {
        const person = people[n % people.length]!;
        return { person, videoId: (await person.prepareVideo([api, api], video)).videoId };
      }),
    );
    const cpuBefore = cluster.workers.reduce((sum, worker) => sum + cpuSeconds(worker.child.pid!), 0);
    const started = performance.now();
    const statuses = await Promise.all(
      projects.map(async ({ person, videoId }) => {
        await person.startFinalVideo(api, videoId);
        return person.finished([api], videoId, 30 * 60_000);
      }),
    );
    const wall = (performance.now() - started) / 1000;
    const failed = statuses.filter((status) => status.status !== 'done');
    if (failed.length > 0) throw new Error(`${failed.length} renders failed: ${JSON.stringify(failed[0])}`);
    const cpu = cluster.workers.reduce((sum, worker) => sum + cpuSeconds(worker.child.pid!), 0) - cpuBefore;
    return { wall, perMinute: (renders * 60) / wall, cpuPerRender: cpu / renders, load: loadavg()[0]! };
  } finally {
    await cluster.destroy();
  }
}

try {
  // Wall time depends on what else the machine runs (its load average is printed); the workers' CPU per render does not.
  out(`${renders} final renders of a ${seconds} s clip (1080x1920) per row; 1 API host`);
  out('| workers | wall (s) | renders/min | worker CPU s per render | load avg after |');
  out('|---|---|---|---|---|');
  for (const workers of [1, 2, 3]) {
    const { wall, perMinute, cpuPerRender, load } = await measure(workers);
    out(`| ${workers} | ${wall.toFixed(1)} | ${perMinute.toFixed(1)} | ${cpuPerRender.toFixed(2)} | ${load.toFixed(1)} |`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
