import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FinalVideoStatus } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { fixtureDir, seedProject } from './subtitles-fixtures.ts';

const targets = await testDatabaseTargets();

/**
 * The probe's free video: a final render cancelled at the moment its file is stored. Completion and the credit are
 * decided once, with the job's row: the cancel either wins (nothing is kept, the credit comes back) or comes too late.
 */
describe.each(targets)('a late cancel of a final render on $name', (target) => {
  let t: TestApp;
  let dir: string;
  let cleanup: () => void;
  /** Runs when the render's video has just been stored, before the job is marked done. */
  let onVideoStored: (key: string) => Promise<void> = async () => undefined;

  beforeAll(async () => {
    t = await startTestApp(target);
    const storage = t.composed.storage;
    const putFile = storage.putFile.bind(storage);
    storage.putFile = async (key, path, contentType) => {
      const stored = await putFile(key, path, contentType);
      if (/-final[^/]*\.mp4$/.test(key)) await onVideoStored(key);
      return stored;
    };
    await t.composed.queue.startWorkers(1);
    ({ dir, cleanup } = fixtureDir());
  });
  afterAll(async () => {
    await t.close();
    cleanup();
  });

  async function renderWith(name: string, whenStored: (jobId: () => string, key: string) => Promise<void>) {
    const signed = await signUpAndConfirm(t.app, `${name}-${target.name}@example.com`);
    await signed.client.post('/api/auth/sign-in/email', { email: signed.email, password: signed.password });
    const { client, userId } = signed;
    const videoId = (await seedProject(t, userId, dir, { text: 'Fresh bread every morning.' })).id;
    let jobId = '';
    onVideoStored = (key) => whenStored(() => jobId, key);
    const usedBefore = (await t.composed.repositories.subscriptions.find(userId))!.videosUsed;
    const form = new URLSearchParams({ user_id: userId, video_id: videoId, subtitle_enabled: 'No', subtitle_position: 'bottom', subtitle_font_size: 'medium', words_per_chunk: '3', subtitle_srt: '', subtitle_style: 'Hormozi' });
    const started = await client.request('POST', '/api/final-video', form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(started.statusCode).toBe(200);
    jobId = (started.json() as FinalVideoStatus).job_id;
    let status: FinalVideoStatus;
    for (;;) {
      status = (await client.post('/api/check-final-video', { user_id: userId, video_id: videoId })).json() as FinalVideoStatus;
      if (status.status !== 'processing') break;
      await sleep(200);
    }
    const usedAfter = (await t.composed.repositories.subscriptions.find(userId))!.videosUsed;
    const project = (await t.composed.repositories.projects.findOwned(userId, videoId))!;
    const renders = join(t.config.dataDir, 'files', 'users', userId, 'renders');
    const finalFiles = () => (existsSync(renders) ? readdirSync(renders).filter((name) => name.includes('-final')) : []);
    // The worker removes a cancelled render's files as it ends, a moment after the page hears of the cancel.
    const kept = project.finalVideoKey ? 2 : 0;
    for (let waited = 0; finalFiles().length !== kept && waited < 10_000; waited += 100) await sleep(100);
    const files = finalFiles();
    const videos = (await client.post('/api/videos', { user_id: userId })).json() as { videos: unknown[] };
    return { client, status, usedBefore, usedAfter, project, files, videos: videos.videos, jobId };
  }

  it('a cancel that lands as the file is stored keeps no video, no file and no credit', async () => {
    const run = await renderWith('late-cancel', async (jobId, key) => {
      const cancelled = await t.composed.queue.cancel(key.split('/')[1]!, jobId());
      expect(cancelled.state).toBe('cancelled');
    });
    expect(run.status.status).toBe('error');
    expect(run.project.completedAt).toBeNull();
    expect(run.project.finalVideoKey).toBeNull();
    expect(run.files).toEqual([]);
    expect(run.videos).toEqual([]);
    expect(run.usedAfter).toBe(run.usedBefore);
  }, 120_000);

  it('a cancel after the job is done comes too late: the video is kept and paid for', async () => {
    const run = await renderWith('too-late', async () => undefined);
    expect(run.status.status).toBe('done');
    const late = await run.client.post(`/api/jobs/${run.jobId}/cancel`);
    expect(late.json().status).toBe('done');
    expect(run.project.completedAt).not.toBeNull();
    expect(run.files.sort()).toEqual([`${run.project.id}-final-${run.jobId}.jpg`, `${run.project.id}-final-${run.jobId}.mp4`]);
    expect(run.videos).toHaveLength(1);
    expect(run.usedAfter).toBe(run.usedBefore + 1);
  }, 120_000);
});
