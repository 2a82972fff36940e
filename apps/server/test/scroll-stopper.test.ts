import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { backgroundsResponse, dashboardTexts, latestVideoResponse, projectVideoResponse, scrollStopperTexts, uploadResponse, videoStatusResponse, type UploadPurpose } from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWords, videoWordFloor, wordBudget } from '../src/providers/writer/types.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import { multipartForm } from './brolls-multipart.ts';
import { testDatabaseTargets } from './databases.ts';
import { makeFixtures, multipartFile } from './media-fixtures.ts';
import { makeBackground, makeSpeech } from './subtitles-fixtures.ts';

const targets = await testDatabaseTargets();
const fixtures = makeFixtures();
const clip = readFileSync(fixtures.path('clip.mp4'));
// One data folder for every database: the library background is rendered once and found stored afterwards.
const dataDir = mkdtempSync(join(tmpdir(), 'rs-scroll-stopper-'));
/** A silent 12 s video of the user's: far longer than the short voiceover put over it. */
const ownVideo = readFileSync(makeBackground(fixtures.dir, 12).path);
const library = { warmUp: false, stockDir: undefined, musicDir: undefined, counts: { images: 0, videos: 0, backgrounds: 1, tracks: 0, previews: 0 } };

/** A real video made `bytes` long by a trailing 'free' box, which ffprobe skips. */
function paddedVideo(bytes: number): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(bytes - clip.length, 0);
  header.write('free', 4, 'ascii');
  return Buffer.concat([clip, header, Buffer.alloc(bytes - clip.length - 8)]);
}

describe.each(targets)('Scroll Stopper video entries on $name', (target) => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;

  beforeAll(async () => {
    t = await startTestApp(target, { library, dataDir });
    await t.composed.queue.startWorkers(1);
    await t.composed.media.library.start();
    const account = await signUpAndConfirm(t.app, 'scroll@example.com');
    ({ client, userId } = account);
    await client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  }, 180_000);
  afterAll(() => t.close());

  const entry = (body: Record<string, string>) => client.post('/api/create-video-entry', { user_id: userId, video_type: 'scroll-stopper', ...body });
  const projectCount = async () => (await t.composed.repositories.projects.latestOwned(userId)) ?? null;
  const upload = async (content: Buffer, purpose: UploadPurpose) => {
    const { payload, headers } = multipartFile('file', 'mine.mp4', content);
    return uploadResponse.parse((await client.request('POST', `/api/uploads/${purpose}`, payload, headers)).json());
  };

  /** A short voiceover (about 2 s), as /audio-types leaves it, then the combined preview that step renders. */
  async function combinedSeconds(videoId: string): Promise<{ video: number; voiceover: number }> {
    const speech = await makeSpeech(fixtures.dir, 'Visit us today.');
    const key = `users/${userId}/uploads/${randomUUID()}.wav`;
    await t.composed.storage.putFile(key, speech.path, 'audio/wav');
    const take = { key, duration: speech.duration, words: speech.words };
    await t.composed.repositories.projects.mergeDocument(userId, videoId, { voiceover: { ...take, voice: 'slt', instructions: '', tempo: 1, original: take } });
    const { payload, headers } = multipartForm({ user_id: userId, video_id: videoId });
    const started = await client.request('POST', '/api/combine-video-audio', payload, headers);
    expect(started.statusCode, started.body).toBe(200);
    for (;;) {
      const status = videoStatusResponse.parse((await client.post('/api/check-video-status', { user_id: userId, video_id: videoId })).json());
      if (status.status === 'error') throw new Error(status.error ?? 'render failed');
      if (status.status === 'done') {
        const path = join(fixtures.dir, `${videoId}.mp4`);
        writeFileSync(path, (await client.get(status.user_video_url!)).rawPayload);
        return { video: (await probe(path)).duration, voiceover: speech.duration };
      }
      await sleep(300);
    }
  }

  it('starts a project on a library background: its silent clip, shown as it is', async () => {
    const [minecraft] = backgroundsResponse.parse((await client.get('/api/backgrounds')).json());
    expect(minecraft?.name).toBe('Minecraft');
    const response = await entry({ user_video_url: minecraft!.video_url });
    expect(response.statusCode, response.body).toBe(200);
    const videoId = response.json().video_id as string;
    const project = await t.composed.repositories.projects.findOwned(userId, videoId);
    const key = 'library/v2/backgrounds/minecraft.mp4';
    expect(project).toMatchObject({
      videoType: 'scroll-stopper',
      sourceVideoKey: null,
      previewVideoKey: key,
      composition: { background: { kind: 'clips', fit: 'loop', hasSpeech: false, clips: [{ key, duration: minecraft!.duration }] } },
    });
    const latest = latestVideoResponse.parse((await client.post('/api/get-latest-video', { user_id: userId, video_id: videoId })).json());
    expect(latest.user_video_url).toMatch(new RegExp(`^/files/${key}\\?exp=`));
    expect((await client.get(latest.user_video_url!)).statusCode).toBe(200);
  });

  it('refuses a background for another kind of video, and any other library file', async () => {
    const [minecraft] = backgroundsResponse.parse((await client.get('/api/backgrounds')).json());
    const before = await projectCount();
    const thumbnail = await entry({ user_video_url: minecraft!.thumbnail_url });
    const otherType = await client.post('/api/create-video-entry', { user_id: userId, video_type: 'add-brolls', user_video_url: minecraft!.video_url });
    const unsigned = await entry({ user_video_url: '/files/library/v2/backgrounds/minecraft.mp4' });
    for (const response of [thumbnail, otherType, unsigned]) {
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { error: dashboardTexts.invalidVideoUrl } });
    }
    expect(await projectCount()).toEqual(before);
  });

  it('takes the user’s own video up to 20 MB, and refuses a bigger one that came in another way', async () => {
    const small = await upload(clip, 'scroll-stopper-video');
    const ok = await entry({ user_video_url: small.url });
    expect(ok.statusCode).toBe(200);
    expect(await t.composed.repositories.projects.findOwned(userId, ok.json().video_id)).toMatchObject({ sourceVideoKey: `users/${userId}/uploads/${small.id}.mp4` });

    const big = paddedVideo(21 * 1024 * 1024);
    const { payload, headers } = multipartFile('file', 'big.mp4', big);
    const refused = await client.request('POST', '/api/uploads/scroll-stopper-video', payload, headers);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 413, body: { error: scrollStopperTexts.tooLarge } });

    const before = await projectCount();
    const elsewhere = await upload(big, 'main-video');
    const response = await entry({ user_video_url: elsewhere.url });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 413, body: { error: scrollStopperTexts.tooLarge } });
    expect(await projectCount()).toEqual(before);
  }, 60_000);

  it(
    'keeps the whole of the user’s own video after a shorter voiceover, and the script is written to fill it',
    async () => {
      const own = await upload(ownVideo, 'scroll-stopper-video');
      const videoId = (await entry({ user_video_url: own.url })).json().video_id as string;
      const key = `users/${userId}/uploads/${own.id}.mp4`;
      expect(await t.composed.repositories.projects.findOwned(userId, videoId)).toMatchObject({
        sourceVideoKey: key,
        composition: { background: { kind: 'clips', fit: 'trim', clips: [{ key, duration: expect.closeTo(12, 1) }] } },
      });
      // The script step knows the video's length: a short script gets its note before Next.
      const latest = projectVideoResponse.parse((await client.post('/api/get-latest-video', { user_id: userId, video_id: videoId })).json());
      expect(latest.own_video_seconds).toBe(12);
      const written = await client.post('/api/generate-script-types', { user_id: userId, video_id: videoId });
      expect(written.statusCode, written.body).toBe(200);
      const words = countWords(written.json().script as string);
      expect(words).toBeGreaterThanOrEqual(videoWordFloor(12));
      expect(words).toBeLessThanOrEqual(wordBudget(12));

      const seconds = await combinedSeconds(videoId);
      expect(seconds.voiceover).toBeLessThan(4);
      expect(seconds.video).toBeCloseTo(12, 0);
    },
    240_000,
  );

  it(
    'loops a library background or a stock pick under the voiceover, only as long as it',
    async () => {
      const [minecraft] = backgroundsResponse.parse((await client.get('/api/backgrounds')).json());
      const stock = await upload(clip, 'scroll-stopper-stock');
      for (const url of [minecraft!.video_url, stock.url]) {
        const videoId = (await entry({ user_video_url: url })).json().video_id as string;
        const latest = projectVideoResponse.parse((await client.post('/api/get-latest-video', { user_id: userId, video_id: videoId })).json());
        expect(latest.own_video_seconds).toBeNull();
        const seconds = await combinedSeconds(videoId);
        expect(Math.abs(seconds.video - seconds.voiceover), url).toBeLessThanOrEqual(0.3);
      }
    },
    240_000,
  );
});
