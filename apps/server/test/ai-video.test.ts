import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { aiVideoMessages, aiVideoStateResponse, generateAiVideoResponse, quotaMessages, storyboardAiVideoTexts as texts, storyboardTexts, videoStatusResponse } from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { startFakeFal } from '../src/providers/video-generation/fake-fal.fixture.ts';
import { startFakeReplicate } from '../src/providers/video-generation/fake-replicate.fixture.ts';
import type { FakeOutcome } from '../src/providers/video-generation/fake-vendor.fixture.ts';
import type { VideoGenerationSettings } from '../src/providers/video-generation/settings.ts';
import { signUpAndConfirm } from './accounts.ts';
import { localVendorTuning, startTestApp, type TestApp } from './app.ts';
import { multipartForm, type FormFile } from './brolls-multipart.ts';
import { testDatabaseTargets } from './databases.ts';
import { fixtureDir, seedProject } from './subtitles-fixtures.ts';

const targets = await testDatabaseTargets();
const { dir } = fixtureDir();
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

/** Three short voiceover lines (about 5 s), one per scene, so each scene's clip is timed to its line. */
const voiceText = 'Fresh bread every morning. Warm coffee for you. Visit our bakery today.';
const sceneTexts = [
  'A baker lifts loaves from the oven. Voiceover: "Fresh bread every morning."',
  'Steam rises from a cup. Voiceover: "Warm coffee for you."',
  'A coffee cup on the counter. Voiceover: "Visit our bakery today."',
];
const still = (name: string, colour: string) => {
  const path = join(dir, `${name}.png`);
  // A sky and a floor, as a photo of a place has: a picture that is a scene fills the frame rather than being cut out.
  const scene = `color=c=${colour}:s=540x960,drawbox=x=135:y=240:w=270:h=480:c=black@0.5:t=fill,drawbox=x=0:y=0:w=540:h=110:c=white:t=fill,drawbox=x=0:y=860:w=540:h=100:c=0x303030:t=fill`;
  ffmpeg('-f', 'lavfi', '-i', scene, '-frames:v', '1', path);
  return readFileSync(path);
};
const stills = { orange: still('orange', '0xf97316'), blue: still('blue', '0x1e6fd9') };
writeFileSync(join(dir, 'notes.png'), 'Shopping list: eggs, milk, bread.\n'.repeat(20));

/** The operator's stock folder: one portrait picture a scene about a coffee cup finds. */
function stockFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'rs-ai-stock-'));
  ffmpeg('-f', 'lavfi', '-i', 'color=c=0x22aa66:s=540x960', '-frames:v', '1', join(folder, 'coffee-cup.jpg'));
  return folder;
}
const library = () => ({ warmUp: false, stockDir: stockFolder(), musicDir: undefined, counts: { images: 0, videos: 0, backgrounds: 0, tracks: 0, previews: 0 } });

/** A small frame at `seconds` (raw RGB), for telling two moments apart and for its mean colour. */
const small = (video: string, seconds: number) => execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', 'scale=54:96', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
const mean = (rgb: Buffer) => [0, 1, 2].map((c) => rgb.filter((_, i) => i % 3 === c).reduce((sum, v) => sum + v, 0) / (rgb.length / 3));
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;

/** One signed-in user with a project whose voiceover says the three lines, and the calls this feature makes. */
async function session(t: TestApp, email: string) {
  const account = await signUpAndConfirm(t.app, email);
  await account.client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  await t.composed.quotas.current(account.userId);
  // Credits already used, so a credit given back twice would show.
  await t.composed.repositories.subscriptions.update(account.userId, { aiVideosAllowed: 10, aiVideosUsed: 2 });
  const videoId = (await seedProject(t, account.userId, dir, { background: false, text: voiceText })).id;
  const { repositories } = t.composed;
  const s = {
    userId: account.userId,
    videoId,
    start: (fields: Record<string, string>, files: FormFile[] = [], id = videoId) => {
      const { payload, headers } = multipartForm({ user_id: account.userId, video_id: id, ...fields }, files);
      return account.client.request('POST', '/api/generate-ai-video', payload, headers);
    },
    state: async () => aiVideoStateResponse.parse((await account.client.post('/api/ai-video-state', { user_id: account.userId, video_id: videoId })).json()),
    document: async () => (await repositories.projects.findOwned(account.userId, videoId))!.composition as ProjectDocument,
    aiVideosUsed: async () => (await repositories.subscriptions.find(account.userId))!.aiVideosUsed,
    /** The credits the project holds for generations whose outcome is not settled yet, by job. */
    holds: () => repositories.videoCredits.holds(account.userId, videoId),
    cancel: (jobId: string) => account.client.post(`/api/jobs/${jobId}/cancel`),
    snapshot: async () => ({ used: await s.aiVideosUsed(), uploads: (await repositories.uploads.listForUser(account.userId)).length, document: await s.document() }),
    async finished() {
      for (let i = 0; i < 600; i++) {
        const status = videoStatusResponse.parse((await account.client.post('/api/check-video-status', { user_id: account.userId, video_id: videoId })).json());
        if (status.status !== 'processing') return status;
        await sleep(250);
      }
      throw new Error('the generation did not finish');
    },
  };
  return s;
}
/** A start's answer, with the server's refusal in the failure message if it was not one. */
function started(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
  return generateAiVideoResponse.parse(JSON.parse(response.body));
}
const scenes = (count = 3) => Object.fromEntries(sceneTexts.slice(0, count).map((text, i) => [`scene${i + 1}`, text]));
const image = (n: number, content: Buffer, filename = `still${n}.png`): FormFile => ({ field: `image${n}`, filename, content });

describe.each(targets)('Create AI Video on $name', (target) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof session>>;
  beforeAll(async () => {
    t = await startTestApp(target, { library: library() });
    s = await session(t, `ai-video-${target.name}@example.com`);
  }, 120_000);
  afterAll(() => t.close());

  it('refuses bad input with its message, taking no credit and storing nothing', async () => {
    const before = await s.snapshot();
    const refusals: [Promise<{ statusCode: number; json(): unknown }>, number, string][] = [
      [s.start({}), 400, texts.noScenes],
      [s.start({ scene2: sceneTexts[1]! }), 400, texts.missingScene(1)],
      [s.start({ scene1: sceneTexts[0]!, scene2: '   ' }), 400, texts.missingScene(2)],
      [s.start(scenes(2), [image(3, stills.blue)]), 400, texts.imageWithoutScene(3)],
      // The upload check's own status and text, named by the image.
      [s.start(scenes(1), [image(1, readFileSync(join(dir, 'notes.png')), 'notes.png')]), 415, texts.badImage(1, storyboardTexts.invalidImage)],
      [s.start({ ...scenes(1), image1_url: `/files/users/someone-else/uploads/x.png` }), 400, texts.notYourImage(1)],
    ];
    for (const [pending, status, error] of refusals) {
      const response = await pending;
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status, body: { error } });
    }
    const silent = (await seedProject(t, s.userId, dir, { background: false, voice: false })).id;
    const noVoice = await s.start(scenes(1), [image(1, stills.orange)], silent);
    expect({ status: noVoice.statusCode, body: noVoice.json() }).toEqual({ status: 409, body: { error: storyboardTexts.needsVoiceover } });
    // A start refused for want of an AI credit is a vendor's rule: tested through the vendors below.
    expect(await s.snapshot()).toEqual(before);
    expect((await s.state()).status).toBe('none');
  }, 120_000);

  it('makes a motion template with no AI credit, none left to take: a reconnect follows it, a failed one gives none back', async () => {
    // Every AI credit spent: a credit asked for would be refused, one taken would show, one given back would too.
    await t.composed.repositories.subscriptions.update(s.userId, { aiVideosUsed: 10 });
    const first = started(await s.start(scenes(2), [image(1, stills.orange), image(2, stills.blue)]));
    expect(first).toEqual({ status: 'processing', video_id: s.videoId, reconnected: false });
    const jobId = (await s.document()).videoJob!.jobId;
    expect(await s.aiVideosUsed()).toBe(10);
    expect(await s.holds()).toEqual({});
    // No worker runs yet, so the job is still queued: starting again follows it.
    const again = started(await s.start(scenes(2), [image(1, stills.orange), image(2, stills.blue)]));
    expect(again).toEqual({ status: 'processing', video_id: s.videoId, reconnected: true });
    expect((await s.document()).videoJob).toEqual({ jobId, purpose: 'ai-video' });
    expect(await s.aiVideosUsed()).toBe(10);
    expect(await s.state()).toMatchObject({ generator: 'local', status: 'processing' });

    // The stills vanish before the generation runs: it fails, and there is no credit to give back.
    const background = (await s.document()).background;
    expect(background?.kind).toBe('clips');
    const uploads = await t.composed.repositories.uploads.listForUser(s.userId);
    for (const upload of uploads) await t.composed.storage.delete(upload.storageKey);
    await t.composed.queue.startWorkers(1);
    expect(await s.finished()).toMatchObject({ status: 'error', error: aiVideoMessages.failed });
    expect(await s.aiVideosUsed()).toBe(10);
    // The stock library indexes the operator's folder with the workers' help.
    await t.composed.media.library.start();
  }, 120_000);

  it('gives a scene no stock picture matches a title card of its words, stored as the user’s image', async () => {
    const before = (await t.composed.repositories.uploads.listForUser(s.userId)).length;
    const answer = started(await s.start({ scene1: 'A zebra crossing the savannah at dusk.' }));
    expect(answer.reconnected).toBe(false);
    const uploads = await t.composed.repositories.uploads.listForUser(s.userId);
    expect(uploads).toHaveLength(before + 1);
    const card = uploads.find((upload) => upload.originalName === 'scene-1-title-card.jpg')!;
    const { data, info } = await sharp(await t.composed.storage.localPath(card.storageKey)).resize(108, 192).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([108, 192]);
    // White words in the upper part of the card; none where subtitles sit (the middle and the bottom).
    const whiteRows = new Set<number>();
    for (let i = 0; i < data.length; i += 3) if (data[i]! > 230 && data[i + 1]! > 230 && data[i + 2]! > 230) whiteRows.add(Math.floor(i / 3 / 108));
    expect(whiteRows.size).toBeGreaterThan(4);
    expect(Math.max(...whiteRows)).toBeLessThan(85);
    // Not rendered here: cancelled, as the page's Cancel does.
    expect((await s.cancel((await s.document()).videoJob!.jobId)).statusCode).toBe(200);
  }, 60_000);

  // The render itself does not depend on the database: made and measured once, on the first one.
  it.runIf(target === targets[0])('animates each scene for its voiceover line (a stock still for the one without an image) into one 1080x1920 video', async () => {
    const startedAt = Date.now();
    const response = started(await s.start(scenes(3), [image(1, stills.orange), image(2, stills.blue)]));
    expect(response.reconnected).toBe(false);
    const done = await s.finished();
    const seconds = (Date.now() - startedAt) / 1000;
    console.info(`AI video (offline, 3 scenes) from start to result: ${seconds.toFixed(1)} s`);
    expect(done.status, JSON.stringify(done)).toBe('done');
    // A motion template: no AI credit taken (every one is spent, from the test before).
    expect(await s.aiVideosUsed()).toBe(10);
    const document = await s.document();
    const key = (document.background as { clips: { key: string }[] }).clips[0]!.key;
    const output = await t.composed.storage.localPath(key);
    const info = await probe(output);
    const voiceover = document.voiceover!.duration;
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    expect(Math.abs(info.duration - voiceover)).toBeLessThan(0.2);
    // Scene one is the orange still, scene three the green stock picture; the first scene moves.
    const [r, , b] = mean(small(output, 0.3));
    expect(r!).toBeGreaterThan(b! + 30);
    const [r3, g3] = mean(small(output, voiceover - 0.3));
    expect(g3!).toBeGreaterThan(r3! + 30);
    expect(difference(small(output, 0.1), small(output, 1))).toBeGreaterThan(0.5);
    expect(await s.state()).toMatchObject({ status: 'done', user_video_url: expect.any(String) });
  }, 240_000);

  it('begins only two of ten parallel starts on ten projects (the offline bound at once), storing nothing for the others', async () => {
    const { repositories } = t.composed;
    const projects = [];
    for (let i = 0; i < 10; i++) projects.push((await seedProject(t, s.userId, dir, { background: false, text: voiceText })).id);
    const documentOf = async (id: string) => (await repositories.projects.findOwned(s.userId, id))!.composition as ProjectDocument;
    const before = { used: await s.aiVideosUsed(), uploads: (await repositories.uploads.listForUser(s.userId)).length, documents: await Promise.all(projects.map(documentOf)) };

    const answers = await Promise.all(projects.map((id) => s.start(scenes(2), [image(1, stills.orange), image(2, stills.blue)], id)));
    const begun = answers.flatMap((answer, i) => (answer.statusCode === 200 ? [{ i, answer: generateAiVideoResponse.parse(answer.json()) }] : []));
    expect(begun).toHaveLength(2);
    for (const { i, answer } of begun) expect(answer).toEqual({ status: 'processing', video_id: projects[i], reconnected: false });
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 429, body: { error: aiVideoMessages.offlineAtOnce(2) } });
    }
    // Two stills stored for each of the two begun, nothing for the refused; no AI credit taken.
    expect((await repositories.uploads.listForUser(s.userId)).length).toBe(before.uploads + 4);
    expect(await s.aiVideosUsed()).toBe(before.used);
    const after = await Promise.all(projects.map(documentOf));
    const begunAt = new Set(begun.map(({ i }) => i));
    projects.forEach((_, i) => {
      if (begunAt.has(i)) expect(after[i]!.videoJob?.purpose).toBe('ai-video');
      else expect(after[i]).toEqual(before.documents[i]);
    });
    // Not rendered: cancelled, as the page's Cancel does.
    for (const i of begunAt) expect((await s.cancel(after[i]!.videoJob!.jobId)).statusCode).toBe(200);
  }, 120_000);
});

const vendors: Record<string, () => Promise<{ settings: VideoGenerationSettings; nextOutcome(outcome: FakeOutcome, polls?: number): void; close(): Promise<void> }>> = {
  fal: async () => {
    const fake = await startFakeFal();
    const fal = { apiKey: fake.apiKey, model: 'fal-ai/kling-video/v2.1/standard/image-to-video', baseUrl: fake.baseUrl, storageUrl: fake.baseUrl, webhookJwksUrl: fake.jwksUrl, timeoutMs: 3000, lengths: [5, 10] };
    return { ...fake, settings: { fal } };
  },
  replicate: async () => {
    const fake = await startFakeReplicate();
    const replicate = { apiToken: fake.apiToken, model: 'kwaivgi/kling-v2.1', baseUrl: `${fake.baseUrl}/v1`, timeoutMs: 3000, lengths: [5, 10] };
    return { ...fake, settings: { replicate } };
  },
};

describe.each(Object.keys(vendors))('Create AI Video through %s (its local protocol server)', (name) => {
  let t: TestApp;
  let vendor: Awaited<ReturnType<(typeof vendors)[string]>>;
  beforeAll(async () => {
    vendor = await vendors[name]!();
    t = await startTestApp(targets[0]!, { library: library(), videoGeneration: vendor.settings, videoGenerationTuning: localVendorTuning });
    await t.composed.queue.startWorkers(1);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await vendor.close();
  });

  it('generates both scenes, fits them to 1080x1920 and joins them to the voiceover’s length', async () => {
    const s = await session(t, `ai-video-${name}@example.com`);
    vendor.nextOutcome('completes', 1);
    expect(await s.state()).toMatchObject({ generator: name, status: 'none' });
    const response = started(await s.start(scenes(2), [image(1, stills.orange), image(2, stills.blue)]));
    expect(response.reconnected).toBe(false);
    expect(await s.finished()).toMatchObject({ status: 'done' });
    const document = await s.document();
    const output = await t.composed.storage.localPath((document.background as { clips: { key: string }[] }).clips[0]!.key);
    const info = await probe(output);
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    expect(Math.abs(info.duration - document.voiceover!.duration)).toBeLessThan(0.2);
    expect(await s.aiVideosUsed()).toBe(3);
  }, 240_000);

  // The AI credit rules (SPEC §6) hold when a vendor generates. Its generations are kept running (the vendor never
  // finishes them) or made to fail, so none of these renders.
  const forever = 1_000_000;

  it('takes one AI credit at the start, none for a reconnect, and gives it back when the generation is cancelled', async () => {
    const s = await session(t, `ai-video-${name}-cancel@example.com`);
    vendor.nextOutcome('completes', forever);
    const first = started(await s.start(scenes(2), [image(1, stills.orange), image(2, stills.blue)]));
    expect(first).toEqual({ status: 'processing', video_id: s.videoId, reconnected: false });
    const jobId = (await s.document()).videoJob!.jobId;
    expect(await s.aiVideosUsed()).toBe(3);
    expect(await s.holds()).toEqual({ [jobId]: 'aiVideos' });
    const again = started(await s.start(scenes(2), [image(1, stills.orange), image(2, stills.blue)]));
    expect(again).toEqual({ status: 'processing', video_id: s.videoId, reconnected: true });
    expect((await s.document()).videoJob).toEqual({ jobId, purpose: 'ai-video' });
    expect(await s.aiVideosUsed()).toBe(3);

    expect((await s.cancel(jobId)).statusCode).toBe(200);
    expect((await s.finished()).status).toBe('error');
    expect(await s.aiVideosUsed()).toBe(2);
    // Read again: given back once only.
    expect((await s.state()).status).toBe('error');
    expect(await s.aiVideosUsed()).toBe(2);
    expect(await s.holds()).toEqual({});
  }, 60_000);

  it('gives the AI credit back when the vendor fails the generation', async () => {
    const s = await session(t, `ai-video-${name}-fails@example.com`);
    vendor.nextOutcome('fails', 1);
    started(await s.start(scenes(2), [image(1, stills.orange), image(2, stills.blue)]));
    expect(await s.aiVideosUsed()).toBe(3);
    expect(await s.finished()).toMatchObject({ status: 'error', error: aiVideoMessages.failed });
    expect(await s.aiVideosUsed()).toBe(2);
    expect((await s.state()).status).toBe('error');
    expect(await s.aiVideosUsed()).toBe(2);
  }, 60_000);

  it('refuses a start without an AI credit with its message, storing nothing', async () => {
    const s = await session(t, `ai-video-${name}-spent@example.com`);
    await t.composed.repositories.subscriptions.update(s.userId, { aiVideosUsed: 10 });
    const before = await s.snapshot();
    const spent = await s.start(scenes(2), [image(1, stills.orange), image(2, stills.blue)]);
    expect({ status: spent.statusCode, body: spent.json() }).toEqual({ status: 403, body: { error: quotaMessages.aiVideos } });
    expect(await s.snapshot()).toEqual(before);
    expect((await s.state()).status).toBe('none');
  }, 60_000);

  it.runIf(name === 'fal')('with no credit left, makes motion templates here when the start asks for them, for no credit', async () => {
    const s = await session(t, `ai-video-${name}-templates@example.com`);
    await t.composed.repositories.subscriptions.update(s.userId, { aiVideosUsed: 10 });
    started(await s.start({ ...scenes(2), motion_template: 'true' }, [image(1, stills.orange), image(2, stills.blue)]));
    expect(await s.holds()).toEqual({});
    expect(await s.finished()).toMatchObject({ status: 'done' });
    const document = await s.document();
    const output = await t.composed.storage.localPath((document.background as { clips: { key: string }[] }).clips[0]!.key);
    expect(await probe(output)).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    expect(await s.aiVideosUsed()).toBe(10);
  }, 240_000);

  it('starts exactly one generation from ten parallel starts at one remaining credit', async () => {
    const s = await session(t, `ai-video-${name}-race@example.com`);
    await t.composed.repositories.subscriptions.update(s.userId, { aiVideosUsed: 9 });
    vendor.nextOutcome('completes', forever);
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.start(scenes(2), [image(1, stills.orange), image(2, stills.blue)])));
    const begun = answers.filter((answer) => answer.statusCode === 200 && !generateAiVideoResponse.parse(answer.json()).reconnected);
    expect(begun).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 403, body: { error: quotaMessages.aiVideos } });
    expect(await s.aiVideosUsed()).toBe(10);
    // The two stills of the one that began: the refused stored nothing.
    expect((await s.snapshot()).uploads).toBe(2);
    // Cancelled rather than rendered: the credit comes back.
    expect((await s.cancel((await s.document()).videoJob!.jobId)).statusCode).toBe(200);
    expect((await s.finished()).status).toBe('error');
    expect(await s.aiVideosUsed()).toBe(9);
  }, 60_000);
});
