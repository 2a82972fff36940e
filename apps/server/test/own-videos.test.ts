import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  combineVideosSilentResponse,
  dashboardTexts,
  latestVideoResponse,
  ownVideoTexts,
  uploadAndSaveResponse,
  uploadResponse,
  videoStatusResponse,
} from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnVideoEntry } from '../src/db/repositories/own-videos.ts';
import { clipsWithin } from '../src/modules/own-video/own-videos.ts';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, TestClient, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { makeFixtures, multipartFile } from './media-fixtures.ts';

const targets = await testDatabaseTargets();
const fixtures = makeFixtures();
const MB = 1024 * 1024;
const clip = readFileSync(fixtures.path('clip.mp4'));
execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=25:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', fixtures.path('two.mp4')]);
const two = readFileSync(fixtures.path('two.mp4'));

/** A real video made `bytes` long by a trailing ISO BMFF 'free' box, which players and ffprobe skip. */
function paddedVideo(bytes: number): Buffer {
  const size = bytes - clip.length;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(size, 0);
  header.write('free', 4, 'ascii');
  return Buffer.concat([clip, header, Buffer.alloc(size - 8)]);
}
const big = paddedVideo(25 * MB);

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer };
/** A multipart body with the parts in the order given (the spec's form sends the file first). */
function form(parts: Part[]) {
  const boundary = `----own${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) =>
    'value' in part
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)]
      : [
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: video/mp4\r\n\r\n`),
          part.content,
          Buffer.from('\r\n'),
        ],
  );
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('clipsWithin (SPEC §9: 59 s)', () => {
  it('keeps whole clips, cuts the one that crosses 59 s and drops the rest', () => {
    const v = (key: string, duration: number) => ({ key, duration });
    expect(clipsWithin([v('a', 10), v('b', 20)])).toEqual([v('a', 10), v('b', 20)]);
    expect(clipsWithin([v('a', 40), v('b', 30), v('c', 5)])).toEqual([v('a', 40), v('b', 19)]);
    expect(clipsWithin([v('a', 58.9), v('b', 5)])).toEqual([v('a', 58.9)]);
    expect(clipsWithin([v('a', 75)])).toEqual([v('a', 59)]);
  });
});

describe.each(targets)('Use Own Video: upload-and-save and combine-videos-silent on $name', (target) => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  let other: TestClient;

  beforeAll(async () => {
    t = await startTestApp(target);
    await t.composed.queue.startWorkers(1);
    const account = await signUpAndConfirm(t.app, 'own@example.com');
    ({ client, userId } = account);
    await client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    const second = await signUpAndConfirm(t.app, 'someone-else@example.com');
    other = second.client;
    await other.post('/api/auth/sign-in/email', { email: second.email, password: second.password });
  }, 60_000);
  afterAll(() => t.close());

  const newProject = async () => (await client.post('/api/create-video-entry', { user_id: userId, video_type: 'own-video' })).json().video_id as string;
  const save = (videoId: string, id: string, content: Buffer, extra: Part[] = []) => {
    const fields = [{ name: 'user_id', value: userId }, { name: 'id', value: id }, { name: 'video_id', value: videoId }, ...extra];
    const { payload, headers } = form([{ name: 'video', filename: `${id}.mp4`, content }, ...fields]);
    return client.request('POST', '/api/upload-and-save', payload, headers);
  };
  const combine = (body: Record<string, string>) => client.post('/api/combine-videos-silent', new URLSearchParams({ user_id: userId, ...body }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
  const listOf = async (videoId: string) => (await t.composed.repositories.ownVideos.list(userId, videoId)) as OwnVideoEntry[];
  const storedUploads = async () => (await t.composed.repositories.uploads.listForUser(userId)).length;
  const documentOf = async (videoId: string) => (await t.composed.repositories.projects.findOwned(userId, videoId))!.composition as ProjectDocument;
  const refusal = (response: { statusCode: number; json(): unknown }) => ({ status: response.statusCode, body: response.json() });

  it('saves a video sent before its fields, and refuses a file that is not a video, storing nothing', async () => {
    const videoId = await newProject();
    const saved = await save(videoId, 'item-1', clip);
    expect(saved.statusCode, saved.body).toBe(200);
    const body = uploadAndSaveResponse.parse(saved.json());
    expect(body).toMatchObject({ size: clip.length, duration: expect.closeTo(3, 0) });
    expect((await client.get(body.video_url)).statusCode).toBe(200);
    expect(await listOf(videoId)).toEqual([expect.objectContaining({ id: 'item-1', size: clip.length })]);

    const before = await storedUploads();
    const text = await save(videoId, 'item-2', readFileSync(fixtures.path('text.mp4')));
    expect(refusal(text)).toEqual({ status: 415, body: { error: ownVideoTexts.notVideo } });
    expect(await storedUploads()).toBe(before);
    expect(await listOf(videoId)).toHaveLength(1);
  });

  it('keeps at most 6 videos per project; a retried item replaces itself; items the page dropped stop counting', async () => {
    const videoId = await newProject();
    for (let n = 1; n <= 6; n += 1) expect((await save(videoId, `v${n}`, two)).statusCode).toBe(200);
    const before = await storedUploads();
    expect(refusal(await save(videoId, 'v7', two))).toEqual({ status: 409, body: { error: ownVideoTexts.tooMany } });
    expect(await storedUploads()).toBe(before);
    expect((await listOf(videoId)).map((e) => e.id)).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6']);

    expect((await save(videoId, 'v3', two)).statusCode).toBe(200);
    expect(await listOf(videoId)).toHaveLength(6);
    expect((await save(videoId, 'v7', two, [{ name: 'items', value: 'v1,v2,v7' }])).statusCode).toBe(200);
    expect((await listOf(videoId)).map((e) => e.id)).toEqual(['v1', 'v2', 'v7']);
  });

  it('refuses a video that would take the project past 40 MB, uploaded or already the user’s, storing nothing', async () => {
    const videoId = await newProject();
    expect((await save(videoId, 'big-1', big)).statusCode).toBe(200);
    const before = await storedUploads();
    expect(refusal(await save(videoId, 'big-2', big))).toEqual({ status: 413, body: { error: ownVideoTexts.wouldExceed } });
    expect(await storedUploads()).toBe(before);

    const { payload, headers } = multipartFile('file', 'stock.mp4', big);
    const stock = uploadResponse.parse((await client.request('POST', '/api/uploads/own-video', payload, headers)).json());
    const byUrl = await client.post('/api/upload-and-save', { user_id: userId, id: 'stock-1', video_id: videoId, video_url: stock.url });
    expect(refusal(byUrl)).toEqual({ status: 413, body: { error: ownVideoTexts.wouldExceed } });
    expect((await listOf(videoId)).map((e) => e.id)).toEqual(['big-1']);

    const tooBig = await save(videoId, 'huge', paddedVideo(41 * MB));
    expect(refusal(tooBig)).toEqual({ status: 413, body: { error: ownVideoTexts.wouldExceed } });
    expect(await storedUploads()).toBe(before + 1);
  }, 60_000);

  it('combines only the user’s own videos, at most 6 and 40 MB, changing nothing when it refuses', async () => {
    const videoId = await newProject();
    const url = async (content: Buffer, purpose = 'own-video') => {
      const { payload, headers } = multipartFile('file', 'x.mp4', content);
      return uploadResponse.parse((await client.request('POST', `/api/uploads/${purpose}`, payload, headers)).json()).url;
    };
    const small = await url(two);
    const bigs = [await url(big), await url(big)];
    const { payload, headers } = multipartFile('file', 'theirs.mp4', two);
    const theirs = uploadResponse.parse((await other.request('POST', '/api/uploads/own-video', payload, headers)).json()).url;

    const seven = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`video${i + 1}`, small]));
    const cases: [Record<string, string>, number, string][] = [
      [{ video1: small, video2: theirs }, 400, dashboardTexts.invalidVideoUrl],
      [{ video1: small.replace(/sig=[^&]+/, 'sig=AAAA') }, 400, dashboardTexts.invalidVideoUrl],
      [seven, 400, ownVideoTexts.tooMany],
      [{ video1: small, video9: small }, 400, ownVideoTexts.tooMany],
      [{ video1: bigs[0]!, video2: bigs[1]! }, 413, ownVideoTexts.overTotal],
      [{}, 400, ownVideoTexts.noVideos],
    ];
    for (const [fields, status, error] of cases) {
      expect({ fields, ...refusal(await combine({ video_id: videoId, ...fields })) }).toEqual({ fields, status, body: { error } });
    }
    const project = await t.composed.repositories.projects.findOwned(userId, videoId);
    expect(project).toMatchObject({ composition: {}, previewVideoKey: null });
    expect((await other.post('/api/combine-videos-silent', { user_id: userId, video1: small })).statusCode).toBe(403);
  }, 60_000);

  it('refuses an image as a video', async () => {
    const videoId = await newProject();
    const { payload, headers } = multipartFile('file', 'logo.png', readFileSync(fixtures.path('logo.png')));
    const image = uploadResponse.parse((await client.request('POST', '/api/uploads/scene-image', payload, headers)).json()).url;
    expect(refusal(await combine({ video_id: videoId, video1: image }))).toEqual({ status: 400, body: { error: ownVideoTexts.notVideo } });
    expect(refusal(await client.post('/api/upload-and-save', { user_id: userId, id: 'img', video_id: videoId, video_url: image }))).toEqual({
      status: 400,
      body: { error: ownVideoTexts.notVideo },
    });
    expect(await listOf(videoId)).toEqual([]);
  });

  it('combines two videos into a silent background, renders the preview and get-latest-video answers it', async () => {
    const videoId = await newProject();
    const first = uploadAndSaveResponse.parse((await save(videoId, 'a', clip)).json());
    const second = uploadAndSaveResponse.parse((await save(videoId, 'b', two)).json());
    const combined = await combine({ video_id: videoId, video1: first.video_url, video2: second.video_url });
    expect(combined.statusCode, combined.body).toBe(200);
    const answer = combineVideosSilentResponse.parse(combined.json());
    expect(answer).toMatchObject({ status: 'success', video_id: videoId, trimmed: false, duration: expect.closeTo(5, 0) });
    expect((await documentOf(videoId)).background).toMatchObject({
      kind: 'clips',
      fit: 'trim',
      hasSpeech: false,
      clips: [{ duration: expect.closeTo(3, 0) }, { duration: expect.closeTo(2, 0) }],
    });

    let status = videoStatusResponse.parse((await client.post('/api/check-video-status', { user_id: userId, video_id: videoId })).json());
    for (let i = 0; i < 120 && status.status === 'processing'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = videoStatusResponse.parse((await client.post('/api/check-video-status', { user_id: userId, video_id: videoId })).json());
    }
    expect(status).toMatchObject({ status: 'done', user_video_url: expect.any(String) });
    const latest = latestVideoResponse.parse((await client.post('/api/get-latest-video', { user_id: userId, video_id: videoId })).json());
    expect(latest.user_video_url?.split('?')[0]).toBe(status.user_video_url!.split('?')[0]);
    const file = join(t.config.dataDir, 'combined.mp4');
    writeFileSync(file, (await client.get(latest.user_video_url!)).rawPayload);
    const info = await probe(file);
    expect(info).toMatchObject({ width: 540, height: 960 });
    expect(info.duration).toBeCloseTo(5, 0);
  }, 120_000);
});
