import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  aiVideoMessages,
  beforeAfterOptionsResponse,
  beforeAfterTexts,
  generateBeforeAfterResponse,
  genericMessages,
  quotaMessages,
  uploadMessages,
  videoStatusResponse,
  type BeforeAfterSideType,
} from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { startFakeFal } from '../src/providers/video-generation/fake-fal.fixture.ts';
import { startFakeReplicate } from '../src/providers/video-generation/fake-replicate.fixture.ts';
import { signUpAndConfirm } from './accounts.ts';
import { localVendorTuning, startTestApp, type TestApp } from './app.ts';
import { multipartForm, type FormFile } from './brolls-multipart.ts';
import { testDatabaseTargets } from './databases.ts';
import { makeFixtures } from './media-fixtures.ts';

const targets = await testDatabaseTargets();
const fixtures = makeFixtures();
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
// The before still: red with a dark box, so the motion renderer's move shows. The after clip: blue, 3 s (held to 7 s).
ffmpeg('-f', 'lavfi', '-i', 'color=c=0xd02020:s=400x600,drawbox=x=20:y=20:w=120:h=160:c=black@0.6:t=fill', '-frames:v', '1', fixtures.path('before.png'));
ffmpeg('-f', 'lavfi', '-i', 'color=c=0x2040e0:s=640x360:r=25:d=3,drawbox=x=t*100:y=100:w=80:h=80:c=white:t=fill', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', fixtures.path('after.mp4'));
writeFileSync(fixtures.path('notes.png'), 'Shopping list: eggs, milk, bread.\n'.repeat(20));

const file = (side: 'before' | 'after', name: string): FormFile => ({ field: `${side}_file`, filename: name, content: readFileSync(fixtures.path(name)) });
const beforeImage = file('before', 'before.png');
const afterVideo = file('after', 'after.mp4');

/** The frame at `seconds`, small, as raw RGB bytes. */
const frame = (video: string, seconds: number) =>
  execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', 'scale=54:96', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
/** Near-white pixels in the top-left corner, where each side's label is set (BEFORE, AFTER). */
const labelWhite = (video: string, seconds: number) => {
  const rgb = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', 'crop=540:200:0:100', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  let white = 0;
  for (let i = 0; i < rgb.length; i += 3) if (rgb[i]! > 220 && rgb[i + 1]! > 220 && rgb[i + 2]! > 220) white += 1;
  return white;
};
const centre = (rgb: Buffer) => [...rgb.subarray((48 * 54 + 27) * 3, (48 * 54 + 27) * 3 + 3)];
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;

async function signedIn(t: TestApp, email: string, ai: { allowed: number; used: number }) {
  const account = await signUpAndConfirm(t.app, email);
  await account.client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  await t.composed.quotas.current(account.userId);
  await t.composed.repositories.subscriptions.update(account.userId, { aiVideosAllowed: ai.allowed, aiVideosUsed: ai.used });
  return account;
}

function client(t: TestApp, account: Awaited<ReturnType<typeof signedIn>>) {
  const generate = (fields: Record<string, string>, files: FormFile[]) => {
    const { payload, headers } = multipartForm({ user_id: account.userId, ...fields }, files);
    return account.client.request('POST', '/api/generate-before-after', payload, headers);
  };
  const state = async () => ({
    uploads: (await t.composed.repositories.uploads.listForUser(account.userId)).length,
    aiVideosUsed: (await t.composed.repositories.subscriptions.find(account.userId))!.aiVideosUsed,
    latestProject: (await t.composed.repositories.projects.latestOwned(account.userId))?.id ?? null,
  });
  const checkStatus = async (videoId: string) => videoStatusResponse.parse((await account.client.post('/api/check-video-status', { user_id: account.userId, video_id: videoId })).json());
  async function finalStatus(videoId: string) {
    for (let i = 0; i < 1200; i += 1) {
      const status = await checkStatus(videoId);
      if (status.status !== 'processing') return status;
      await sleep(250);
    }
    throw new Error('the generation did not finish');
  }
  return { generate, state, checkStatus, finalStatus };
}

const types = (before: BeforeAfterSideType, after: BeforeAfterSideType, extra: Record<string, string> = {}) => ({ before_type: before, after_type: after, transition: 'wipeleft', ...extra });

describe.each(targets)('before/after on $name', (target) => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signedIn>>;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await startTestApp(target);
    // Two AI credits already used, so a credit taken or given back twice would show.
    account = await signedIn(t, 'before-after@example.com', { allowed: 10, used: 2 });
    api = client(t, account);
    // Renders run on the first database only: the picture and a finished generation's credit are the renderer's and
    // the queue's, checked once; the credit rules at the start are checked on every database.
    if (target === targets[0]) await t.composed.queue.startWorkers(1);
  }, 60_000);
  afterAll(() => t.close());

  it('refuses each incomplete or wrong form with its text, storing nothing and taking no credit', async () => {
    const before = await api.state();
    const refusals: [Record<string, string>, FormFile[], number, string][] = [
      [types('image', 'video'), [beforeImage], 400, beforeAfterTexts.missingFiles],
      [types('image', 'video', { transition: '' }), [beforeImage, afterVideo], 400, beforeAfterTexts.missingTransition],
      [{ before_type: 'image', after_type: 'video' }, [beforeImage, afterVideo], 400, beforeAfterTexts.missingTransition],
      [types('image', 'video', { transition: 'spin' }), [beforeImage, afterVideo], 400, genericMessages.badRequest],
      [types('image-to-video', 'video', { before_prompt: '   ' }), [beforeImage, afterVideo], 400, beforeAfterTexts.missingPrompt('before')],
      [types('image', 'image-to-video'), [beforeImage, file('after', 'before.png')], 400, beforeAfterTexts.missingPrompt('after')],
      [types('video', 'video'), [beforeImage, afterVideo], 415, beforeAfterTexts.badFile('before', beforeAfterTexts.wrongKind('video'))],
      [types('image', 'image'), [beforeImage, afterVideo], 415, beforeAfterTexts.badFile('after', beforeAfterTexts.wrongKind('image'))],
      [types('image', 'video'), [file('before', 'notes.png'), afterVideo], 415, beforeAfterTexts.badFile('before', 'Please upload an image or a video.')],
      [types('image', 'video'), [beforeImage, file('after', 'truncated.mp4')], 422, beforeAfterTexts.badFile('after', 'This file is damaged or incomplete and cannot be read.')],
      [types('image', 'video'), [beforeImage, file('after', 'sound-only.mp4')], 415, beforeAfterTexts.badFile('after', uploadMessages.noVideo)],
    ];
    for (const [fields, files, status, error] of refusals) {
      const response = await api.generate(fields, files);
      expect([response.statusCode, response.json().error], JSON.stringify(fields)).toEqual([status, error]);
    }
    const other = await api.generate({ ...types('image', 'video'), user_id: 'someone-else' }, [beforeImage, afterVideo]);
    expect(other.statusCode).toBe(403);
    const { payload, headers } = multipartForm({ user_id: account.userId, ...types('image', 'video') }, [beforeImage, afterVideo]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/generate-before-after', payload, headers });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { error: genericMessages.signInRequired }]);
    expect(await api.state()).toEqual(before);
  }, 60_000);

  // The picture is the renderer's, whatever the database: it is made and measured once.
  it.runIf(target === targets[0])('makes a 14 s 1080x1920 video from a still and a clip, without an AI credit', async () => {
    const before = await api.state();
    const response = await api.generate(types('image', 'video', { before_prompt: 'slow zoom in' }), [beforeImage, afterVideo]);
    expect(response.statusCode, response.body).toBe(200);
    const { video_id } = generateBeforeAfterResponse.parse(response.json());
    expect(await api.state()).toMatchObject({ aiVideosUsed: before.aiVideosUsed, uploads: before.uploads + 2, latestProject: video_id });
    const project = (await t.composed.repositories.projects.findOwned(account.userId, video_id))!;
    expect(project.videoType).toBe('before-after');
    const doc = project.composition as ProjectDocument;
    expect(doc.videoJob?.purpose).toBe('before-after');
    expect(doc.background).toMatchObject({ kind: 'clips', fit: 'trim', clips: [{ key: `users/${account.userId}/renders/${video_id}-before-after.mp4`, duration: 14 }] });

    const started = Date.now();
    const done = await api.finalStatus(video_id);
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'done', percent: 100 });
    console.info(`before/after (still + clip, offline) generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const video = join(t.config.dataDir, 'before-after.mp4');
    writeFileSync(video, (await account.client.get(done.user_video_url!)).rawPayload);
    const info = await probe(video);
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    expect(info.duration).toBeCloseTo(14, 1);
    // The before half shows the red still moving; the after half the blue clip.
    const [early, later, after] = [frame(video, 0.5), frame(video, 6), frame(video, 11)];
    expect(difference(early, later)).toBeGreaterThan(1);
    expect(difference(later, after)).toBeGreaterThan(20);
    expect(centre(later)[0]!).toBeGreaterThan(centre(later)[2]!);
    expect(centre(after)[2]!).toBeGreaterThan(centre(after)[0]!);
    // Each half says which side it is, in the corner.
    expect(labelWhite(video, 3)).toBeGreaterThan(1000);
    expect(labelWhite(video, 11)).toBeGreaterThan(1000);
    // The result is the project's video (what /script-types shows); looking again costs nothing.
    expect((await t.composed.repositories.projects.findOwned(account.userId, video_id))!.previewVideoKey).toBe(`users/${account.userId}/renders/${video_id}-before-after.mp4`);
    expect((await api.state()).aiVideosUsed).toBe(before.aiVideosUsed);
  }, 300_000);

  it('makes image to video a motion template offline: no AI credit on one side or both, a start under way followed', async () => {
    const options = beforeAfterOptionsResponse.parse((await account.client.get('/api/before-after-options')).json());
    expect(options).toEqual({ ai_credits_left: true, generator: 'local' });
    const used = (await api.state()).aiVideosUsed;
    const one = await api.generate(types('image-to-video', 'video', { before_prompt: 'the cream glides on' }), [beforeImage, afterVideo]);
    expect(one.statusCode, one.body).toBe(200);
    const both = await api.generate(types('image-to-video', 'image-to-video', { before_prompt: 'dull skin', after_prompt: 'glowing skin' }), [beforeImage, file('after', 'before.png')]);
    expect(both.statusCode, both.body).toBe(200);
    // A start naming the project while its video is being made follows it: nothing new begins.
    const bothProject = generateBeforeAfterResponse.parse(both.json()).video_id;
    const again = await api.generate(types('image-to-video', 'video', { before_prompt: 'again', video_id: bothProject }), [beforeImage, afterVideo]);
    expect(generateBeforeAfterResponse.parse(again.json()).video_id).toBe(bothProject);
    expect((await api.state()).aiVideosUsed).toBe(used);
    if (target !== targets[0]) return;
    const done = await api.finalStatus(generateBeforeAfterResponse.parse(one.json()).video_id);
    expect(done.status).toBe('done');
    expect((await api.state()).aiVideosUsed).toBe(used);
  }, 300_000);

  it('offers image to video offline without AI credits, and of 10 parallel starts begins only as many as may run at once', async () => {
    const racer = await signedIn(t, 'before-after-race@example.com', { allowed: 3, used: 3 });
    const race = client(t, racer);
    expect(beforeAfterOptionsResponse.parse((await racer.client.get('/api/before-after-options')).json()).ai_credits_left).toBe(true);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => race.generate(types('image-to-video', 'video', { before_prompt: 'zoom in on the jar' }), [beforeImage, afterVideo])),
    );
    const accepted = responses.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(2);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) expect([refused.statusCode, refused.json().error]).toEqual([429, aiVideoMessages.offlineAtOnce(2)]);
    // Only the two that began stored their files (two each).
    expect(await race.state()).toMatchObject({ aiVideosUsed: 3, uploads: 4 });
  }, 120_000);
});

describe('before/after through the fal.ai adapter', () => {
  let fal: Awaited<ReturnType<typeof startFakeFal>>;
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signedIn>>;
  let api: ReturnType<typeof client>;
  const model = 'fal-ai/kling-video/v2.1/standard/image-to-video';

  beforeAll(async () => {
    fal = await startFakeFal();
    t = await startTestApp(targets[0]!, {
      videoGeneration: { fal: { apiKey: fal.apiKey, model, baseUrl: fal.baseUrl, storageUrl: fal.baseUrl, webhookJwksUrl: fal.jwksUrl, timeoutMs: 3000, lengths: [5, 10] } },
      videoGenerationTuning: localVendorTuning,
    });
    account = await signedIn(t, 'before-after-fal@example.com', { allowed: 5, used: 1 });
    api = client(t, account);
    await t.composed.queue.startWorkers(1);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await fal.close();
  });

  it('sends the image-to-video side to fal with its prompt, and gives the credit back when fal fails it', async () => {
    expect(beforeAfterOptionsResponse.parse((await account.client.get('/api/before-after-options')).json())).toEqual({ ai_credits_left: true, generator: 'fal' });
    fal.nextOutcome('fails', 1);
    const response = await api.generate(types('video', 'image-to-video', { after_prompt: 'the kitchen sparkles' }), [file('before', 'after.mp4'), file('after', 'before.png')]);
    expect(response.statusCode, response.body).toBe(200);
    const { video_id } = generateBeforeAfterResponse.parse(response.json());
    expect((await api.state()).aiVideosUsed).toBe(2);

    const failed = await api.finalStatus(video_id);
    expect(failed).toMatchObject({ status: 'error', user_video_url: null, error: aiVideoMessages.failed });
    const submits = fal.requests.filter((r) => r.method === 'POST' && r.path === `/${model}`);
    expect(submits).toHaveLength(1);
    // The after side's 7 s is asked as fal's 10 s clip (trimmed later); only the still side was sent, with its prompt.
    expect(submits[0]!.body).toMatchObject({ prompt: 'the kitchen sparkles', duration: '10' });
    expect((await api.state()).aiVideosUsed).toBe(1);
    await api.checkStatus(video_id);
    expect((await api.state()).aiVideosUsed).toBe(1);
  }, 180_000);

  it('joins a clip and a fal generation into 14 s when fal completes, through the app and its worker', async () => {
    fal.nextOutcome('completes', 1);
    const submitted = fal.requests.length;
    const response = await api.generate(types('video', 'image-to-video', { after_prompt: 'the kitchen sparkles' }), [file('before', 'after.mp4'), file('after', 'before.png')]);
    expect(response.statusCode, response.body).toBe(200);
    const { video_id } = generateBeforeAfterResponse.parse(response.json());
    const done = await api.finalStatus(video_id);
    expect(done).toMatchObject({ status: 'done', error: null });
    expect(fal.requests.slice(submitted).filter((r) => r.method === 'POST' && r.path === `/${model}`)).toHaveLength(1);
    const project = (await t.composed.repositories.projects.findOwned(account.userId, video_id))!;
    const output = await t.composed.storage.localPath(project.previewVideoKey!);
    const info = await probe(output);
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    expect(info.duration).toBeCloseTo(14, 1);
    expect(difference(frame(output, 3), frame(output, 11))).toBeGreaterThan(5);
    // The credit stays spent: the generation succeeded.
    expect((await api.state()).aiVideosUsed).toBe(2);
  }, 180_000);

  it('accepts exactly one of 10 parallel image-to-video starts at one remaining credit, and then hides the option', async () => {
    const racer = await signedIn(t, 'before-after-fal-race@example.com', { allowed: 3, used: 2 });
    const race = client(t, racer);
    fal.nextOutcome('completes', 1);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => race.generate(types('image-to-video', 'video', { before_prompt: 'zoom in on the jar' }), [beforeImage, afterVideo])),
    );
    const accepted = responses.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(1);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) expect([refused.statusCode, refused.json().error]).toEqual([403, quotaMessages.aiVideos]);
    expect(await race.state()).toMatchObject({ aiVideosUsed: 3, uploads: 2 });
    expect(beforeAfterOptionsResponse.parse((await racer.client.get('/api/before-after-options')).json()).ai_credits_left).toBe(false);
    // Without image to video a Generate still runs: it costs no AI credit.
    const free = await race.generate(types('image', 'video'), [beforeImage, afterVideo]);
    expect(free.statusCode, free.body).toBe(200);
    expect((await race.state()).aiVideosUsed).toBe(3);
  }, 120_000);
});

describe('before/after through the Replicate adapter', () => {
  let replicate: Awaited<ReturnType<typeof startFakeReplicate>>;
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signedIn>>;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    replicate = await startFakeReplicate();
    t = await startTestApp(targets[0]!, {
      videoGeneration: { replicate: { apiToken: replicate.apiToken, model: 'kwaivgi/kling-v2.1', baseUrl: `${replicate.baseUrl}/v1`, timeoutMs: 3000, lengths: [5, 10] } },
      videoGenerationTuning: localVendorTuning,
    });
    account = await signedIn(t, 'before-after-replicate@example.com', { allowed: 5, used: 1 });
    api = client(t, account);
    await t.composed.queue.startWorkers(1);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await replicate.close();
  });

  it('animates the before still with Replicate and joins it to the after clip in 14 s, for one AI credit', async () => {
    replicate.nextOutcome('completes', 1);
    const response = await api.generate(types('image-to-video', 'video', { before_prompt: 'dust settles on the old counter' }), [file('before', 'before.png'), file('after', 'after.mp4')]);
    expect(response.statusCode, response.body).toBe(200);
    const { video_id } = generateBeforeAfterResponse.parse(response.json());
    expect(await api.finalStatus(video_id)).toMatchObject({ status: 'done', error: null });
    const predictions = replicate.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'));
    expect(predictions).toHaveLength(1);
    expect((predictions[0]!.body as { input: { prompt: string } }).input.prompt).toBe('dust settles on the old counter');
    const project = (await t.composed.repositories.projects.findOwned(account.userId, video_id))!;
    const info = await probe(await t.composed.storage.localPath(project.previewVideoKey!));
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    expect(info.duration).toBeCloseTo(14, 1);
    expect((await api.state()).aiVideosUsed).toBe(2);
  }, 180_000);
});
