import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from './multi-host/cluster.ts';
import { bucketKeys, filesUnder, keyOfSignedUrl, query } from './multi-host/inspect.ts';
import { namespacesUnavailable } from './multi-host/network.ts';
import { postgresUnavailable } from './multi-host/postgres.ts';
import { ffmpegOf, waitForLog } from './multi-host/processes.ts';
import { UserClient } from './multi-host/user-client.ts';

const users = 10;
const rendersPerUser = 3; // the Free plan's videos a month: every credit is used, none may go missing
const clipSeconds = 1;

// scripts/test.mjs reads this marker and names the skip in CI's summary, so a skipped run is never a silent pass.
const skipMarker = resolve(import.meta.dirname, '../../../.tmp/reports/multi-host-skipped.txt');
const failureLogs = resolve(import.meta.dirname, '../../../.tmp/reports/multi-host-logs');
const unavailable = namespacesUnavailable() ?? postgresUnavailable();
if (unavailable) {
  console.warn(`[tests] multi-host test skipped: ${unavailable}`);
  mkdirSync(resolve(skipMarker, '..'), { recursive: true });
  writeFileSync(skipMarker, unavailable);
}

interface Render {
  user: UserClient;
  videoId: string;
  jobId: string;
  uploadUrl: string;
}

/**
 * Two API processes and three workers, each on a host (network namespace) of its own, on a private PostgreSQL and an
 * S3 server (s3rver), as a deployment runs them. Ten people make three final videos each through both APIs while a
 * worker host dies mid-render and the database restarts.
 */
describe.skipIf(unavailable)('several hosts on one database and one bucket', () => {
  let cluster: Cluster;
  let passed = false;
  const began = Date.now();
  // The run's phases with their times: CI's budget is tight, and this is where to look when the test grows.
  const mark = (what: string) => console.log(`[multi-host] ${what} at ${((Date.now() - began) / 1000).toFixed(1)} s`);
  const scratch = mkdtempSync(join(tmpdir(), 'rs-multihost-fixture-'));
  const clip = join(scratch, 'talk.mp4');

  beforeAll(async () => {
    // The user's own talking video: the Add B-Rolls flow keeps its sound, so it needs an audio stream.
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=360x640:rate=25:duration=${clipSeconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${clipSeconds}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip]);
    cluster = await startCluster({ apis: 2, workers: 3, lostAfterSeconds: 6, logsOnFailure: failureLogs });
    mark('2 APIs and 3 workers ready');
  }, 180_000);

  afterAll(async () => {
    // The logs go with the temp folder: keep a copy when something went wrong.
    if (cluster && !passed) {
      cpSync(cluster.logDir, failureLogs, { recursive: true });
      console.error(`[multi-host] the hosts' logs are in ${failureLogs}`);
    }
    await cluster?.destroy();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('finishes every render exactly once, charges every credit once and leaves nothing behind', async () => {
    const [api1, api2] = cluster.apis.map((api) => api.url) as [string, string];
    const { operatorToken } = cluster;
    const people = Array.from({ length: users }, (_, n) => new UserClient(`person${n}@multi-host.test`));
    // Alternate which API each step lands on, as a round-robin load balancer would.
    await Promise.all(people.map((person, n) => (n % 2 ? person.signUp(api2, api1, operatorToken) : person.signUp(api1, api2, operatorToken))));
    for (const [n, person] of people.entries()) expect(await person.videosUsed(n % 2 ? api1 : api2)).toBe(0);
    mark(`${users} people signed up`);

    const video = readFileSync(clip);
    const starting = Promise.all(
      people.map(async (user, n) => {
        const started: Render[] = [];
        for (let r = 0; r < rendersPerUser; r += 1) {
          const bases: [string, string] = (n + r) % 2 ? [api2, api1] : [api1, api2];
          const prepared = await user.prepareVideo(bases, video);
          started.push({ user, ...prepared, jobId: await user.startFinalVideo(bases[1], prepared.videoId) });
        }
        return started;
      }),
    );
    // While people are still starting videos: a worker host dies in the middle of an ffmpeg render (its whole
    // process group, ffmpeg included), then the database host restarts, cutting every connection of every process.
    const faults = (async () => {
      const victim = await waitForRenderingWorker(cluster);
      await cluster.workers[victim.index]!.kill();
      mark(`worker host ${victim.index + 1} killed in the middle of job ${victim.jobId}`);
      await sleep(500);
      await cluster.postgres.restart();
      mark('PostgreSQL restarted');
      return victim;
    })();
    const [started, { index: victimIndex, jobId: interruptedJob }] = await Promise.all([starting, faults]);
    const renders = started.flat();
    expect(new Set(renders.map((r) => r.jobId)).size).toBe(users * rendersPerUser);
    mark(`${users} people signed up and started ${renders.length} final videos`);

    const poll = [api1, api2];
    const outcome = renders.map(async (render) => ({ render, status: await render.user.finished(poll, render.videoId, 240_000) }));
    // The host comes back once the others have finished the killed job (a supervisor restarting the process); it
    // removes what the killed process left in its scratch folder.
    await waitForJobDone(cluster, interruptedJob);
    const restarted = cluster.startWorker(victimIndex);
    await waitForLog(restarted, 'is taking jobs');
    mark('the killed job finished elsewhere; its host runs a worker again');
    const finished = await Promise.all(outcome);
    mark('every render finished');

    for (const { status } of finished) expect(status).toMatchObject({ status: 'done', error: null, final_video_url: expect.any(String) });

    // Exactly once: one pg-boss job and one job_status row per project, all completed; the killed attempt is the only one handed over.
    const jobs = await query<{ id: string; state: string; project: string }>(cluster.postgres.url, "select id, state, data->>'projectId' as project from pgboss.job where name = 'render-final'");
    expect(jobs).toHaveLength(renders.length);
    expect(new Set(jobs.map((job) => job.project))).toEqual(new Set(renders.map((r) => r.videoId)));
    expect(jobs.every((job) => job.state === 'completed')).toBe(true);
    const statuses = await query<{ id: string; state: string; attempt: number; interruptions: number }>(cluster.postgres.url, "select id, state, attempt, interruptions from job_status where queue = 'render-final'");
    expect(statuses.map((s) => s.id).sort()).toEqual(renders.map((r) => r.jobId).sort());
    expect(statuses.filter((s) => s.state !== 'done')).toEqual([]);
    expect(statuses.filter((s) => s.interruptions > 0)).toEqual([expect.objectContaining({ id: interruptedJob, attempt: 2, interruptions: 1 })]);

    // Credits: each of the three renders used one, the plan's whole allowance, on both APIs' books.
    for (const [n, person] of people.entries()) expect(await person.videosUsed(n % 2 ? api2 : api1)).toBe(rendersPerUser);

    // Files: the video each person gets (through the other API) is a whole 1080x1920 MP4.
    const videos = await Promise.all(
      finished.map(async ({ render, status }, n) => {
        const saved = join(scratch, `${render.videoId}.mp4`);
        writeFileSync(saved, await render.user.download(n % 2 ? api1 : api2, status.final_video_url!));
        return probe(saved);
      }),
    );
    for (const info of videos) {
      expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264', hasAudio: true });
      expect(info.duration).toBeCloseTo(clipSeconds, 0);
    }

    // The bucket holds what the renders promised and nothing else: each upload, final video and poster.
    const expected = finished.flatMap(({ render, status }) => [keyOfSignedUrl(render.uploadUrl), keyOfSignedUrl(status.final_video_url!), keyOfSignedUrl(status.final_video_url!).replace(/\.mp4$/, '.jpg')]);
    expect(await bucketKeys(cluster.s3)).toEqual(expected.sort());

    // No host kept a scratch file, the killed worker's host included, and the processes all lived through the restart.
    for (const [host, dataDir] of Object.entries(cluster.dataDirs)) {
      expect({ host, leftovers: filesUnder(join(dataDir, 'tmp')) }).toEqual({ host, leftovers: [] });
    }
    for (const api of cluster.apis) expect(api.process.child.exitCode).toBeNull();
    for (const worker of cluster.workers) expect(worker.child.exitCode).toBeNull();
    mark('checked');
    passed = true;
  }, 300_000);
});

/** A worker whose host is running a final render's ffmpeg right now, and the job it renders. */
async function waitForRenderingWorker(cluster: Cluster): Promise<{ index: number; jobId: string }> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    for (const [index, worker] of cluster.workers.entries()) {
      // The render writes to render-<job id>-<attempt>.mp4 in the worker's scratch folder (render-job.ts).
      const output = ffmpegOf(worker, 'veryfast')?.find((arg) => /render-[0-9a-f-]{36}-\d+\.mp4$/.test(arg));
      if (output) return { index, jobId: /render-([0-9a-f-]{36})-\d+\.mp4$/.exec(output)![1]! };
    }
    await sleep(100);
  }
  throw new Error('no worker started a render within 2 minutes');
}

async function waitForJobDone(cluster: Cluster, jobId: string): Promise<void> {
  for (;;) {
    const rows = await query<{ state: string }>(cluster.postgres.url, 'select state from job_status where id = $1', [jobId]).catch(() => []);
    if (rows[0] && rows[0].state !== 'queued' && rows[0].state !== 'processing') return;
    await sleep(500);
  }
}
