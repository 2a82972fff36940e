import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { probe } from '@reelsmith/media';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config.ts';
import type { JobStatusRecord } from '../src/db/repositories/job-status.ts';
import { finalVideoKeys } from '../src/jobs/final-render-job.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const [pglite] = await testDatabaseTargets();
const seconds = 6;

/** Every file under a folder, however deep; none when it does not exist. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [entry.name]));
}

describe('a final render split into segments across workers', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** A project with a 6 s background and voiceover whose final render is queued. */
  async function startFinal(settings: AppConfig['renderSegments'], byKind: Record<string, number>) {
    t = await startTestApp(pglite!, { renderSegments: settings });
    await t.composed.queue.startWorkers(1, byKind);
    const { userId } = await signUpAndConfirm(t.app, 'segments@example.com');
    const uploads = join(t.config.dataDir, 'files/users', userId, 'uploads');
    mkdirSync(uploads, { recursive: true });
    const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
    ffmpeg(['-f', 'lavfi', '-i', `testsrc2=size=720x1280:rate=30:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(uploads, 'bg.mp4')]);
    ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}`, join(uploads, 'voice.wav')]);
    const projectId = 'segmented-project';
    await t.composed.repositories.projects.create({ id: projectId, userId, videoType: 'add-brolls' });
    const job = await t.composed.queue.enqueue(
      t.composed.jobs.final,
      {
        projectId,
        composition: {
          background: { kind: 'clips', fit: 'trim', clips: [{ key: `users/${userId}/uploads/bg.mp4`, duration: seconds }] },
          voiceover: { key: `users/${userId}/uploads/voice.wav`, duration: seconds, words: [] },
        },
      },
      { userId },
    );
    return { jobId: job.id, userId, projectId, dataDir: t.config.dataDir };
  }

  async function settle(userId: string, jobId: string, until = (r: JobStatusRecord) => r.state !== 'queued' && r.state !== 'processing') {
    for (;;) {
      const record = await t!.composed.queue.status(userId, jobId);
      if (until(record)) return record;
      await sleep(200);
    }
  }

  async function renderFinal(settings: AppConfig['renderSegments'], byKind: Record<string, number>) {
    const started = await startFinal(settings, byKind);
    return { ...started, record: await settle(started.userId, started.jobId) };
  }

  const counts = async (queue: string) =>
    Object.fromEntries((await t!.composed.repositories.jobStatus.countsByQueueAndState()).filter((c) => c.queue === queue).map((c) => [c.state, c.count]));

  it('renders the pieces on free workers, joins them into a valid MP4 and leaves no piece behind', { timeout: 300_000 }, async () => {
    const { record, userId, projectId, jobId, dataDir } = await renderFinal({ parts: 3, minSeconds: 4 }, { 'render-segment': 2 });
    expect(record).toMatchObject({ state: 'done', percent: 100, error: null });
    const key = finalVideoKeys(userId, projectId, jobId).video;
    expect(record.result).toMatchObject({ key });

    const info = await probe(join(dataDir, 'files', key));
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264', frameRate: 30, audioCodec: 'aac', sampleRate: 48000 });
    expect(Math.abs(info.duration - seconds)).toBeLessThan(1 / 30);
    const frames = execFileSync('ffprobe', ['-v', 'error', '-count_packets', '-select_streams', 'v', '-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', join(dataDir, 'files', key)]);
    expect(Number(frames.toString())).toBe(seconds * 30);

    // Two segments went to the queue; the first and the soundtrack were the final render's own. The workers were
    // free, so at least one segment was theirs; a segment still waiting was taken back, never left queued.
    const children = await counts('render-segment');
    expect((children.done ?? 0) + (children.cancelled ?? 0)).toBe(2);
    expect(children.done).toBeGreaterThanOrEqual(1);
    expect(filesUnder(join(dataDir, 'files/users', userId, 'renders/segments'))).toEqual([]);
    expect(filesUnder(join(dataDir, 'tmp'))).toEqual([]);
  });

  it('with no worker free for segments, the final render takes every one back and finishes alone', { timeout: 300_000 }, async () => {
    const { record, userId, dataDir } = await renderFinal({ parts: 3, minSeconds: 4 }, { 'render-segment': 0 });
    expect(record).toMatchObject({ state: 'done', percent: 100 });
    expect(await counts('render-segment')).toEqual({ cancelled: 2 });
    expect(filesUnder(join(dataDir, 'files/users', userId, 'renders/segments'))).toEqual([]);
    expect(filesUnder(join(dataDir, 'tmp'))).toEqual([]);
  });

  it('cancelling the final render cancels its segments and removes its pieces', { timeout: 300_000 }, async () => {
    const { jobId, userId, dataDir } = await startFinal({ parts: 3, minSeconds: 4 }, { 'render-segment': 1 });
    const started = await settle(userId, jobId, (r) => (r.state === 'processing' && r.percent >= 5) || (r.state !== 'queued' && r.state !== 'processing'));
    expect(started.state).toBe('processing');
    await t!.composed.queue.cancel(userId, jobId);
    await settle(userId, jobId, () => filesUnder(join(dataDir, 'tmp')).length === 0);
    // The segment a worker had started stops within a heartbeat or two (longer on a busy machine), and a piece it was
    // storing as the cancel came is removed when its own job learns of the cancel; the one still queued never starts.
    const expected = { segments: { cancelled: 2 }, pieces: [], scratch: [] };
    const leftovers = async () => ({
      segments: await counts('render-segment'),
      pieces: filesUnder(join(dataDir, 'files/users', userId, 'renders/segments')),
      scratch: filesUnder(join(dataDir, 'tmp')),
    });
    const deadline = Date.now() + 30_000;
    let seen = await leftovers();
    while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < deadline) {
      await sleep(250);
      seen = await leftovers();
    }
    expect(seen).toEqual(expected);
  });

  it('with RENDER_SEGMENTS=1 renders in one job, as before', { timeout: 300_000 }, async () => {
    const { record, dataDir } = await renderFinal({ parts: 1, minSeconds: 4 }, {});
    expect(record).toMatchObject({ state: 'done', percent: 100 });
    expect(await counts('render-segment')).toEqual({});
    expect(filesUnder(join(dataDir, 'tmp'))).toEqual([]);
  });
});
