import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { finalVideoLongPollMs, quotaMessages, subtitleTexts, workflowMessages, type FinalVideoStatus } from '@reelsmith/contracts';
import { probe, subtitleLayout } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createRepositories, type Repositories } from '../src/db/repositories/index.ts';
import { user } from '../src/db/schema.ts';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { fixtureDir, seedProject } from './subtitles-fixtures.ts';

const targets = await testDatabaseTargets();
const [pglite] = targets;
const renderTimeout = 300_000;

/** A browser's multipart form: text fields, then an optional file. */
function multipartForm(fields: Record<string, string>, file?: { field: string; name: string; content: Buffer; type: string }) {
  const boundary = `----reelsmith${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Pixels of a frame at `seconds` that are nearly white, within the band where bottom captions sit. */
function captionPixels(video: string, seconds: number): number {
  const frame = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const { fontSize, marginV } = subtitleLayout('bottom', 'medium');
  const bottom = 1920 - marginV;
  let count = 0;
  for (let y = Math.round(bottom - fontSize * 1.6); y < bottom + 20; y++) {
    for (let x = 0; x < 1080; x++) {
      const i = (y * 1080 + x) * 3;
      if (frame[i]! > 215 && frame[i + 1]! > 215 && frame[i + 2]! > 215) count++;
    }
  }
  return count;
}

/** The colour at (x, y) of a frame at `seconds`, in 1080x1920 pixels. */
function pixelAt(video: string, seconds: number, x: number, y: number): [number, number, number] {
  const crop = `format=rgb24,crop=1:1:${x}:${y}`;
  const rgb = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', crop, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  return [rgb[0]!, rgb[1]!, rgb[2]!];
}

/** The middle of the top-right corner the logo sits in, clear of the middle and bottom captions. */
const logoSpot = { x: 1080 - 48 - 90, y: 48 + 90 };
const isLogoGreen = ([r, g, b]: [number, number, number]) => g > 200 && r < 80 && b < 80;

describe('final video', () => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  let dir: string;
  let cleanup: () => void;
  const usage = async () => (await t.composed.repositories.subscriptions.find(userId))!.videosUsed;
  const documentOf = async (id: string) => (await t.composed.repositories.projects.findOwned(userId, id))!;
  const fields = (videoId: string, extra: Record<string, string> = {}) => ({
    user_id: userId,
    video_id: videoId,
    subtitle_enabled: 'Yes',
    subtitle_position: 'bottom',
    subtitle_font_size: 'medium',
    words_per_chunk: '3',
    subtitle_srt: '',
    subtitle_style: 'Hormozi',
    ...extra,
  });
  const postForm = (values: Record<string, string>) =>
    client.request('POST', '/api/final-video', new URLSearchParams(values).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
  const generate = (videoId: string) =>
    client.request('POST', '/api/generate-subtitles', new URLSearchParams({ user_id: userId, video_id: videoId, subtitle_position: 'bottom', subtitle_font_size: 'medium', words_per_chunk: '3' }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });

  /** As the page polls: each check may wait at the server for the outcome (a long poll). */
  async function settle(videoId: string): Promise<FinalVideoStatus> {
    for (;;) {
      const status = (await client.post('/api/check-final-video', { user_id: userId, video_id: videoId, wait_ms: finalVideoLongPollMs })).json() as FinalVideoStatus;
      if (status.status !== 'processing') return status;
      await sleep(250);
    }
  }

  async function download(url: string, name: string): Promise<string> {
    const response = await client.get(url);
    expect(response.statusCode).toBe(200);
    const path = join(dir, name);
    writeFileSync(path, response.rawPayload);
    return path;
  }

  beforeAll(async () => {
    t = await startTestApp(pglite!);
    await t.composed.queue.startWorkers(1);
    ({ dir, cleanup } = fixtureDir());
    const account = await signUpAndConfirm(t.app, 'final-video@example.com');
    ({ client, userId } = account);
    await client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  });
  afterAll(async () => {
    await t.close();
    cleanup();
  });

  it(
    'renders the project once at the final profile with its captions, counts one credit and shows it on the dashboard',
    async () => {
      const { id, document } = await seedProject(t, userId, dir);
      expect((await generate(id)).statusCode).toBe(200);
      expect(await usage()).toBe(0);
      const logo = join(dir, 'logo.png');
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x00ff00:s=300x300', '-frames:v', '1', logo]);
      const logoForm = multipartForm({ email: 'final-video@example.com' }, { field: 'logo', name: 'logo.png', content: readFileSync(logo), type: 'image/png' });
      expect((await client.post('/api/upload-logo', logoForm.payload, logoForm.headers)).statusCode).toBe(200);

      const [first, second] = await Promise.all([postForm(fields(id)), postForm(fields(id))]);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ video_id: id, status: 'processing', final_video_url: null, error: null });
      expect(second.json().job_id).toBe(first.json().job_id);

      const done = await settle(id);
      expect(done).toMatchObject({ status: 'done', percent: 100, error: null });
      // Saved under the project's title; this one has neither a title nor a script yet.
      expect(done.download_name).toBe('untitled-video.mp4');
      const job = (await client.get(`/api/jobs/${done.job_id}`)).json();
      expect(job.url).toMatch(/^\/files\/users\//);

      const video = await download(done.final_video_url!, 'final.mp4');
      const info = await probe(video);
      expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264', audioCodec: 'aac' });
      expect(Math.abs(info.duration - document.voiceover!.duration)).toBeLessThan(0.5);

      const cue = (await documentOf(id)).composition as ProjectDocument;
      const firstCue = cue.subtitles!.cues[0]!;
      expect(captionPixels(video, 0.05)).toBe(0);
      expect(captionPixels(video, (firstCue.start + firstCue.end) / 2)).toBeGreaterThan(500);
      // The dashboard logo, uploaded after the project began, is in the top-right corner from the first frame on.
      expect(isLogoGreen(pixelAt(video, 0.05, logoSpot.x, logoSpot.y))).toBe(true);
      expect(isLogoGreen(pixelAt(video, (firstCue.start + firstCue.end) / 2, logoSpot.x, logoSpot.y))).toBe(true);

      const project = await documentOf(id);
      expect(project).toMatchObject({ finalVideoKey: `users/${userId}/renders/${id}-final-${done.job_id}.mp4`, posterKey: `users/${userId}/renders/${id}-final-${done.job_id}.jpg` });
      expect(project.completedAt).toBeInstanceOf(Date);
      expect(await usage()).toBe(1);

      const videos = (await client.post('/api/videos', { user_id: userId })).json().videos as { id: string; video_url: string; poster_url: string }[];
      expect(videos.map((v) => v.id)).toContain(id);
      const poster = await client.get(videos.find((v) => v.id === id)!.poster_url);
      expect(poster.headers['content-type']).toBe('image/jpeg');

      // The same request again joins the finished render: nothing is rendered or counted.
      expect((await postForm(fields(id))).json()).toMatchObject({ job_id: done.job_id, status: 'done' });
    },
    renderTimeout,
  );

  it(
    're-rendering a finished project with a CTA image replaces its video and takes no second credit',
    async () => {
      const { id, document } = await seedProject(t, userId, dir, { text: 'Visit us today.' });
      await generate(id);
      await postForm(fields(id));
      expect((await settle(id)).status).toBe('done');
      const used = await usage();

      const cta = join(dir, 'cta.png');
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0xff3366:s=540x960', '-frames:v', '1', cta]);
      const form = multipartForm(fields(id, { subtitle_enabled: 'No', subtitle_style: 'Lato', logo_enabled: 'No' }), {
        field: 'cta_image',
        name: 'cta.png',
        content: readFileSync(cta),
        type: 'image/png',
      });
      const again = await client.post('/api/final-video', form.payload, form.headers);
      expect(again.json()).toMatchObject({ status: 'processing' });
      const done = await settle(id);
      expect(done.status).toBe('done');
      expect(await usage()).toBe(used);

      const video = await download(done.final_video_url!, 'final-cta.mp4');
      expect((await probe(video)).duration).toBeCloseTo(document.voiceover!.duration + 3, 0);
      // The final step's switch left the logo out: the corner shows the background.
      const corner = pixelAt(video, 1, logoSpot.x, logoSpot.y);
      expect(isLogoGreen(corner)).toBe(false);
      expect(corner.every((channel, i) => Math.abs(channel - [0x1d, 0x26, 0x36][i]!) < 24)).toBe(true);
      const last = execFileSync('ffmpeg', ['-v', 'error', '-sseof', '-0.5', '-i', video, '-frames:v', '1', '-vf', 'scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
      expect(last[0]).toBeGreaterThan(200);
      expect(last[2]).toBeLessThan(140);
      const saved = (await documentOf(id)).composition as ProjectDocument;
      expect(saved.closingImageKey).toMatch(new RegExp(`^users/${userId}/uploads/`));
      expect(saved.subtitles).toMatchObject({ enabled: false, style: 'Lato' });
    },
    renderTimeout,
  );

  it(
    "keeps the whole of the user's own video after a shorter voiceover, the music carrying the rest",
    async () => {
      const { id, document } = await seedProject(t, userId, dir, { text: 'Visit us today.', ownVideoSeconds: 9 });
      const used = await usage();
      expect(document.voiceover!.duration).toBeLessThan(4);
      expect((await postForm(fields(id, { subtitle_enabled: 'No', logo_enabled: 'No' }))).statusCode).toBe(200);
      const done = await settle(id);
      expect(done.status).toBe('done');
      const info = await probe(await download(done.final_video_url!, 'final-own.mp4'));
      expect(info.duration).toBeCloseTo(9, 0);
      expect(info.hasAudio).toBe(true);
      // Its credit goes back, so the Free Plan's three last for the tests after it.
      await t.composed.repositories.subscriptions.update(userId, { videosUsed: used });
    },
    renderTimeout,
  );

  it(
    'a render that fails says so, takes no credit, and the same request can be tried again',
    async () => {
      const { id, document, voicePath } = await seedProject(t, userId, dir, { text: 'Short one.', missingVoiceFile: true });
      const used = await usage();
      const failedJob = (await postForm(fields(id, { subtitle_enabled: 'No' }))).json().job_id;
      const failed = await settle(id);
      expect(failed).toMatchObject({ status: 'error', error: workflowMessages.finalFailed, final_video_url: null });
      expect(await usage()).toBe(used);
      expect((await documentOf(id)).finalVideoKey).toBeNull();

      await t.composed.storage.putFile(document.voiceover!.key, voicePath!, 'audio/wav');
      const retry = (await postForm(fields(id, { subtitle_enabled: 'No' }))).json();
      expect(retry.job_id).not.toBe(failedJob);
      expect((await settle(id)).status).toBe('done');
      expect(await usage()).toBe(used + 1);
    },
    renderTimeout,
  );

  it('refuses projects that cannot be rendered yet, another user’s project, a changed words-per-screen, and a user with no credits', async () => {
    const noVoice = await seedProject(t, userId, dir, { voice: false });
    expect((await postForm(fields(noVoice.id))).json()).toEqual({ error: subtitleTexts.noVoiceover });
    const noBackground = await seedProject(t, userId, dir, { background: false });
    expect((await postForm(fields(noBackground.id))).json()).toEqual({ error: subtitleTexts.noBackground });

    const { id } = await seedProject(t, userId, dir, { text: 'Hello there.' });
    expect((await postForm(fields(id))).json()).toEqual({ error: subtitleTexts.generateFirst });
    await generate(id);
    const changed = await postForm(fields(id, { words_per_chunk: '5' }));
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toBe(subtitleTexts.wordsPerChunkLocked(3));

    const stranger = await signUpAndConfirm(t.app, 'final-video-stranger@example.com');
    await stranger.client.post('/api/auth/sign-in/email', { email: stranger.email, password: stranger.password });
    const foreign = await stranger.client.request('POST', '/api/final-video', new URLSearchParams({ ...fields(id), user_id: stranger.userId }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await stranger.client.post('/api/check-final-video', { user_id: stranger.userId, video_id: id })).statusCode).toBe(404);
    for (const wait_ms of [-1, finalVideoLongPollMs + 1, 1e12, 1.5, '100', null, { $gt: 0 }]) {
      const hostile = await client.post('/api/check-final-video', { user_id: userId, video_id: id, wait_ms });
      expect(hostile.statusCode).toBe(400);
      expect(hostile.json()).toMatchObject({ error: 'Invalid request.', field: 'wait_ms' });
    }

    const subscription = (await t.composed.repositories.subscriptions.find(userId))!;
    await t.composed.repositories.subscriptions.update(userId, { videosUsed: subscription.videosAllowed });
    const refused = await postForm(fields(id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: quotaMessages.videos });
    await t.composed.repositories.subscriptions.update(userId, { videosUsed: subscription.videosUsed });
  });
});

describe.each(targets)('final video bookkeeping on $name', (target) => {
  let database: DatabaseHandle;
  let repositories: Repositories;
  const keys = (id: string) => ({ finalVideoKey: `users/u1/renders/${id}-final.mp4`, posterKey: `users/u1/renders/${id}-final.jpg` });
  beforeAll(async () => {
    database = await target.open();
    repositories = createRepositories(database.db);
    await database.db.insert(user).values({ id: 'u1', name: 'u1', email: 'u1@example.com' });
    await repositories.subscriptions.ensure('u1', new Date());
  });
  afterAll(() => database.close());

  it('records a finished video and the voiceover it was made with, keeping the first completion and every credit', async () => {
    await repositories.projects.create({ id: 'p1', userId: 'u1', videoType: 'add-brolls' });
    const used = (await repositories.subscriptions.find('u1'))!.videosUsed;
    expect(await repositories.finalVideos.complete('u1', 'p1', keys('p1'), 'users/u1/audio/first.wav')).toEqual({ finalVideoKey: null, posterKey: null });
    const first = (await repositories.projects.findOwned('u1', 'p1'))!;
    expect(first).toMatchObject({ ...keys('p1'), completedAt: expect.any(Date), composition: { finalAudioKey: 'users/u1/audio/first.wav' } });
    expect(await repositories.finalVideos.complete('u1', 'p1', keys('p1'), 'users/u1/audio/second.wav')).toEqual(keys('p1'));
    const again = (await repositories.projects.findOwned('u1', 'p1'))!;
    expect(again.completedAt).toEqual(first.completedAt);
    expect(again.composition).toMatchObject({ finalAudioKey: 'users/u1/audio/second.wav' });
    expect((await repositories.subscriptions.find('u1'))!.videosUsed).toBe(used);
    expect(await repositories.finalVideos.complete('u2', 'p1', keys('p1'), null)).toBeNull();
  });
});
