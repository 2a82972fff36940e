import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateStoryboardResponse, scenesResponse, storyboardTexts, uploadResponse } from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { minSceneSeconds } from '../src/modules/storyboard/storyboard-timing.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp } from './app.ts';
import { multipartForm, type FormFile } from './brolls-multipart.ts';
import { testDatabaseTargets } from './databases.ts';
import { multipartFile } from './media-fixtures.ts';
import { fixtureDir, seedProject, spokenText } from './subtitles-fixtures.ts';

const [pglite] = await testDatabaseTargets();
const { dir, cleanup } = fixtureDir();
const colours = ['red', 'lime', 'blue', 'yellow', 'magenta', 'cyan'] as const;
const rgb: Record<(typeof colours)[number], [number, number, number]> = {
  red: [255, 0, 0],
  lime: [0, 255, 0],
  blue: [0, 0, 255],
  yellow: [255, 255, 0],
  magenta: [255, 0, 255],
  cyan: [0, 255, 255],
};
const clips = colours.map((colour) => {
  const path = join(dir, `${colour}.mp4`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${colour}:s=360x640:r=25:d=1`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path]);
  return readFileSync(path);
});
const file = (n: number, content: Buffer, filename = `scene${n}.mp4`): FormFile => ({ field: `video${n}`, filename, content });
const allSix = () => clips.map((content, i) => file(i + 1, content));

function centrePixel(video: string, seconds: number): [number, number, number] {
  const out = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', 'crop=2:2:iw/2:ih/2,scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  return [out[0]!, out[1]!, out[2]!];
}
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) < 60);

describe('Smart Storyboard (generate-and-store-scenes, update-scene, generate-storyboard)', () => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signUpAndConfirm>>;
  let videoId: string;

  beforeAll(async () => {
    t = await startTestApp(pglite!);
    await t.composed.queue.startWorkers(1);
    account = await signUpAndConfirm(t.app, 'storyboard@example.com');
    await account.client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    videoId = (await seedProject(t, account.userId, dir, { background: false, text: spokenText })).id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    cleanup();
  });

  const documentOf = async () => (await t.composed.repositories.projects.findOwned(account.userId, videoId))!.composition as ProjectDocument;
  const scenes = (body: Record<string, string> = {}) => account.client.post('/api/generate-and-store-scenes', { user_id: account.userId, video_id: videoId, ...body });
  const updateScene = (index: string, text: string) =>
    account.client.post('/api/update-scene', new URLSearchParams({ user_id: account.userId, video_id: videoId, scene_index: index, scene_text: text }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
  const storyboard = (fields: Record<string, string>, files: FormFile[]) => {
    const { payload, headers } = multipartForm({ user_id: account.userId, video_id: videoId, ...fields }, files);
    return account.client.request('POST', '/api/generate-storyboard', payload, headers);
  };
  const uploadCount = async () => (await t.composed.repositories.uploads.listForUser(account.userId)).length;

  it('needs the script, then writes six scenes once and keeps them until the script changes', async () => {
    const missing = await scenes();
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toEqual({ error: storyboardTexts.needsScript });
    expect((await updateScene('1', 'Too early')).json()).toEqual({ error: storyboardTexts.needsScenes });

    await t.composed.repositories.projects.update(account.userId, videoId, { script: spokenText });
    const writer = vi.spyOn(t.composed.writer, 'storyboardScenes');
    const first = scenesResponse.parse((await scenes()).json());
    expect(first.video_id).toBe(videoId);
    const texts = [first.scene1, first.scene2, first.scene3, first.scene4, first.scene5, first.scene6];
    expect(texts.every((text) => text.length > 0)).toBe(true);
    expect((await documentOf()).scenes).toEqual(texts);

    expect(scenesResponse.parse((await scenes()).json())).toEqual(first);
    expect(writer).toHaveBeenCalledTimes(1);

    await t.composed.repositories.projects.update(account.userId, videoId, { script: `${spokenText} Call us today.` });
    await scenes();
    expect(writer).toHaveBeenCalledTimes(2);
    await t.composed.repositories.projects.update(account.userId, videoId, { script: spokenText });
    await scenes();
    writer.mockRestore();
  });

  it('saves an edited scene (trimmed) and refuses a bad index, an overlong text and another user', async () => {
    const before = (await documentOf()).scenes!;
    expect((await updateScene('2', '  A baker pulls bread from the oven.  ')).json()).toEqual({ status: 'success', video_id: videoId });
    const after = (await documentOf()).scenes!;
    expect(after[1]).toBe('A baker pulls bread from the oven.');
    expect(after.filter((_, i) => i !== 1)).toEqual(before.filter((_, i) => i !== 1));
    expect(scenesResponse.parse((await scenes()).json()).scene2).toBe('A baker pulls bread from the oven.');

    for (const index of ['0', '7', 'x']) expect((await updateScene(index, 'Nope')).statusCode).toBe(400);
    expect((await updateScene('1', 'x'.repeat(601))).statusCode).toBe(400);
    const foreign = await account.client.post('/api/update-scene', { user_id: 'someone-else', video_id: videoId, scene_index: 1, scene_text: 'Hi' });
    expect(foreign.statusCode).toBe(403);
    expect((await documentOf()).scenes).toEqual(after);
  });

  it('keeps a scene’s image and video with the project, so the scenes answer them again; refuses what is not the user’s own', async () => {
    const still = join(dir, 'scene-still.png');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=orange:s=360x640', '-frames:v', '1', still]);
    const upload = async (purpose: string, name: string, content: Buffer, type: string) => {
      const { payload, headers } = multipartFile('file', name, content, type);
      return uploadResponse.parse((await account.client.request('POST', `/api/uploads/${purpose}`, payload, headers)).json());
    };
    const image = await upload('scene-image', 'shop-front.png', readFileSync(still), 'image/png');
    const clip = await upload('storyboard-video', 'pour.mp4', clips[2]!, 'video/mp4');
    const keep = (body: Record<string, unknown>) => account.client.post('/api/storyboard/scene-media', { user_id: account.userId, video_id: videoId, ...body });
    expect((await keep({ scene_index: 2, kind: 'image', url: image.url, name: 'shop-front.png' })).json()).toEqual({ status: 'success' });
    expect((await keep({ scene_index: 5, kind: 'video', url: clip.url, name: 'pour.mp4' })).json()).toEqual({ status: 'success' });

    const media = scenesResponse.parse((await scenes()).json()).scene_media!;
    expect(media).toHaveLength(6);
    expect(media[1]!.image).toMatchObject({ name: 'shop-front.png', url: expect.stringContaining(new URL(image.url, 'http://x').pathname) });
    expect(media[4]!.video).toMatchObject({ name: 'pour.mp4', size: clips[2]!.length });
    expect(media.filter((_, i) => i !== 1 && i !== 4).every((scene) => scene.image === null && scene.video === null)).toBe(true);

    // Saves for several scenes at once (the page uploads each pick as it is made) each keep their own.
    await Promise.all([1, 3, 4, 6].map((n) => keep({ scene_index: n, kind: 'video', url: clip.url, name: `clip${n}.mp4` })));
    expect(scenesResponse.parse((await scenes()).json()).scene_media!.map((scene) => scene.video?.name ?? null)).toEqual(['clip1.mp4', null, 'clip3.mp4', 'clip4.mp4', 'pour.mp4', 'clip6.mp4']);

    const before = (await documentOf()).sceneMedia;
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ scene_index: 3, kind: 'video', url: image.url }, 400, storyboardTexts.notYourMedia('video')],
      [{ scene_index: 3, kind: 'image', url: 'https://example.com/cat.png' }, 400, storyboardTexts.notYourMedia('image')],
      [{ scene_index: 7, kind: 'image', url: image.url }, 400, 'Invalid request.'],
    ];
    for (const [body, status, error] of refusals) {
      const answer = await keep(body);
      expect([answer.statusCode, answer.json().error], JSON.stringify(body)).toEqual([status, error]);
    }
    const stranger = await signUpAndConfirm(t.app, 'storyboard-stranger@example.com');
    await stranger.client.post('/api/auth/sign-in/email', { email: stranger.email, password: stranger.password });
    const theirs = await stranger.client.post('/api/storyboard/scene-media', { user_id: stranger.userId, video_id: videoId, scene_index: 1, kind: 'image', url: image.url });
    expect(theirs.statusCode).toBe(404);
    expect((await documentOf()).sceneMedia).toEqual(before);

    expect((await keep({ scene_index: 2, kind: 'image', url: null })).json()).toEqual({ status: 'success' });
    expect(scenesResponse.parse((await scenes()).json()).scene_media![1]!.image).toBeNull();
  });

  it('refuses a missing, empty, oversized or unreadable video with the scene number, storing nothing', async () => {
    const uploadsBefore = await uploadCount();
    const documentBefore = await documentOf();
    const six = allSix();
    const refusals: [FormFile[], Record<string, string>, string][] = [
      [six.filter((f) => f.field !== 'video3'), {}, storyboardTexts.missingVideo(3)],
      [six.map((f) => (f.field === 'video2' ? file(2, Buffer.alloc(0)) : f)), {}, storyboardTexts.emptyVideo(2)],
      [six.map((f) => (f.field === 'video4' ? file(4, Buffer.alloc(9 * 1024 * 1024, 7)) : f)), {}, storyboardTexts.videoTooLarge(4)],
      [six.map((f) => (f.field === 'video5' ? file(5, Buffer.from('not a video\n'.repeat(50)), 'notes.txt') : f)), {}, storyboardTexts.videoRefused(5, 'Please upload a valid video file (MP4, MOV or WebM).')],
      [six.filter((f) => f.field !== 'video6'), { video6_url: 'https://example.com/clip.mp4' }, storyboardTexts.notYourVideo(6)],
    ];
    for (const [files, fields, message] of refusals) {
      const response = await storyboard(fields, files);
      expect(response.json(), message).toEqual({ error: message });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(await uploadCount()).toBe(uploadsBefore);
    expect(await documentOf()).toEqual(documentBefore);
  });

  it('renders one clip per scene, each shown while the voiceover says its words, with the voiceover', async () => {
    // Scene 6 comes as the signed URL of an earlier upload (as a stock video added through the modal does).
    const { payload, headers } = multipartFile('file', 'cyan.mp4', clips[5]!, 'video/mp4');
    const upload = uploadResponse.parse((await account.client.request('POST', '/api/uploads/storyboard-video', payload, headers)).json());
    const texts = Object.fromEntries((await documentOf()).scenes!.map((text, i) => [`scene${i + 1}`, text]));
    const response = await storyboard({ ...texts, scene1: 'Edited in the form', video6_url: upload.url }, allSix().slice(0, 5));
    expect(response.statusCode, response.body).toBe(200);
    const result = generateStoryboardResponse.parse(response.json());
    expect(result.video_id).toBe(videoId);

    const doc = await documentOf();
    expect(doc.scenes![0]).toBe('Edited in the form');
    const voice = doc.voiceover!;
    const background = doc.background;
    expect(background?.kind).toBe('clips');
    const lengths = background?.kind === 'clips' ? background.clips.map((c) => c.length!) : [];
    expect(lengths).toHaveLength(6);
    expect(lengths.reduce((a, b) => a + b, 0)).toBeCloseTo(voice.duration, 1);
    // Scene 3 (as the writer wrote it) starts on the first word of its quoted voiceover, found in the word timings,
    // unless scene 2 would then be too short to read: then it starts once scene 2 had its minimum (or its equal share
    // of a voiceover too short for six minimums).
    const quoted = /Voiceover: "([^"…]+)/.exec(doc.scenes![2]!)![1]!.split(' ');
    const at = voice.words.findIndex((_, i) => quoted.slice(0, 3).every((word, k) => voice.words[i + k]?.text === word));
    expect(at).toBeGreaterThan(0);
    expect(lengths[0]! + lengths[1]!).toBeCloseTo(Math.max(voice.words[at]!.start, lengths[0]! + Math.min(minSceneSeconds, voice.duration / 6)), 2);

    const fetched = await account.client.get(result.user_video_url);
    expect(fetched.statusCode).toBe(200);
    const video = join(dir, 'storyboard.mp4');
    writeFileSync(video, fetched.rawPayload);
    const info = await probe(video);
    expect(info.duration).toBeCloseTo(voice.duration, 0);
    expect(info.hasAudio).toBe(true);
    let start = 0;
    for (const [i, length] of lengths.entries()) {
      expect(near(centrePixel(video, start + length / 2), rgb[colours[i]!]), `scene ${i + 1}`).toBe(true);
      start += length;
    }
    expect((await t.composed.repositories.projects.findOwned(account.userId, videoId))!.previewVideoKey).toContain('-storyboard.mp4');
  }, 150_000);

  it('needs a voiceover before it renders', async () => {
    const bare = await seedProject(t, account.userId, dir, { background: false, voice: false });
    const { payload, headers } = multipartForm({ user_id: account.userId, video_id: bare.id }, allSix());
    const response = await account.client.request('POST', '/api/generate-storyboard', payload, headers);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: storyboardTexts.needsVoiceover });
  });
});
