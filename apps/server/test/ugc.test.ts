import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  aiVideoMessages,
  generateUgcImageResponse,
  genericMessages,
  quotaMessages,
  ugcGenerateVideoResponse,
  ugcTexts,
  ugcVideoPrompt,
} from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { startFakeFal } from '../src/providers/video-generation/fake-fal.fixture.ts';
import { localVendorTuning, startTestApp, type TestApp } from './app.ts';
import { multipartForm, type FormFile } from './brolls-multipart.ts';
import { testDatabaseTargets } from './databases.ts';
import { bottle, form, photo, storedFiles, ugcAccount, ugcClient } from './ugc-client.ts';

const targets = await testDatabaseTargets();

describe.each(targets)('UGC video on $name', (target) => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof ugcAccount>>;
  let api: ReturnType<typeof ugcClient>;

  beforeAll(async () => {
    t = await startTestApp(target);
    // Stills only: the videos started here are followed up to their start, not rendered.
    await t.composed.queue.startWorkers(0, { 'generate-image': 1 });
    account = await ugcAccount(t, 'ugc@example.com');
    await t.composed.repositories.subscriptions.update(account.userId, { aiVideosAllowed: 3, aiVideosUsed: 1 });
    api = ugcClient(t, account);
  }, 60_000);
  afterAll(() => t.close());

  const state = async () => ({
    uploads: (await t.composed.repositories.uploads.listForUser(account.userId)).length,
    aiVideosUsed: await api.aiVideosUsed(),
    projects: (await t.composed.repositories.projects.latestOwned(account.userId))?.id ?? null,
    files: storedFiles(t.config.dataDir).length,
  });

  it('refuses every invalid start with its own message, storing nothing and using no credit', async () => {
    const before = await state();
    expect((await api.latestConfig())).toEqual({ video_id: null });
    expect((await api.latestImage())).toMatchObject({ video_id: null, ugc_image: null, video_length: '7', video_started: false });
    const refusals: [Record<string, string>, FormFile[], number, string][] = [
      [{ ...form, product: '' }, [photo()], 400, ugcTexts.needProduct],
      [{ ...form, product: '   ' }, [photo()], 400, ugcTexts.needProduct],
      [{ ...form, product: 'Glow\u0000Serum' }, [photo()], 400, genericMessages.nulCharacter],
      [form, [photo(bottle, 'bottle\u0000.png')], 400, genericMessages.nulCharacter],
      [form, [], 400, ugcTexts.needImage],
      [form, [photo(Buffer.from('not a photo at all\n'.repeat(50)), 'photo.png')], 415, 'Product image: Please upload a valid image file.'],
      [form, [photo(Buffer.alloc(0), 'empty.png')], 400, ugcTexts.needImage],
      [{ ...form, background: 'Moon' }, [photo()], 400, genericMessages.badRequest],
      [{ ...form, gender: 'Robot' }, [photo()], 400, genericMessages.badRequest],
      [{ ...form, product: 'x'.repeat(101) }, [photo()], 400, genericMessages.badRequest],
      [form, [photo(), { ...photo(), field: 'second' }], 400, genericMessages.badRequest],
    ];
    for (const [fields, files, status, message] of refusals) {
      const response = await api.generateImage(fields, files);
      expect(response.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(status);
      expect(response.json().error).toBe(message);
    }
    const video = await api.generateVideo({ prompt: 'Show it', video_length: '7' });
    expect([video.statusCode, video.json().error]).toEqual([409, ugcTexts.needUgcImage]);
    const other = await api.generateImage({ ...form, user_id: 'someone-else' });
    expect(other.statusCode).toBe(403);
    const { payload, headers } = multipartForm({ user_id: account.userId, ...form }, [photo()]);
    expect((await t.app.inject({ method: 'POST', url: '/api/generate-ugc-image', payload, headers })).statusCode).toBe(401);
    expect(await state()).toEqual(before);
  }, 60_000);

  it('makes the still offline, restores both steps, and begins the video offline without an AI credit, also when it fails', async () => {
    expect(await api.settings()).toMatchObject({ image_generator: 'local', video_generator: 'local', images_left: 15 });
    const used = await api.aiVideosUsed();
    const started = await api.generateImage(form);
    expect(started.statusCode, started.body).toBe(200);
    const { video_id } = generateUgcImageResponse.parse(started.json());
    // A second Generate while the still is being made follows the same one.
    const again = await api.generateImage({ ...form, video_id }, []);
    expect(generateUgcImageResponse.parse(again.json()).video_id).toBe(video_id);
    const done = await api.image(video_id);
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(await api.aiVideosUsed()).toBe(used);

    const still = await sharp(readFileSync(await api.download(done.ugc_image!, 'ugc-still.jpg'))).metadata();
    expect([still.format, still.width, still.height]).toEqual(['jpeg', 1080, 1920]);
    expect(await api.latestConfig()).toMatchObject({
      video_id,
      product: 'Glow Serum',
      gender: 'Male',
      ethnicity: 'Indian',
      agegroup: 'Teen',
      clothing: 'Sportswear',
      productplacement: 'Held by person',
      background: 'Kitchen',
    });
    const config = { ...form, ageGroup: 'Teen' as const } as Parameters<typeof ugcVideoPrompt>[0];
    expect(await api.latestImage()).toMatchObject({ video_id, ugc_image: expect.any(String), prompt: ugcVideoPrompt(config), video_length: '7', video_started: false });
    expect((await api.settings()).images_left).toBe(14);

    const noPrompt = await api.generateVideo({ video_id, prompt: '   ', video_length: '7' });
    expect([noPrompt.statusCode, noPrompt.json().error]).toEqual([400, ugcTexts.needPrompt]);
    const badLength = await api.generateVideo({ video_id, prompt: 'Show it', video_length: '9' });
    expect([badLength.statusCode, badLength.json().error]).toEqual([400, genericMessages.badRequest]);
    expect(await api.aiVideosUsed()).toBe(used);

    // Parallel starts with no AI credit left: a motion template needs none, and they all follow one generation.
    await t.composed.repositories.subscriptions.update(account.userId, { aiVideosUsed: 3 });
    const responses = await Promise.all(Array.from({ length: 6 }, () => api.generateVideo({ video_id, prompt: 'She smiles and shows the bottle', video_length: '7' })));
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      expect(ugcGenerateVideoResponse.parse(response.json()).video_id).toBe(video_id);
    }
    expect(await api.aiVideosUsed()).toBe(3);
    const videoJobs = await t.composed.repositories.jobStatus.countStartedSince(account.userId, 'generate-video', new Date(0));
    expect(videoJobs).toBe(1);
    expect(await t.composed.repositories.videoCredits.holds(account.userId, video_id)).toEqual({});
    // Generate again while it runs follows the same generation.
    expect((await api.generateVideo({ video_id, prompt: 'Another idea', video_length: '14' })).statusCode).toBe(200);
    expect(await api.aiVideosUsed()).toBe(3);
    const project = (await t.composed.repositories.projects.findOwned(account.userId, video_id))!;
    const document = project.composition as ProjectDocument;
    expect(document.videoJob?.purpose).toBe('ugc');
    expect(document.ugc).toMatchObject({ prompt: 'She smiles and shows the bottle', length: '7' });
    expect(await api.latestImage()).toMatchObject({ prompt: 'She smiles and shows the bottle', video_started: true });

    // A generation that ends without a video took no credit, so none changes when its outcome is seen.
    await t.composed.queue.cancel(account.userId, document.videoJob!.jobId);
    expect((await api.videoStatus(video_id)).status).toBe('error');
    expect(await api.aiVideosUsed()).toBe(3);

    // Another still for the project starts step 2 afresh: no video of it yet, the last prompt and length kept.
    expect((await api.generateImage({ ...form, background: 'Cafe', video_id }, [])).statusCode).toBe(200);
    expect(await api.latestImage()).toMatchObject({ video_id, prompt: 'She smiles and shows the bottle', video_length: '7', video_started: false });
    expect((await api.latestConfig()).background).toBe('Cafe');
    expect((await api.image(video_id)).status).toBe('done');
  }, 180_000);

  it('begins one still of several started at once when one is left in the bound', async () => {
    const racer = await ugcAccount(t, 'ugc-race@example.com');
    await t.composed.repositories.subscriptions.update(racer.userId, { aiVideosAllowed: 1, aiVideosUsed: 0 });
    const race = ugcClient(t, racer);
    // Four of the five stills a credit allows are made already, each in a project of its own.
    for (let i = 0; i < 4; i += 1) expect((await race.generateImage(form)).statusCode).toBe(200);
    const responses = await Promise.all(Array.from({ length: 5 }, () => race.generateImage(form)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect([[409, ugcTexts.imageUnderWay], [429, ugcTexts.imageLimit(5)]]).toContainEqual([refused.statusCode, refused.json().error]);
    }
    expect((await race.settings()).images_left).toBe(0);
  }, 60_000);

  it('refused starts store nothing: twenty stills at once leave one project and one upload per still that began', async () => {
    const flooder = await ugcAccount(t, `ugc-flood-${target.name}@example.com`);
    const flood = ugcClient(t, flooder);
    const responses = await Promise.all(Array.from({ length: 20 }, () => flood.generateImage(form)));
    // One that arrives after the first still is under way may begin its own; each that began keeps one of each.
    const began = responses.filter((r) => r.statusCode === 200).length;
    expect(began).toBeGreaterThanOrEqual(1);
    expect(began).toBeLessThanOrEqual(5);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) expect([refused.statusCode, refused.json().error]).toEqual([409, ugcTexts.imageUnderWay]);
    expect(await t.composed.repositories.projects.listUnfinished(flooder.userId, 100)).toHaveLength(began);
    expect(await t.composed.repositories.uploads.listForUser(flooder.userId)).toHaveLength(began);
    const uploadsDir = join(t.config.dataDir, 'files', 'users', flooder.userId, 'uploads');
    expect(readdirSync(uploadsDir)).toHaveLength(began);
  }, 120_000);
});

describe('a 7 s offline UGC video', () => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof ugcAccount>>;
  let api: ReturnType<typeof ugcClient>;

  beforeAll(async () => {
    t = await startTestApp(targets[0]!);
    await t.composed.queue.startWorkers(1);
    account = await ugcAccount(t, 'ugc-video@example.com');
    api = ugcClient(t, account);
  }, 60_000);
  afterAll(() => t.close());

  it('takes no AI credit for the video, and a failed generation changes none', async () => {
    const { video_id } = generateUgcImageResponse.parse((await api.generateImage(form)).json());
    expect((await api.image(video_id)).status).toBe('done');
    // One AI credit already used, so a credit taken or given back would show.
    await t.composed.repositories.subscriptions.update(account.userId, { aiVideosUsed: 1 });
    const project = (await t.composed.repositories.projects.findOwned(account.userId, video_id))!;
    // The still disappears before the video job runs: the generation fails for good.
    await t.composed.storage.delete((project.composition as ProjectDocument).ugc!.imageKey);
    expect((await api.generateVideo({ video_id, prompt: 'Show it', video_length: '7' })).statusCode).toBe(200);
    expect(await api.aiVideosUsed()).toBe(1);
    expect(await t.composed.repositories.videoCredits.holds(account.userId, video_id)).toEqual({});
    expect(await api.video(video_id)).toMatchObject({ status: 'error', error: aiVideoMessages.failed });
    expect(await api.aiVideosUsed()).toBe(1);
  }, 120_000);

  it('brings the still to life: 1080x1920 H.264 of 7 s with the product in it, the project’s video', async () => {
    const started = Date.now();
    const { video_id } = generateUgcImageResponse.parse((await api.generateImage({ ...form, productPlacement: 'Placed on the counter', background: 'Park' })).json());
    expect((await api.image(video_id)).status).toBe('done');
    const imageSeconds = (Date.now() - started) / 1000;
    const response = await api.generateVideo({ video_id, prompt: 'Slow push in on the bottle on the counter', video_length: '7' });
    expect(response.statusCode, response.body).toBe(200);
    expect(ugcGenerateVideoResponse.parse(response.json()).video_id).toBe(video_id);
    const done = await api.video(video_id);
    console.info(`[ugc] offline still ${imageSeconds.toFixed(1)} s, 7 s video ${((Date.now() - started) / 1000 - imageSeconds).toFixed(1)} s`);
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'done' });
    const video = await api.download(done.user_video_url!, 'ugc-7.mp4');
    const info = await probe(video);
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    expect(info.duration).toBeCloseTo(7, 1);
    // The bottle's blue is in the picture.
    const rgb = execFileSync('ffmpeg', ['-v', 'error', '-ss', '3', '-i', video, '-frames:v', '1', '-vf', 'scale=108:192', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
    let blue = 0;
    for (let i = 0; i < rgb.length; i += 3) if (rgb[i + 2]! > 150 && rgb[i]! < 90 && rgb[i + 1]! < 150) blue += 1;
    expect(blue).toBeGreaterThan(40);
    const project = (await t.composed.repositories.projects.findOwned(account.userId, video_id))!;
    expect(project.videoType).toBe('ugc');
    expect(project.previewVideoKey).toBe(`users/${account.userId}/renders/${video_id}-ugc.mp4`);
  }, 300_000);
});

describe('the UGC image bound', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(targets[0]!, { ugcImagesPerAiCredit: 2 });
  }, 60_000);
  afterAll(() => t.close());

  it('allows so many stills per AI credit of the plan, offline also with no AI credit left', async () => {
    const account = await ugcAccount(t, 'ugc-bound@example.com');
    await t.composed.repositories.subscriptions.update(account.userId, { aiVideosAllowed: 1, aiVideosUsed: 0 });
    const api = ugcClient(t, account);
    expect((await api.settings()).images_left).toBe(2);
    for (let i = 0; i < 2; i += 1) expect((await api.generateImage(form)).statusCode).toBe(200);
    expect((await api.settings()).images_left).toBe(0);
    const before = await t.composed.repositories.uploads.listForUser(account.userId);
    const refused = await api.generateImage(form);
    expect([refused.statusCode, refused.json().error]).toEqual([429, ugcTexts.imageLimit(2)]);
    expect(await t.composed.repositories.uploads.listForUser(account.userId)).toEqual(before);

    // Offline the video that follows takes no AI credit: with none left a still is bounded as before, not refused for it.
    await t.composed.repositories.subscriptions.update(account.userId, { aiVideosAllowed: 1, aiVideosUsed: 1 });
    const stillBounded = await api.generateImage(form);
    expect([stillBounded.statusCode, stillBounded.json().error]).toEqual([429, ugcTexts.imageLimit(2)]);
    const spent = await ugcAccount(t, 'ugc-bound-spent@example.com');
    await t.composed.repositories.subscriptions.update(spent.userId, { aiVideosAllowed: 1, aiVideosUsed: 1 });
    const spentApi = ugcClient(t, spent);
    expect((await spentApi.settings()).images_left).toBe(2);
    const noCredit = await spentApi.generateImage(form);
    expect(noCredit.statusCode, noCredit.body).toBe(200);
    expect((await spentApi.settings()).images_left).toBe(1);
    expect(await spentApi.aiVideosUsed()).toBe(1);
  }, 60_000);

  it('says the spec’s words when a still fails, and does not count it against the bound', async () => {
    const account = await ugcAccount(t, 'ugc-failed@example.com');
    await t.composed.repositories.subscriptions.update(account.userId, { aiVideosAllowed: 1, aiVideosUsed: 0 });
    const api = ugcClient(t, account);
    const { video_id } = generateUgcImageResponse.parse((await api.generateImage(form)).json());
    expect((await api.settings()).images_left).toBe(1);
    // The product photo disappears before any worker runs, so the still fails for good.
    const photoUpload = (await t.composed.repositories.uploads.listForUser(account.userId)).find((u) => u.purpose === 'ugc-product')!;
    await t.composed.storage.delete(photoUpload.storageKey);
    await t.composed.queue.startWorkers(1);
    expect(await api.image(video_id)).toEqual({ ugc_image: null, status: 'error', error: ugcTexts.imageFailed, percent: expect.any(Number) });
    expect((await api.settings()).images_left).toBe(2);
    expect(await api.latestImage()).toMatchObject({ video_id, ugc_image: null });
  }, 60_000);
});

describe('UGC through the fal.ai adapter', () => {
  let fal: Awaited<ReturnType<typeof startFakeFal>>;
  let t: TestApp;
  const model = 'fal-ai/kling-video/v2.1/standard/image-to-video';

  beforeAll(async () => {
    fal = await startFakeFal();
    // The still is made offline; the video is fal's, so the spec's AI-credit rules hold.
    t = await startTestApp(targets[0]!, {
      videoGeneration: { fal: { apiKey: fal.apiKey, model, baseUrl: fal.baseUrl, storageUrl: fal.baseUrl, webhookJwksUrl: fal.jwksUrl, timeoutMs: 3000, lengths: [5, 10] } },
      videoGenerationTuning: localVendorTuning,
    });
    await t.composed.queue.startWorkers(1);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fal?.close();
  });

  async function signedIn(email: string, ai: { allowed: number; used: number }) {
    const account = await ugcAccount(t, email);
    await t.composed.repositories.subscriptions.update(account.userId, { aiVideosAllowed: ai.allowed, aiVideosUsed: ai.used });
    return { account, api: ugcClient(t, account) };
  }
  async function madeStill(api: ReturnType<typeof ugcClient>) {
    const { video_id } = generateUgcImageResponse.parse((await api.generateImage(form)).json());
    expect((await api.image(video_id)).status).toBe('done');
    return video_id;
  }

  it('refuses a still without an AI credit left, with the quota’s words, storing nothing', async () => {
    const { account, api } = await signedIn('ugc-fal-spent@example.com', { allowed: 1, used: 1 });
    expect(await api.settings()).toMatchObject({ video_generator: 'fal', images_left: 5 });
    const refused = await api.generateImage(form);
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: quotaMessages.aiVideos }]);
    expect(await t.composed.repositories.uploads.listForUser(account.userId)).toEqual([]);
    expect(await t.composed.repositories.projects.listUnfinished(account.userId, 100)).toEqual([]);
    expect(await api.aiVideosUsed()).toBe(1);
  }, 60_000);

  it('takes one AI credit for the video: of parallel starts at the last credit one generation begins, a Generate under way follows it, a cancel gives the credit back', async () => {
    const { account, api } = await signedIn('ugc-fal-race@example.com', { allowed: 2, used: 1 });
    const video_id = await madeStill(api);
    expect(await api.aiVideosUsed()).toBe(1);
    // fal keeps the generation in progress until it is cancelled.
    fal.nextOutcome('completes', 100_000);
    const responses = await Promise.all(Array.from({ length: 6 }, () => api.generateVideo({ video_id, prompt: 'She smiles and shows the bottle', video_length: '7' })));
    // Each start either follows the one generation (same project) or is refused for want of a credit; one credit is spent.
    for (const response of responses) {
      if (response.statusCode === 200) expect(ugcGenerateVideoResponse.parse(response.json()).video_id).toBe(video_id);
      else expect([response.statusCode, response.json()]).toEqual([403, { error: quotaMessages.aiVideos }]);
    }
    expect(await api.aiVideosUsed()).toBe(2);
    expect(await t.composed.repositories.jobStatus.countStartedSince(account.userId, 'generate-video', new Date(0))).toBe(1);
    // Generate again while it runs follows the same generation, without a credit.
    expect((await api.generateVideo({ video_id, prompt: 'Another idea', video_length: '14' })).statusCode).toBe(200);
    expect(await api.aiVideosUsed()).toBe(2);
    expect(await t.composed.repositories.jobStatus.countStartedSince(account.userId, 'generate-video', new Date(0))).toBe(1);

    // A generation that ends without a video gives its credit back when its outcome is seen, once.
    const document = (await t.composed.repositories.projects.findOwned(account.userId, video_id))!.composition as ProjectDocument;
    await t.composed.queue.cancel(account.userId, document.videoJob!.jobId);
    expect((await api.videoStatus(video_id)).status).toBe('error');
    expect(await api.aiVideosUsed()).toBe(1);
    await api.videoStatus(video_id);
    expect(await api.aiVideosUsed()).toBe(1);
  }, 120_000);

  it('gives the credit back when fal fails the video generation', async () => {
    const { api } = await signedIn('ugc-fal-failed@example.com', { allowed: 3, used: 1 });
    const video_id = await madeStill(api);
    fal.nextOutcome('fails', 1);
    const submitted = fal.requests.filter((r) => r.method === 'POST' && r.path === `/${model}`).length;
    expect((await api.generateVideo({ video_id, prompt: 'Show it', video_length: '7' })).statusCode).toBe(200);
    expect(await api.aiVideosUsed()).toBe(2);
    expect(await api.video(video_id)).toMatchObject({ status: 'error', user_video_url: null, error: aiVideoMessages.failed });
    expect(fal.requests.filter((r) => r.method === 'POST' && r.path === `/${model}`)).toHaveLength(submitted + 1);
    expect(await api.aiVideosUsed()).toBe(1);
    await api.videoStatus(video_id);
    expect(await api.aiVideosUsed()).toBe(1);
  }, 120_000);
});
