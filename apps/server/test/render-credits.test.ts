import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { finalVideoTexts, plans, quotaMessages, type FinalVideoCost, type FinalVideoStatus } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { fixtureDir, makeBackground, seedProject } from './subtitles-fixtures.ts';

const targets = await testDatabaseTargets();

describe.each(targets)('video credits of final renders on $name', (target) => {
  let t: TestApp;
  let dir: string;
  let cleanup: () => void;

  beforeAll(async () => {
    t = await startTestApp(target);
    // Two workers, so only the plan's limit keeps a Free user's second render from starting beside the first.
    await t.composed.queue.startWorkers(2);
    ({ dir, cleanup } = fixtureDir());
  });
  afterAll(async () => {
    await t.close();
    cleanup();
  });

  async function account(name: string) {
    const signed = await signUpAndConfirm(t.app, `${name}-${target.name}@example.com`);
    await signed.client.post('/api/auth/sign-in/email', { email: signed.email, password: signed.password });
    const { client, userId } = signed;
    const usage = async () => (await t.composed.repositories.subscriptions.find(userId))!.videosUsed;
    const render = (videoId: string, extra: Record<string, string> = {}) =>
      client.request(
        'POST',
        '/api/final-video',
        new URLSearchParams({ user_id: userId, video_id: videoId, subtitle_enabled: 'No', subtitle_position: 'bottom', subtitle_font_size: 'medium', words_per_chunk: '3', subtitle_srt: '', subtitle_style: 'Hormozi', ...extra }).toString(),
        { 'content-type': 'application/x-www-form-urlencoded' },
      );
    const check = async (videoId: string) => (await client.post('/api/check-final-video', { user_id: userId, video_id: videoId })).json() as FinalVideoStatus;
    const cost = async (videoId: string) => (await client.post('/api/final-video-cost', { user_id: userId, video_id: videoId })).json() as FinalVideoCost;
    async function finished(videoId: string): Promise<FinalVideoStatus> {
      for (;;) {
        const status = await check(videoId);
        if (status.status !== 'processing') return status;
        await sleep(250);
      }
    }
    const project = async (text = 'Short one.') => (await seedProject(t, userId, dir, { text })).id;
    return { client, userId, usage, render, check, cost, finished, project };
  }

  it('with one credit left, one render holds it and the others are refused; a render that fails gives it back', async () => {
    const user = await account('flood');
    const { videosAllowed } = (await t.composed.repositories.subscriptions.find(user.userId))!;
    await t.composed.repositories.subscriptions.update(user.userId, { videosUsed: videosAllowed - 1 });
    const projects = [await user.project(), await user.project(), await user.project()];

    const answers = await Promise.all(projects.map((id) => user.render(id)));
    const started = answers.filter((answer) => answer.statusCode === 200);
    expect(started).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: quotaMessages.videos });
    }
    expect(await user.usage()).toBe(videosAllowed);

    // The render fails (here: it is cancelled); the page's poll sees it and the credit is back for another video.
    const { job_id: jobId, video_id: videoId } = started[0]!.json() as FinalVideoStatus;
    expect((await user.client.post(`/api/jobs/${jobId}/cancel`)).json().status).toBe('cancelled');
    expect((await user.finished(videoId)).status).toBe('error');
    expect(await user.usage()).toBe(videosAllowed - 1);
    expect((await user.render(projects.find((id) => id !== videoId)!)).statusCode).toBe(200);
    expect(await user.usage()).toBe(videosAllowed);
  }, 120_000);

  it('a changed document replaces the render still under way, whose held credit moves to the new one', async () => {
    const user = await account('supersede');
    const { videosAllowed } = (await t.composed.repositories.subscriptions.find(user.userId))!;
    await t.composed.repositories.subscriptions.update(user.userId, { videosUsed: videosAllowed - 1 });
    const id = await user.project();
    const backgroundKey = `users/${user.userId}/uploads/${randomUUID()}.mp4`;
    await t.composed.storage.putFile(backgroundKey, makeBackground(dir, 3).path, 'video/mp4');
    const first = (await user.render(id)).json() as FinalVideoStatus;

    // Another background while the first render is still under way (a render takes seconds; this, milliseconds).
    await t.composed.repositories.projects.mergeDocument(user.userId, id, { background: { kind: 'clips', clips: [{ key: backgroundKey, duration: 3 }], fit: 'loop' } });
    const second = await user.render(id);
    expect(second.statusCode).toBe(200);
    expect(second.json().job_id).not.toBe(first.job_id);
    expect((await t.composed.repositories.jobStatus.find(first.job_id))!.state).toBe('cancelled');
    expect(await user.usage()).toBe(videosAllowed);
    expect((await user.finished(id)).status).toBe('done');
    expect(await user.usage()).toBe(videosAllowed);
  }, 120_000);

  it('runs as many renders at once as the plan allows; the next waits in the queue and the page is told why', async () => {
    expect(plans.free.rendersAtOnce).toBe(1);
    expect(plans.pro.rendersAtOnce).toBeGreaterThan(1);
    const user = await account('queue');
    const [first, second] = [await user.project('First one.'), await user.project('Second one.')];
    const firstJob = (await user.render(first)).json() as FinalVideoStatus;
    for (;;) {
      const record = await t.composed.repositories.jobStatus.find(firstJob.job_id);
      if (record!.state === 'processing') break;
      expect(record!.state).toBe('queued');
      await sleep(50);
    }
    const waiting = (await user.render(second)).json() as FinalVideoStatus;
    expect(waiting).toMatchObject({ status: 'processing', waiting: finalVideoTexts.waitingForTurn(1) });

    const jobs = [firstJob.job_id, waiting.job_id];
    for (;;) {
      const states = await Promise.all(jobs.map(async (id) => (await t.composed.repositories.jobStatus.find(id))!.state));
      expect(states.filter((state) => state === 'processing').length).toBeLessThanOrEqual(1);
      if (states.every((state) => state === 'done' || state === 'error')) break;
      await sleep(100);
    }
    expect(await user.finished(first)).toMatchObject({ status: 'done', waiting: null });
    expect(await user.finished(second)).toMatchObject({ status: 'done', waiting: null });
    expect(await user.usage()).toBe(2);
  }, 240_000);

  it('re-renders with the same voiceover for free, and counts one credit for a re-render with a new voiceover', async () => {
    const user = await account('rerender');
    const id = await user.project();
    expect(await user.cost(id)).toEqual({ uses_credit: true, new_voiceover: false, videos_left: 3, renders_at_once: 1, has_logo: false });
    await user.render(id);
    expect((await user.finished(id)).status).toBe('done');
    expect(await user.usage()).toBe(1);
    expect(await user.cost(id)).toMatchObject({ uses_credit: false, new_voiceover: false, videos_left: 2 });

    // Another background and subtitle style: the same voiceover, so the same video, for free.
    const { storage, repositories } = t.composed;
    const background = makeBackground(dir, 3);
    const backgroundKey = `users/${user.userId}/uploads/${randomUUID()}.mp4`;
    await storage.putFile(backgroundKey, background.path, 'video/mp4');
    await repositories.projects.mergeDocument(user.userId, id, { background: { kind: 'clips', clips: [{ key: backgroundKey, duration: 3 }], fit: 'loop' } });
    const restyled = (await user.render(id, { subtitle_style: 'Lato' })).json() as FinalVideoStatus;
    expect(restyled.status).toBe('processing');
    expect((await user.finished(id)).status).toBe('done');
    expect(await user.usage()).toBe(1);

    // A new voiceover (another script, voice or tempo is another audio file) makes a new video: one credit.
    const voiceover = ((await repositories.projects.findOwned(user.userId, id))!.composition as ProjectDocument).voiceover!;
    const newKey = `users/${user.userId}/uploads/${randomUUID()}.wav`;
    await storage.putFile(newKey, await storage.localPath(voiceover.key), 'audio/wav');
    await repositories.projects.mergeDocument(user.userId, id, { voiceover: { ...voiceover, key: newKey, tempo: 1.25 } });
    expect(await user.cost(id)).toMatchObject({ uses_credit: true, new_voiceover: true, videos_left: 2 });
    expect(finalVideoTexts.cost(await user.cost(id))).toBe('The voiceover changed since the last final video, so this makes a new video: it uses 1 video credit (2 credits left).');
    await user.render(id);
    expect(await user.usage()).toBe(2);
    expect((await user.finished(id)).status).toBe('done');
    expect(await user.usage()).toBe(2);
    expect(await user.cost(id)).toMatchObject({ uses_credit: false, videos_left: 1 });
  }, 240_000);
});
