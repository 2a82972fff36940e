import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { subtitleTexts, workflowMessages, type FinalVideoStatus } from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProjectDocument, type ProjectDocument } from '../src/core/project/project-document.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { startFakeStt } from './fake-stt.ts';
import { fixtureDir, spokenText } from './subtitles-fixtures.ts';

const targets = await testDatabaseTargets();
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const picture = (seconds: number) => ['-f', 'lavfi', '-i', `color=c=0x1d2636:s=360x640:r=30:d=${seconds}`];
const encode = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/** Videos as a phone would hand them over: one that talks, one with only a tone, one with no sound at all. */
function makeVideos(dir: string) {
  execFileSync('flite', ['-voice', 'slt', '-t', spokenText, '-o', join(dir, 'speech.wav')]);
  const talking = join(dir, 'talking.mp4');
  ffmpeg(...picture(10), '-i', join(dir, 'speech.wav'), '-filter_complex', '[1:a]apad,aresample=44100[a]', '-map', '0:v', '-map', '[a]', '-t', '10', ...encode, '-c:a', 'aac', talking);
  const tone = join(dir, 'tone.mp4');
  ffmpeg(...picture(3), '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-shortest', ...encode, '-c:a', 'aac', tone);
  const silent = join(dir, 'silent.mp4');
  ffmpeg(...picture(3), ...encode, silent);
  const music = join(dir, 'music.m4a');
  ffmpeg('-f', 'lavfi', '-i', 'aevalsrc=0.3*sin(2*PI*330*t):s=44100:d=12', '-c:a', 'aac', music);
  return { talking, tone, silent, music };
}

type Videos = ReturnType<typeof makeVideos>;

async function account(t: TestApp, email: string) {
  const created = await signUpAndConfirm(t.app, email);
  await created.client.post('/api/auth/sign-in/email', { email: created.email, password: created.password });
  return created;
}

/** An Add B-Rolls project as /BRolls leaves it: the user's own video as the only clip, no voiceover. */
async function ownVideoProject(t: TestApp, userId: string, file: string, extra: Partial<ProjectDocument> = {}) {
  const id = randomUUID();
  const key = `users/${userId}/uploads/${randomUUID()}.mp4`;
  await t.composed.storage.putFile(key, file, 'video/mp4');
  await t.composed.repositories.projects.create({ id, userId, videoType: 'Add B-Rolls', sourceVideoKey: key, composition: newProjectDocument() });
  const document: ProjectDocument = { background: { kind: 'clips', clips: [{ key, duration: (await probe(file)).duration }], fit: 'trim' }, ...extra };
  await t.composed.repositories.projects.mergeDocument(userId, id, document as Record<string, unknown>);
  return { id, key };
}

const settings = { subtitle_position: 'bottom', subtitle_font_size: 'medium', words_per_chunk: '3' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const generate = (client: TestClient, userId: string, videoId: string) =>
  client.request('POST', '/api/generate-subtitles', new URLSearchParams({ user_id: userId, video_id: videoId, ...settings }).toString(), form);
const documentOf = async (t: TestApp, userId: string, id: string) => (await t.composed.repositories.projects.findOwned(userId, id))!.composition as ProjectDocument;

let dir: string;
let cleanup: () => void;
let videos: Videos;
beforeAll(() => {
  ({ dir, cleanup } = fixtureDir());
  videos = makeVideos(dir);
});
afterAll(() => cleanup());

describe.each(targets)('subtitles from a user’s own video ($name)', (target) => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    await t.composed.queue.startWorkers(1);
    ({ client, userId } = await account(t, `own-sound-${target.name}@example.com`));
  });
  afterAll(() => t.close());

  it('times captions from the words heard in the video, listened to once', async () => {
    const { id, key } = await ownVideoProject(t, userId, videos.talking);
    const response = await generate(client, userId, id);
    expect(response.statusCode).toBe(200);
    const srt = response.json().subtitle_srt as string;
    expect(srt).toMatch(/^1\n00:00:0\d,\d{3} --> 00:00:0\d,\d{3}\n/);
    const doc = await documentOf(t, userId, id);
    expect(doc.ownSound).toMatchObject({ key, duration: 10, hasAudio: true });
    expect(doc.ownSound!.words!.length).toBeGreaterThan(10);
    expect(doc.subtitles).toMatchObject({ voiceoverKey: key, wordsPerChunk: 3 });
    const heard = new Set(doc.ownSound!.words!.map((w) => w.text.toLowerCase()));
    expect(['fresh', 'bread', 'morning', 'bakery'].filter((w) => heard.has(w)).length).toBeGreaterThanOrEqual(2);
    const latest = (await client.post('/api/get-latest-subtitles', { user_id: userId, video_id: id })).json();
    expect(latest).toMatchObject({ has_audio: true, subtitle_srt: srt });
  });

  it('refuses a video without sound with the SPEC text, and one that says nothing, keeping only that nothing was heard', async () => {
    for (const [file, message] of [
      [videos.silent, workflowMessages.noAudio],
      [videos.tone, subtitleTexts.noSpeech],
    ] as const) {
      const { id, key } = await ownVideoProject(t, userId, file);
      const before = await documentOf(t, userId, id);
      const response = await generate(client, userId, id);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: message, error: message });
      // Hearing nothing is kept, so writing the captions by hand or auto B-roll need not listen again.
      const heard = file === videos.tone ? { ownSound: { key, duration: 3, hasAudio: true, words: [] } } : {};
      expect(await documentOf(t, userId, id)).toEqual({ ...before, ...heard });
    }
    expect(subtitleTexts.noSpeech).not.toMatch(/audio/i);
  });
});

describe('final video of a user’s own video, heard by a hosted speech-to-text service', () => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  let fake: Awaited<ReturnType<typeof startFakeStt>>;
  beforeAll(async () => {
    fake = await startFakeStt({ apiKey: 'sk-stt' });
    t = await startTestApp(targets[0]!, { stt: { baseUrl: fake.baseUrl, apiKey: 'sk-stt', model: 'whisper-1', timeoutMs: 60_000 } });
    await t.composed.queue.startWorkers(1);
    ({ client, userId } = await account(t, 'own-sound-final@example.com'));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it(
    'keeps the video’s own sound under the music and captions, and counts one credit',
    async () => {
      const musicKey = `users/${userId}/uploads/${randomUUID()}.m4a`;
      await t.composed.storage.putFile(musicKey, videos.music, 'audio/mp4');
      const { id } = await ownVideoProject(t, userId, videos.talking, { music: { key: musicKey, title: 'Tone' } });
      expect((await generate(client, userId, id)).statusCode).toBe(200);
      expect(fake.requests).toHaveLength(1);

      const fields = { user_id: userId, video_id: id, subtitle_enabled: 'Yes', subtitle_srt: '', subtitle_style: 'Default', ...settings };
      const started = await client.request('POST', '/api/final-video', new URLSearchParams(fields).toString(), form);
      expect(started.statusCode).toBe(200);
      let status: FinalVideoStatus;
      do {
        await sleep(250);
        status = (await client.post('/api/check-final-video', { user_id: userId, video_id: id })).json();
      } while (status.status === 'processing');
      expect(status).toMatchObject({ status: 'done', error: null });

      const path = join(dir, 'final.mp4');
      writeFileSync(path, (await client.get(status.final_video_url!)).rawPayload);
      const info = await probe(path);
      expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264', audioCodec: 'aac', hasAudio: true });
      expect(Math.abs(info.duration - 10)).toBeLessThan(0.5);
      // The music is a 330 Hz tone: what is left above 1.5 kHz is the video's own speech.
      const speech = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-t', '8', '-i', path, '-map', '0:a', '-af', 'highpass=f=1500,highpass=f=1500,highpass=f=1500,volumedetect', '-f', 'null', '-'], { encoding: 'utf8' });
      expect(Number(/mean_volume: (-?[\d.]+) dB/.exec(speech.stderr)?.[1])).toBeGreaterThan(-45);
      expect((await t.composed.repositories.subscriptions.find(userId))!.videosUsed).toBe(1);
    },
    300_000,
  );
});
