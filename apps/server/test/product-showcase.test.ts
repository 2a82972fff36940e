import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { aiVideoMessages, generateShowcaseResponse, genericMessages, maxImageUploadBytes, quotaMessages, showcaseImagePolicy, showcaseSettingsResponse, showcaseTexts } from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { startFakeFal } from '../src/providers/video-generation/fake-fal.fixture.ts';
import { startFakeReplicate } from '../src/providers/video-generation/fake-replicate.fixture.ts';
import type { AppConfig } from '../src/config.ts';
import { generationPolls, signedInAccount, storedFiles, type SignedInAccount } from './generation-client.ts';
import { localVendorTuning, startTestApp, type TestApp } from './app.ts';
import { multipartForm, type FormFile } from './brolls-multipart.ts';
import { testDatabaseTargets } from './databases.ts';
import { makeFixtures } from './media-fixtures.ts';
import { phonePhoto, phonePhotoTop } from './phone-photo.ts';

const targets = await testDatabaseTargets();
const fixtures = makeFixtures();
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

/** A product shot stand-in: a bottle (a blue box) on a coral ground, or the same in green on yellow. */
function productStill(name: string, ground: string, bottle: string): Buffer {
  const path = fixtures.path(`${name}.png`);
  ffmpeg('-f', 'lavfi', '-i', `color=c=${ground}:s=600x800,drawbox=x=200:y=160:w=200:h=480:c=${bottle}:t=fill`, '-frames:v', '1', path);
  return readFileSync(path);
}
const coralBottle = productStill('coral', '0xf97316', '0x1e6fd9');
const yellowBottle = productStill('yellow', '0xf5d90a', '0x18a058');
const notAnImage = Buffer.from('Shopping list: eggs, milk, bread.\n'.repeat(20));
/** Over the upload limit (its size is all the check reads): the spec's words answer it. */
const tooLarge = Buffer.alloc(maxImageUploadBytes + 512 * 1024, 7);
const tooLargeMessage = 'File too large (25.50 MB). Max 25 MB allowed.';

const image = (n: number, content: Buffer, filename = `product-${n}.png`): FormFile => ({ field: `image${n}`, filename, content });
const text1 = 'Slow zoom in on the new serum bottle';
const text2 = 'Pan left across the bottle on the table';

/** Downloaded frame at `seconds`, small, as raw RGB. */
function frame(video: string, seconds: number, filter = 'scale=108:192'): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', filter, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 16 * 1024 * 1024 });
}
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;
/** Near-white pixels in the band where the caption sits (rows 1200..1700 of 1920), at full size. */
function captionWhite(video: string, seconds: number): number {
  const rgb = frame(video, seconds, 'crop=1080:550:0:170');
  let white = 0;
  for (let i = 0; i < rgb.length; i += 3) if (rgb[i]! > 225 && rgb[i + 1]! > 225 && rgb[i + 2]! > 225) white += 1;
  return white;
}

function showcaseClient(t: TestApp, account: SignedInAccount) {
  const generate = (fields: Record<string, string>, files: FormFile[] = []) => {
    const { payload, headers } = multipartForm({ user_id: account.userId, ...fields }, files);
    return account.client.request('POST', '/api/generate-product-showcase', payload, headers);
  };
  const aiVideosUsed = async () => (await t.composed.repositories.subscriptions.find(account.userId))!.aiVideosUsed;
  return { generate, ...generationPolls(t, account), aiVideosUsed };
}

describe.each(targets)('product showcase on $name', (target) => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signedInAccount>>;
  let api: ReturnType<typeof showcaseClient>;

  beforeAll(async () => {
    t = await startTestApp(target);
    account = await signedInAccount(t, 'showcase@example.com');
    // Two AI credits already used, so a credit taken or given back would show.
    await t.composed.repositories.subscriptions.update(account.userId, { aiVideosAllowed: 10, aiVideosUsed: 2 });
    api = showcaseClient(t, account);
  }, 60_000);
  afterAll(() => t.close());

  const state = async () => ({
    uploads: (await t.composed.repositories.uploads.listForUser(account.userId)).length,
    aiVideosUsed: await api.aiVideosUsed(),
    latestProject: (await t.composed.repositories.projects.latestOwned(account.userId))?.id ?? null,
    files: storedFiles(t.config.dataDir).length,
  });

  it('refuses every invalid form with its own message, using no credit and storing nothing', async () => {
    const before = await state();
    const refusals: [Record<string, string>, FormFile[], number, string][] = [
      [{ length: '7', text1: 'x'.repeat(201) }, [image(1, coralBottle)], 400, 'Scene 1 text can be at most 200 characters.'],
      [{ length: '14', text1, text2: 'y'.repeat(201), transition: 'fade' }, [image(1, coralBottle), image(2, yellowBottle)], 400, 'Scene 2 text can be at most 200 characters.'],
      [{ length: '7', text1 }, [image(1, tooLarge)], 413, tooLargeMessage],
      [{ length: '14', text1, text2, transition: 'fade' }, [image(1, coralBottle), image(2, tooLarge)], 413, tooLargeMessage],
      [{ length: '7', text1 }, [], 400, 'Scene 1 needs a text and an image.'],
      [{ length: '7', text1: '   ' }, [image(1, coralBottle)], 400, 'Scene 1 needs a text and an image.'],
      [{ length: '14', text1, text2, transition: 'fade' }, [image(1, coralBottle)], 400, 'Scene 2 needs a text and an image.'],
      [{ length: '14', text1, transition: 'fade' }, [image(1, coralBottle), image(2, yellowBottle)], 400, 'Scene 2 needs a text and an image.'],
      [{ length: '14', text1, text2 }, [image(1, coralBottle), image(2, yellowBottle)], 400, 'Choose a transition for the 14 s video.'],
      [{ length: '7', text1 }, [image(1, notAnImage, 'notes.png')], 415, 'Image 1: Please upload a valid image file.'],
      [{ length: '14', text1, text2, transition: 'fade' }, [image(1, coralBottle), image(2, notAnImage, 'notes.png')], 415, 'Image 2: Please upload a valid image file.'],
      [{ length: '14', text1, text2, transition: 'spin' }, [image(1, coralBottle), image(2, yellowBottle)], 400, genericMessages.badRequest],
      [{ length: '10', text1 }, [image(1, coralBottle)], 400, genericMessages.badRequest],
    ];
    for (const [fields, files, status, message] of refusals) {
      const response = await api.generate(fields, files);
      expect(response.statusCode, JSON.stringify(fields)).toBe(status);
      expect(response.json().error).toBe(message);
    }
    // The texts the contract gives the page are these same words.
    expect(showcaseTexts.imageTooLarge(tooLarge.length)).toBe(tooLargeMessage);

    const { payload, headers } = multipartForm({ user_id: account.userId, length: '7', text1 }, [image(1, coralBottle)]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/generate-product-showcase', payload, headers });
    expect(anonymous.statusCode).toBe(401);
    const other = await api.generate({ user_id: 'someone-else', length: '7', text1 }, [image(1, coralBottle)]);
    expect(other.statusCode).toBe(403);
    expect(await state()).toEqual(before);
  }, 60_000);

  it('takes no AI credit offline: of 10 parallel starts without a credit left, begins as many as may run at once, and a failure changes no credit', async () => {
    // No AI credit left: a motion template needs none.
    await t.composed.repositories.subscriptions.update(account.userId, { aiVideosUsed: 10 });
    const before = await state();
    const projectsBefore = (await t.composed.repositories.projects.listUnfinished(account.userId, 100)).length;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => api.generate({ length: '7', text1 }, [image(1, coralBottle)])),
    );
    const accepted = responses.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(2);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect([refused.statusCode, refused.json()]).toEqual([429, { error: aiVideoMessages.offlineAtOnce(2) }]);
    }
    // Only the two that began stored anything: a project and a product image each.
    expect(await state()).toMatchObject({ uploads: before.uploads + 2, aiVideosUsed: 10 });
    expect(await t.composed.repositories.projects.listUnfinished(account.userId, 100)).toHaveLength(projectsBefore + 2);
    const videoIds = accepted.map((r) => generateShowcaseResponse.parse(r.json()).video_id);

    // The product images disappear before any worker runs, so both generations fail for good.
    const jobIds: string[] = [];
    for (const videoId of videoIds) {
      const project = (await t.composed.repositories.projects.findOwned(account.userId, videoId))!;
      jobIds.push((project.composition as ProjectDocument).videoJob!.jobId);
      expect(await t.composed.repositories.videoCredits.holds(account.userId, videoId)).toEqual({});
    }
    for (const upload of (await t.composed.repositories.uploads.listForUser(account.userId)).filter((u) => u.purpose === 'showcase-image')) {
      await t.composed.storage.delete(upload.storageKey);
    }
    await t.composed.queue.startWorkers(1);
    for (const jobId of jobIds) while ((await t.composed.queue.status(account.userId, jobId)).state !== 'error') await sleep(100);

    for (const videoId of videoIds) {
      expect(await api.checkStatus(videoId)).toMatchObject({ status: 'error', user_video_url: null, error: aiVideoMessages.failed });
    }
    expect(await api.aiVideosUsed()).toBe(10);
  }, 120_000);

  it('follows the generation under way when a start names its project, without a credit or a second job', async () => {
    await t.composed.repositories.subscriptions.update(account.userId, { aiVideosUsed: 5 });
    const first = generateShowcaseResponse.parse((await api.generate({ length: '7', text1 }, [image(1, coralBottle)])).json());
    const jobId = (await t.composed.repositories.projects.findOwned(account.userId, first.video_id))!.composition as ProjectDocument;
    const again = await api.generate({ length: '7', text1, video_id: first.video_id }, [image(1, yellowBottle)]);
    expect(generateShowcaseResponse.parse(again.json()).video_id).toBe(first.video_id);
    expect(await api.aiVideosUsed()).toBe(5);
    const after = (await t.composed.repositories.projects.findOwned(account.userId, first.video_id))!.composition as ProjectDocument;
    expect(after.videoJob?.jobId).toBe(jobId.videoJob?.jobId);
    expect((await api.finalStatus(first.video_id)).status).toBe('done');
    expect(await api.aiVideosUsed()).toBe(5);
  }, 120_000);

  // What is stored, and the render, do not depend on the database: checked once, on the first one.
  it.runIf(target === targets[0])('takes a 5.8 MB phone photo: kept upright at 1440x1920 within 1.8 MB, and the showcase shows it upright', async () => {
    const photo = phonePhoto(fixtures.path('sensor.jpg'));
    expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
    const response = await api.generate({ length: '7', text1 }, [image(1, photo, 'IMG_2041.JPG')]);
    expect(response.statusCode, response.body).toBe(200);
    const { video_id } = generateShowcaseResponse.parse(response.json());
    const upload = (await t.composed.repositories.uploads.listForUser(account.userId)).find((u) => u.originalName === 'IMG_2041.JPG')!;
    expect(upload).toMatchObject({ purpose: 'showcase-image', contentType: 'image/jpeg', width: 1440, height: 1920 });
    expect(upload.size).toBeLessThanOrEqual(showcaseImagePolicy.imageFit.storedMaxBytes!);
    expect(statSync(await t.composed.storage.localPath(upload.storageKey)).size).toBe(upload.size);

    const done = await api.finalStatus(video_id);
    expect(done).toMatchObject({ status: 'done', error: null });
    // A photo that is a scene itself fills the frame under the template's words: its top is the red band (darkened
    // there so the words read), its middle the blue.
    const video = await api.download(done.user_video_url!, 'showcase-phone.mp4');
    const isTop = (rgb: Buffer) => rgb[0]! > rgb[2]! + 40 && phonePhotoTop[0] > phonePhotoTop[2];
    expect(isTop(frame(video, 1, 'crop=200:60:440:150,scale=1:1'))).toBe(true);
    expect(isTop(frame(video, 1, 'crop=200:60:440:1100,scale=1:1'))).toBe(false);
  }, 240_000);

  // The render itself does not depend on the database: made and measured once, on the first one.
  it.runIf(target === targets[0])('makes a 7 s offline showcase without an AI credit: the product image moving, its text on it, 1080x1920 H.264, the project’s video', async () => {
    const settings = showcaseSettingsResponse.parse((await account.client.get('/api/product-showcase/settings')).json());
    expect(settings).toEqual({ generator: 'local' });
    const used = await api.aiVideosUsed();
    const started = Date.now();
    const response = await api.generate({ length: '7', text1, text2: 'ignored for 7 s', transition: '' }, [image(1, coralBottle)]);
    expect(response.statusCode, response.body).toBe(200);
    const { status, error, video_id } = generateShowcaseResponse.parse(response.json());
    expect([status, error]).toEqual(['processing', null]);
    expect(await api.aiVideosUsed()).toBe(used);

    const done = await api.finalStatus(video_id);
    console.info(`[showcase] 7 s offline generation: ${((Date.now() - started) / 1000).toFixed(1)} s from the start to a URL`);
    expect(done).toMatchObject({ status: 'done', error: null });
    const video = await api.download(done.user_video_url!, 'showcase-7.mp4');
    const info = await probe(video);
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    expect(info.duration).toBeCloseTo(7, 1);
    // The bottle (blue) sits in the middle, and the picture moves between the first and the last second.
    const middle = frame(video, 3.5, 'crop=40:40:iw/2-20:ih/2-20,scale=1:1');
    expect(middle[2]!).toBeGreaterThan(middle[0]!);
    expect(difference(frame(video, 1), frame(video, 6))).toBeGreaterThan(2);
    // The scene text is the template's headline: white letters at the top, clear of every subtitle position.
    expect(captionWhite(video, 3.5)).toBeGreaterThan(1000);

    // The generated video is now the project's: /script-types shows it, and the voiceover step combines it whole.
    const project = (await t.composed.repositories.projects.findOwned(account.userId, video_id))!;
    expect(project.videoType).toBe('product-showcase');
    expect(project.previewVideoKey).toBe(`users/${account.userId}/renders/${video_id}-showcase.mp4`);
    // Its words are above every subtitle position: the subtitles step has nothing to keep clear of.
    expect((project.composition as ProjectDocument).background).toEqual({
      kind: 'clips',
      clips: [{ key: project.previewVideoKey, duration: 7 }],
      fit: 'trim',
      hasSpeech: false,
    });
    expect((await account.client.post('/api/get-latest-subtitles', { user_id: account.userId, video_id })).json()).toMatchObject({ subtitle_position: 'bottom', picture_text_at: null });
    await api.checkStatus(video_id);
    expect(await api.aiVideosUsed()).toBe(used);
  }, 240_000);
});

const quick: Partial<AppConfig> = { videoGenerationTuning: localVendorTuning };

const vendors = {
  fal: async () => {
    const fake = await startFakeFal();
    const model = 'fal-ai/kling-video/v2.1/standard/image-to-video';
    return {
      fake,
      config: { videoGeneration: { fal: { apiKey: fake.apiKey, model, baseUrl: fake.baseUrl, storageUrl: fake.baseUrl, webhookJwksUrl: fake.jwksUrl, timeoutMs: 3000, lengths: [5, 10] } } },
      asked: () =>
        fake.requests
          .filter((r) => r.method === 'POST' && r.path === `/${model}`)
          .map((r) => r.body as { prompt: string; image_url: string; duration: string })
          .map((body) => ({ prompt: body.prompt, image: body.image_url, seconds: Number(body.duration) })),
    };
  },
  replicate: async () => {
    const fake = await startFakeReplicate();
    const settings = { apiToken: fake.apiToken, model: 'kwaivgi/kling-v2.1', baseUrl: `${fake.baseUrl}/v1`, timeoutMs: 3000, lengths: [5, 10] };
    return {
      fake,
      config: { videoGeneration: { replicate: settings } },
      asked: () =>
        fake.requests
          .filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'))
          .map((r) => (r.body as { input: { prompt: string; start_image: string; duration: number } }).input)
          .map((input) => ({ prompt: input.prompt, image: input.start_image, seconds: input.duration })),
    };
  },
};

describe.each(Object.keys(vendors) as (keyof typeof vendors)[])('a 14 s product showcase through %s', (name) => {
  let t: TestApp;
  let vendor: Awaited<ReturnType<(typeof vendors)[typeof name]>>;
  let account: Awaited<ReturnType<typeof signedInAccount>>;
  let api: ReturnType<typeof showcaseClient>;

  beforeAll(async () => {
    vendor = await vendors[name]();
    vendor.fake.nextOutcome('completes', 1);
    t = await startTestApp(targets[0]!, { ...quick, ...vendor.config });
    await t.composed.queue.startWorkers(1);
    account = await signedInAccount(t, `showcase-${name}@example.com`);
    api = showcaseClient(t, account);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await vendor?.fake.close();
  });

  it('asks the vendor for one clip per scene with the scene text as the direction, and joins them to 14 s', async () => {
    expect(showcaseSettingsResponse.parse((await account.client.get('/api/product-showcase/settings')).json())).toEqual({ generator: name });
    const response = await api.generate({ length: '14', text1, text2, transition: 'wipeleft' }, [image(1, coralBottle), image(2, yellowBottle)]);
    expect(response.statusCode, response.body).toBe(200);
    const { video_id } = generateShowcaseResponse.parse(response.json());
    const done = await api.finalStatus(video_id);
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'done' });

    const asked = vendor.asked();
    expect(asked.map((a) => [a.prompt, a.seconds])).toEqual([
      [text1, 10],
      [text2, 10],
    ]);
    // Each scene's own product image went to the vendor, uploaded to its file storage and passed by URL.
    expect(asked[0]!.image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(asked[0]!.image).not.toBe(asked[1]!.image);

    const video = await api.download(done.user_video_url!, `showcase-${name}.mp4`);
    const info = await probe(video);
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    expect(info.duration).toBeCloseTo(14, 1);
  }, 180_000);

  // The AI-credit rules are the paid-job service's, whichever vendor generates: checked once, through fal.
  const creditAccount = async (email: string, ai: { allowed: number; used: number }) => {
    const owner = await signedInAccount(t, email);
    await t.composed.repositories.subscriptions.update(owner.userId, { aiVideosAllowed: ai.allowed, aiVideosUsed: ai.used });
    return { owner, client: showcaseClient(t, owner) };
  };

  it.runIf(name === 'fal')('takes exactly one of 10 parallel starts at one remaining AI credit, storing nothing for the others, and gives it back when the generation fails', async () => {
    const { owner, client: racer } = await creditAccount('showcase-fal-race@example.com', { allowed: 3, used: 2 });
    vendor.fake.nextOutcome('fails', 1);
    const responses = await Promise.all(Array.from({ length: 10 }, () => racer.generate({ length: '7', text1 }, [image(1, coralBottle)])));
    const accepted = responses.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(1);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect([refused.statusCode, refused.json()]).toEqual([403, { error: quotaMessages.aiVideos }]);
    }
    expect(await racer.aiVideosUsed()).toBe(3);
    // Refused starts stored nothing: one project, one product image.
    expect(await t.composed.repositories.uploads.listForUser(owner.userId)).toHaveLength(1);
    expect(await t.composed.repositories.projects.listUnfinished(owner.userId, 100)).toHaveLength(1);

    const { video_id } = generateShowcaseResponse.parse(accepted[0]!.json());
    const failed = await racer.finalStatus(video_id);
    expect(failed).toMatchObject({ status: 'error', user_video_url: null, error: aiVideoMessages.failed });
    expect(await racer.aiVideosUsed()).toBe(2);
    await racer.checkStatus(video_id);
    expect(await racer.aiVideosUsed()).toBe(2);
  }, 120_000);

  it.runIf(name === 'fal')('makes a motion template here when the start asks for one: nothing sent to the vendor, no AI credit, the headline on the video', async () => {
    const { owner, client: user } = await creditAccount('showcase-fal-template@example.com', { allowed: 1, used: 1 });
    const before = vendor.asked().length;
    const response = await user.generate({ length: '7', text1, motion_template: 'true' }, [image(1, coralBottle)]);
    expect(response.statusCode, response.body).toBe(200);
    const { video_id } = generateShowcaseResponse.parse(response.json());
    const done = await user.finalStatus(video_id);
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'done' });
    expect(vendor.asked()).toHaveLength(before);
    expect(await user.aiVideosUsed()).toBe(1);
    const video = await user.download(done.user_video_url!, 'showcase-fal-template.mp4');
    expect(await probe(video)).toMatchObject({ width: 1080, height: 1920 });
    expect(captionWhite(video, 3.5)).toBeGreaterThan(1000);
    // The words are the template's headline at the top: no caption band at the bottom for the subtitles to avoid.
    const project = (await t.composed.repositories.projects.findOwned(owner.userId, video_id))!;
    expect((project.composition as ProjectDocument).background).not.toHaveProperty('textAt');
    // Without the choice, the same user is asked for the credit the vendor's generation takes.
    const refused = await user.generate({ length: '7', text1 }, [image(1, coralBottle)]);
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: quotaMessages.aiVideos }]);
  }, 120_000);

  it.runIf(name === 'fal')('takes one AI credit for a start, follows it under way without a second credit or job, and gives the credit back when it is cancelled', async () => {
    const { owner, client: user } = await creditAccount('showcase-fal-follow@example.com', { allowed: 3, used: 1 });
    // The vendor keeps the generation in progress until it is cancelled.
    vendor.fake.nextOutcome('completes', 100_000);
    const response = await user.generate({ length: '7', text1 }, [image(1, coralBottle)]);
    expect(response.statusCode, response.body).toBe(200);
    const { video_id } = generateShowcaseResponse.parse(response.json());
    expect(await user.aiVideosUsed()).toBe(2);
    const jobId = ((await t.composed.repositories.projects.findOwned(owner.userId, video_id))!.composition as ProjectDocument).videoJob!.jobId;

    const again = await user.generate({ length: '7', text1, video_id }, [image(1, yellowBottle)]);
    expect(generateShowcaseResponse.parse(again.json()).video_id).toBe(video_id);
    expect(await user.aiVideosUsed()).toBe(2);
    expect(((await t.composed.repositories.projects.findOwned(owner.userId, video_id))!.composition as ProjectDocument).videoJob!.jobId).toBe(jobId);
    expect(await t.composed.repositories.jobStatus.countStartedSince(owner.userId, 'generate-video', new Date(0))).toBe(1);

    await t.composed.queue.cancel(owner.userId, jobId);
    expect(await user.checkStatus(video_id)).toMatchObject({ status: 'error', user_video_url: null });
    expect(await user.aiVideosUsed()).toBe(1);
    await user.checkStatus(video_id);
    expect(await user.aiVideosUsed()).toBe(1);
  }, 120_000);
});
