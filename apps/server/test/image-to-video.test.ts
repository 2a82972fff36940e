import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { convertImagesResponse, genericMessages, imageToVideoTexts, imageEffects, imageEffectsResponse, uploadResponse, videoStatusResponse } from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toStoredComposition, type ProjectDocument } from '../src/core/project/project-document.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp } from './app.ts';
import { multipartForm, type FormFile } from './brolls-multipart.ts';
import { testDatabaseTargets } from './databases.ts';
import { makeFixtures, multipartFile } from './media-fixtures.ts';

const targets = await testDatabaseTargets();
const fixtures = makeFixtures();
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const colours = { red: [255, 0, 0], blue: [0, 0, 255], green: [0, 255, 0] } as const;
for (const [name, rgb] of Object.entries(colours)) {
  const hex = rgb.map((v) => v.toString(16).padStart(2, '0')).join('');
  ffmpeg('-f', 'lavfi', '-i', `color=c=0x${hex}:size=360x640`, '-frames:v', '1', fixtures.path(`${name}.png`));
}
writeFileSync(fixtures.path('notes.png'), 'Shopping list: eggs, milk, bread.\n'.repeat(20));

/** The RGB of the frame's centre pixel at `seconds`. */
function centrePixel(video: string, seconds: number): number[] {
  const out = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', 'crop=2:2:iw/2:ih/2,scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  return [out[0]!, out[1]!, out[2]!];
}
const near = (rgb: number[], target: readonly number[]) => rgb.every((v, i) => Math.abs(v - target[i]!) < 60);
const image = (n: number, name: string, filename = `${name}.png`): FormFile => ({ field: `image${n}`, filename, content: readFileSync(fixtures.path(`${name}.png`)) });

describe.each(targets)('image to video on $name', (target) => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signUpAndConfirm>>;
  let working = false;
  /** Workers start late: the failure test breaks its job before any worker can take it. */
  const startWorkers = async () => {
    if (!working) await t.composed.queue.startWorkers(1);
    working = true;
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    account = await signUpAndConfirm(t.app, 'images@example.com');
    await account.client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    await t.composed.quotas.current(account.userId);
    // Two AI credits already used, so an AI credit taken or given back would show: a slideshow generates nothing, so takes none.
    await t.composed.repositories.subscriptions.update(account.userId, { aiVideosAllowed: 10, aiVideosUsed: 2 });
  }, 60_000);
  afterAll(() => t.close());

  const convert = (fields: Record<string, string>, files: FormFile[] = []) => {
    const { payload, headers } = multipartForm({ user_id: account.userId, ...fields }, files);
    return account.client.request('POST', '/api/convert-images-to-video', payload, headers);
  };
  const aiVideosUsed = async () => (await t.composed.repositories.subscriptions.find(account.userId))!.aiVideosUsed;
  const state = async () => ({
    uploads: (await t.composed.repositories.uploads.listForUser(account.userId)).length,
    aiVideosUsed: await aiVideosUsed(),
    latestProject: (await t.composed.repositories.projects.latestOwned(account.userId))?.id ?? null,
  });
  const projectOf = async (id: string) => (await t.composed.repositories.projects.findOwned(account.userId, id))!;
  const checkStatus = async (videoId: string) => videoStatusResponse.parse((await account.client.post('/api/check-video-status', { user_id: account.userId, video_id: videoId })).json());
  async function finalStatus(videoId: string) {
    for (let i = 0; i < 240; i += 1) {
      const status = await checkStatus(videoId);
      if (status.status !== 'processing') return status;
      await sleep(250);
    }
    throw new Error('the render did not finish');
  }

  it('refuses one image and eleven images with the spec text, storing nothing and taking no credit', async () => {
    const before = await state();
    const one = await convert({ zoom: 'yes', effect: 'fade' }, [image(1, 'red')]);
    expect(one.statusCode).toBe(400);
    expect(one.json()).toEqual({ error: imageToVideoTexts.wrongCount });
    const elevenFiles = Array.from({ length: 11 }, (_, i) => image(i + 1, i % 2 ? 'red' : 'blue', `photo-${i + 1}.png`));
    const eleven = await convert({ zoom: 'no', effect: 'wipeleft' }, elevenFiles);
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json()).toEqual({ error: imageToVideoTexts.wrongCount });
    expect(await state()).toEqual(before);
  });

  it('refuses a text file named .png, a forged image link, no session and another user, with nothing changed', async () => {
    const before = await state();
    const text = await convert({ zoom: 'yes', effect: 'fade' }, [image(1, 'red'), image(2, 'notes')]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ error: imageToVideoTexts.badImage(2, 'Please upload a valid image file.') });

    const forged = await convert({ zoom: 'yes', effect: 'fade', image1_url: `/files/users/${account.userId}/uploads/x.png?exp=9999999999&sig=forged` }, [image(2, 'red')]);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: imageToVideoTexts.notYourImage(1) });

    const { payload, headers } = multipartForm({ user_id: account.userId, zoom: 'yes', effect: 'fade' }, [image(1, 'red'), image(2, 'blue')]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/convert-images-to-video', payload, headers });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: genericMessages.signInRequired });
    const other = await convert({ user_id: 'someone-else', zoom: 'yes', effect: 'fade' }, [image(1, 'red'), image(2, 'blue')]);
    expect(other.statusCode).toBe(403);
    const unknownEffect = await convert({ zoom: 'yes', effect: 'spin' }, [image(1, 'red'), image(2, 'blue')]);
    expect(unknownEffect.statusCode).toBe(400);
    expect(await state()).toEqual(before);
  });

  it('takes no AI credit, and none changes when the render fails, however many polls see it', async () => {
    const response = await convert({ zoom: 'yes', effect: 'fade' }, [image(1, 'red'), image(2, 'blue')]);
    expect(response.statusCode, response.body).toBe(200);
    const { video_id } = convertImagesResponse.parse(response.json());
    expect(await aiVideosUsed()).toBe(2);
    expect(await t.composed.repositories.videoCredits.holds(account.userId, video_id)).toEqual({});
    // The first image disappears before any worker runs, so the render fails for good.
    const doc = (await projectOf(video_id)).composition as ProjectDocument;
    if (doc.background?.kind !== 'scenes') throw new Error('expected scenes');
    await t.composed.storage.delete(doc.background.scenes[0]!.imageKey);
    await startWorkers();

    // Wait on the queue itself, so the first polls to see the failure are five at once.
    const jobId = ((await projectOf(video_id)).composition as ProjectDocument).videoJob!.jobId;
    while ((await t.composed.queue.status(account.userId, jobId)).state !== 'error') await sleep(100);
    expect(await aiVideosUsed()).toBe(2);
    const polls = await Promise.all(Array.from({ length: 5 }, () => checkStatus(video_id)));
    for (const poll of polls) expect(poll).toMatchObject({ status: 'error', user_video_url: null, error: 'Video generation failed.' });
    expect(await aiVideosUsed()).toBe(2);
    await checkStatus(video_id);
    expect(await aiVideosUsed()).toBe(2);
  }, 120_000);

  it('changes no AI credit of a user who left before the render failed, when the dashboard next reads the plan', async () => {
    const response = await convert({ zoom: 'no', effect: 'fade' }, [image(1, 'red'), image(2, 'blue')]);
    const { video_id } = convertImagesResponse.parse(response.json());
    expect(await aiVideosUsed()).toBe(2);
    const doc = (await projectOf(video_id)).composition as ProjectDocument;
    if (doc.background?.kind !== 'scenes') throw new Error('expected scenes');
    await t.composed.storage.delete(doc.background.scenes[1]!.imageKey);
    await startWorkers();
    const jobId = doc.videoJob!.jobId;
    while ((await t.composed.queue.status(account.userId, jobId)).state !== 'error') await sleep(100);
    expect(await aiVideosUsed()).toBe(2);

    const plan = await account.client.get(`/api/subscription?email=${encodeURIComponent(account.email)}`);
    expect(plan.statusCode, plan.body).toBe(200);
    expect(await aiVideosUsed()).toBe(2);
    expect(await t.composed.repositories.videoCredits.holds(account.userId, video_id)).toEqual({});
    await account.client.get(`/api/subscription?email=${encodeURIComponent(account.email)}`);
    expect(await aiVideosUsed()).toBe(2);
  }, 120_000);

  it('renders the images in order, each for 4 s, with the effect, without an AI credit; the project follows', async () => {
    // The third image comes as a link to one of the user's own uploads, as a stock image added in the modal does.
    const { payload, headers } = multipartFile('file', 'green.png', readFileSync(fixtures.path('green.png')), 'image/png');
    const green = uploadResponse.parse((await account.client.request('POST', '/api/uploads/scene-image', payload, headers)).json());
    const uploadsBefore = (await state()).uploads;

    const response = await convert({ zoom: 'no', effect: 'wiperight', image3_url: green.url }, [image(1, 'red'), image(2, 'blue')]);
    expect(response.statusCode, response.body).toBe(200);
    const { status, video_id } = convertImagesResponse.parse(response.json());
    expect(status).toBe('processing');
    expect(await aiVideosUsed()).toBe(2);
    expect((await state()).uploads).toBe(uploadsBefore + 2);

    const project = await projectOf(video_id);
    expect(project.videoType).toBe('image-to-video');
    const doc = project.composition as ProjectDocument;
    expect(doc.background).toMatchObject({
      kind: 'scenes',
      transition: 'wiperight',
      scenes: [{ duration: 4.5, zoom: false }, { duration: 4.5, zoom: false }, { duration: 4, zoom: false }],
    });

    await startWorkers();
    const done = await finalStatus(video_id);
    expect(done.status).toBe('done');
    const file = await account.client.get(done.user_video_url!);
    expect(file.statusCode).toBe(200);
    const video = join(t.config.dataDir, 'images.mp4');
    writeFileSync(video, file.rawPayload);
    const info = await probe(video);
    expect([info.width, info.height]).toEqual([540, 960]);
    expect(info.duration).toBeCloseTo(12, 1);
    expect(near(centrePixel(video, 2), colours.red)).toBe(true);
    expect(near(centrePixel(video, 6.2), colours.blue)).toBe(true);
    expect(near(centrePixel(video, 10.5), colours.green)).toBe(true);

    // The result is now the project's video (what /script-types shows), and polling again costs nothing.
    expect((await projectOf(video_id)).previewVideoKey).toMatch(new RegExp(`^users/${account.userId}/renders/${video_id}-images\\.mp4$`));
    await checkStatus(video_id);
    expect(await aiVideosUsed()).toBe(2);
  }, 180_000);

  it('stores the framing focus each image was sent with, and refuses a malformed one with nothing stored', async () => {
    const before = await state();
    for (const bad of ['1.5,0', '0.5', '-0.1,0.2', 'left,top', '', '0.5,0.5,0.5']) {
      const refused = await convert({ zoom: 'no', effect: 'fade', image1_focus: '0.5,0.5', image2_focus: bad }, [image(1, 'red'), image(2, 'blue')]);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toEqual({ error: genericMessages.badRequest, field: 'image2_focus' });
    }
    expect(await state()).toEqual(before);

    const response = await convert({ zoom: 'no', effect: 'fade', image1_focus: '0.00,0.25' }, [image(1, 'red'), image(2, 'blue')]);
    expect(response.statusCode, response.body).toBe(200);
    const doc = (await projectOf(convertImagesResponse.parse(response.json()).video_id)).composition as ProjectDocument;
    if (doc.background?.kind !== 'scenes') throw new Error('expected scenes');
    expect(doc.background.scenes.map((s) => s.focus)).toEqual([{ x: 0, y: 0.25 }, undefined]);
    // The render job carries it on to the crop.
    const stored = toStoredComposition(doc);
    if (stored.background.kind !== 'scenes') throw new Error('expected scenes');
    expect(stored.background.scenes.map((s) => s.focus)).toEqual([{ x: 0, y: 0.25 }, undefined]);
  }, 60_000);

  it("refuses another user's project by name, with nothing changed", async () => {
    const stranger = await signUpAndConfirm(t.app, 'stranger@example.com');
    await stranger.client.post('/api/auth/sign-in/email', { email: stranger.email, password: stranger.password });
    const mine = (await t.composed.repositories.projects.latestOwned(account.userId))!;
    const before = await state();
    const { payload, headers } = multipartForm({ user_id: stranger.userId, video_id: mine.id, zoom: 'yes', effect: 'fade' }, [image(1, 'red'), image(2, 'blue')]);
    const response = await stranger.client.request('POST', '/api/convert-images-to-video', payload, headers);
    expect(response.statusCode).toBe(404);
    expect((await t.composed.repositories.subscriptions.find(stranger.userId))?.aiVideosUsed ?? 0).toBe(0);
    expect(await state()).toEqual(before);
  }, 60_000);
});

describe('image effects', () => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signUpAndConfirm>>;
  beforeAll(async () => {
    t = await startTestApp(targets[0]!);
    account = await signUpAndConfirm(t.app, 'effects@example.com');
    await account.client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  }, 60_000);
  afterAll(() => t.close());

  it('lists the five effects, fade among them, each with a short 9:16 preview clip made once', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/image-effects' })).statusCode).toBe(401);
    const first = imageEffectsResponse.parse((await account.client.get('/api/image-effects')).json());
    expect(first.effects.map((e) => e.name)).toEqual([...imageEffects]);
    expect(first.effects.find((e) => e.name === 'fade')?.label).toBe('Fade');
    for (const effect of first.effects) {
      const clip = await account.client.get(effect.preview_url);
      expect(clip.statusCode).toBe(200);
      expect(clip.headers['content-type']).toBe('video/mp4');
    }
    const path = join(t.config.dataDir, 'fade.mp4');
    writeFileSync(path, (await account.client.get(first.effects[2]!.preview_url)).rawPayload);
    const info = await probe(path);
    expect([info.width, info.height, info.hasAudio]).toEqual([270, 480, false]);
    expect(info.duration).toBeGreaterThan(1.5);
    expect(info.duration).toBeLessThan(3);

    const stored = await t.composed.storage.stat('library/effects/fade.mp4');
    const again = imageEffectsResponse.parse((await account.client.get('/api/image-effects')).json());
    expect(again.effects).toHaveLength(5);
    expect(await t.composed.storage.stat('library/effects/fade.mp4')).toEqual(stored);
  }, 120_000);
});
