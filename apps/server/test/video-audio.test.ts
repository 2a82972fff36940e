import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brollTexts, combineVideoAudioResponse, genericMessages, videoAudioTexts, videoStatusResponse, type VideoStatusResponse } from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../src/jobs/queue.ts';
import { createFileUrlSigner } from '../src/core/files/file-urls.ts';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { createProjectVideoJobs } from '../src/core/project/project-video-jobs.ts';
import { createWorkflowProjects } from '../src/core/project/workflow-projects.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import { multipartForm } from './brolls-multipart.ts';
import { testDatabaseTargets } from './databases.ts';
import { fixtureDir, makeBackground, seedProject } from './subtitles-fixtures.ts';

const targets = await testDatabaseTargets();
const renderTimeout = 300_000;

describe.each(targets)('video and audio combining on $name', (target) => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  let dir: string;
  let cleanup: () => void;
  const signer = () => createFileUrlSigner({ secret: t.config.authSecret, ttlSeconds: t.config.fileUrlTtlSeconds });
  const projectOf = async (id: string) => (await t.composed.repositories.projects.findOwned(userId, id))!;
  const documentOf = async (id: string) => (await projectOf(id)).composition as ProjectDocument;
  const combine = (fields: Record<string, string>) => {
    // SPEC: a form; the browser's FormData arrives as multipart.
    const { payload, headers } = multipartForm(fields);
    return client.request('POST', '/api/combine-video-audio', payload, headers);
  };
  const status = (videoId: string, as = client, user = userId) => as.post('/api/check-video-status', { user_id: user, video_id: videoId });

  async function pollUntilSettled(videoId: string): Promise<VideoStatusResponse> {
    const deadline = Date.now() + renderTimeout - 20_000;
    for (;;) {
      const response = await status(videoId);
      expect(response.statusCode, response.body).toBe(200);
      const body = videoStatusResponse.parse(response.json());
      if (body.status !== 'processing' || Date.now() > deadline) return body;
      await sleep(300);
    }
  }

  /** A project with a voiceover and no background yet, started from an uploaded video, as /audio-types leaves it. */
  async function projectWithSourceVideo(options: { missingVoiceFile?: boolean } = {}) {
    const seeded = await seedProject(t, userId, dir, { background: false, ...options });
    const bg = makeBackground(dir, 4);
    const key = `users/${userId}/uploads/${randomUUID()}.mp4`;
    await t.composed.storage.putFile(key, bg.path, 'video/mp4');
    await t.composed.repositories.projects.update(userId, seeded.id, { sourceVideoKey: key });
    return { ...seeded, sourceKey: key };
  }

  beforeAll(async () => {
    t = await startTestApp(target);
    await t.composed.queue.startWorkers(1);
    ({ dir, cleanup } = fixtureDir());
    const account = await signUpAndConfirm(t.app, `video-audio-${target.name}@example.com`);
    ({ client, userId } = account);
    await client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    cleanup();
  });

  it('combines the uploaded video with the voiceover into a preview the page polls for', async () => {
    const { id, document, sourceKey } = await projectWithSourceVideo();
    const started = await combine({ user_id: userId, video_id: id });
    expect(started.statusCode, started.body).toBe(200);
    const { job_id } = combineVideoAudioResponse.parse(started.json());
    // The request's id, as the response names it, is the one the job logs under.
    expect((await t.composed.repositories.jobStatus.find(job_id))?.requestId).toBe(started.headers['x-request-id']);

    const done = await pollUntilSettled(id);
    expect(done).toMatchObject({ status: 'done', error: null, percent: 100 });
    const file = await client.get(done.user_video_url!);
    expect(file.statusCode).toBe(200);
    const video = join(dir, `combined-${target.name}.mp4`);
    writeFileSync(video, file.rawPayload);
    const info = await probe(video);
    expect(info).toMatchObject({ hasVideo: true, hasAudio: true, width: 540, height: 960 });
    expect(Math.abs(info.duration - document.voiceover!.duration)).toBeLessThanOrEqual(0.3);

    const project = await projectOf(id);
    expect(project.previewVideoKey).toBe(`users/${userId}/renders/${id}-combine.mp4`);
    expect(project.composition).toMatchObject({
      background: { kind: 'clips', fit: 'loop', clips: [{ key: sourceKey, duration: expect.closeTo(4, 1) }] },
      videoJob: { jobId: job_id, purpose: 'combine' },
      voiceover: document.voiceover,
    });
    const latest = await client.post('/api/get-latest-video', { user_id: userId, video_id: id });
    expect(latest.json().user_video_url).toContain(`/files/users/${userId}/renders/${id}-combine.mp4`);

    // The B-roll step reusing that preview keeps the document's sources instead of the low-resolution render.
    const skipped = await client.post('/api/skip-broll', { user_id: userId, video_id: id, main_video_url: done.user_video_url });
    expect(skipped.json()).toEqual({ status: 'success' });
    const after = await projectOf(id);
    expect((after.composition as ProjectDocument).background).toEqual(project.composition.background);
    expect(after.sourceVideoKey).toBe(sourceKey);
  }, renderTimeout);

  it('reports a failed render as the spec says and leaves the project as it was', async () => {
    const { id } = await projectWithSourceVideo({ missingVoiceFile: true });
    expect((await combine({ user_id: userId, video_id: id })).statusCode).toBe(200);
    const failed = await pollUntilSettled(id);
    expect(failed).toMatchObject({ status: 'error', user_video_url: null, error: 'Video generation failed.' });
    expect((await projectOf(id)).previewVideoKey).toBeNull();
  }, renderTimeout);

  it('refuses to combine without a voiceover or without a video, changing nothing', async () => {
    const noVoice = await seedProject(t, userId, dir, { voice: false });
    const noVideo = await seedProject(t, userId, dir, { background: false });
    for (const [project, message] of [[noVoice, videoAudioTexts.needsVoiceover], [noVideo, videoAudioTexts.needsVideo]] as const) {
      const before = await projectOf(project.id);
      const response = await combine({ user_id: userId, video_id: project.id });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: message });
      expect(await projectOf(project.id)).toEqual(before);
    }
    const { id } = await seedProject(t, userId, dir, { voice: false, background: false });
    expect((await combine({ user_id: userId, video_id: id })).json()).toEqual({ error: videoAudioTexts.needsVideo });
    const unstarted = await status(id);
    expect(unstarted.statusCode).toBe(404);
    expect(unstarted.json()).toEqual({ error: videoAudioTexts.noVideoJob });
  });

  it("records the project's own voiceover and refuses any other audio link", async () => {
    const { id, document } = await seedProject(t, userId, dir);
    const voice = document.voiceover!;
    const update = (audioUrl: string, as = client, user = userId) => as.post('/api/update-video-audio', { user_id: user, video_id: id, audio_url: audioUrl });
    expect((await update(signer().sign(voice.key))).json()).toEqual({ status: 'success' });
    expect((await documentOf(id)).voiceover).toEqual(voice);

    // After a tempo change the page may still name the tempo-1 take: that goes back to it.
    const faster = { ...voice, key: `users/${userId}/audio/${randomUUID()}.wav`, duration: voice.duration / 1.5, tempo: 1.5 };
    await t.composed.repositories.projects.mergeDocument(userId, id, { voiceover: faster });
    expect((await update(signer().sign(voice.original.key))).json()).toEqual({ status: 'success' });
    expect((await documentOf(id)).voiceover).toEqual({ ...voice, tempo: 1 });

    const before = await projectOf(id);
    const signed = signer().sign(voice.key);
    const refused = [
      signed.replace(/sig=[^&]+/, 'sig=forged'),
      signer().sign(`users/${userId}/uploads/someone-else.wav`),
      signer().sign(`users/${randomUUID()}/audio/theirs.wav`),
      'https://example.com/voice.wav',
    ];
    for (const url of refused) {
      const response = await update(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: videoAudioTexts.notThisVoiceover });
    }
    const noVoice = await seedProject(t, userId, dir, { voice: false });
    const none = await client.post('/api/update-video-audio', { user_id: userId, video_id: noVoice.id, audio_url: signed });
    expect(none.json()).toEqual({ error: videoAudioTexts.notThisVoiceover });
    expect(await projectOf(id)).toEqual(before);
  });

  it("answers 404 for another user's project and 403 for another user's id, changing nothing", async () => {
    const { id, document } = await seedProject(t, userId, dir);
    const before = await projectOf(id);
    const other = await signUpAndConfirm(t.app, `video-audio-other-${target.name}@example.com`);
    await other.client.post('/api/auth/sign-in/email', { email: other.email, password: other.password });
    const audio_url = signer().sign(document.voiceover!.key);
    const calls = [
      () => other.client.post('/api/update-video-audio', { user_id: other.userId, video_id: id, audio_url }),
      () => other.client.request('POST', '/api/combine-video-audio', new URLSearchParams({ user_id: other.userId, video_id: id }).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      () => status(id, other.client, other.userId),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: brollTexts.noProject });
    }
    const forUser = await other.client.post('/api/check-video-status', { user_id: userId, video_id: id });
    expect(forUser.statusCode).toBe(403);
    expect(forUser.json()).toEqual({ error: genericMessages.forbidden });
    expect(await projectOf(id)).toEqual(before);
  });

  it('waits for a one-request render, and gives up with the spec texts on failure or timeout', async () => {
    const workflow = createWorkflowProjects(t.composed.repositories.projects);
    const deps = { workflow, queue: t.composed.queue, signer: signer(), renderJob: t.composed.jobs.render, pollMs: 200 };
    const videoJobs = createProjectVideoJobs(deps);

    const { id } = await seedProject(t, userId, dir);
    const { jobId } = await videoJobs.start(await projectOf(id), 'storyboard');
    const url = await videoJobs.waitForUrl(userId, jobId, renderTimeout - 30_000);
    expect(url).toContain(`/files/users/${userId}/renders/${id}-storyboard.mp4`);
    expect((await projectOf(id)).previewVideoKey).toBe(`users/${userId}/renders/${id}-storyboard.mp4`);

    const broken = await seedProject(t, userId, dir, { missingVoiceFile: true });
    const failing = await videoJobs.start(await projectOf(broken.id), 'images');
    await expect(videoJobs.waitForUrl(userId, failing.jobId, renderTimeout - 30_000)).rejects.toMatchObject({ statusCode: 502, message: videoAudioTexts.failed });
    expect((await projectOf(broken.id)).previewVideoKey).toBeNull();

    const stuck = { status: async () => ({ state: 'processing', percent: 10, result: null }) } as unknown as JobQueue;
    const slow = createProjectVideoJobs({ ...deps, queue: stuck });
    await expect(slow.waitForUrl(userId, jobId, 300)).rejects.toMatchObject({ statusCode: 504, message: videoAudioTexts.tooSlow });
  }, renderTimeout);
});
