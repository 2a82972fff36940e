import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { brollTexts, genericMessages, maxWrittenSubtitleChars, parseSrt, subtitleTexts } from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { makeRealVoiceVideo } from './real-voice.ts';
import { fixtureDir } from './subtitles-fixtures.ts';

const targets = await testDatabaseTargets();
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

/** 8 s in which nothing is said: silence, then a hum from 2 to 6 s (a sound, but no words), then silence. */
function makeQuietVideo(dir: string): string {
  const path = join(dir, 'quiet.mp4');
  const hum = "if(between(t,2,6),0.3*sin(2*PI*220*t),0)";
  ffmpeg('-f', 'lavfi', '-i', 'color=c=0x1d2636:s=360x640:r=25:d=8', '-f', 'lavfi', '-i', `aevalsrc='${hum}':d=8:s=44100`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path);
  return path;
}

/** An Add B-Rolls project as /BRolls leaves it: the user's own video as the only clip, no voiceover, no script. */
async function ownVideoProject(t: TestApp, userId: string, file: string) {
  const id = randomUUID();
  const key = `users/${userId}/uploads/${randomUUID()}.mp4`;
  await t.composed.storage.putFile(key, file, 'video/mp4');
  await t.composed.repositories.projects.create({ id, userId, videoType: 'Add B-Rolls', sourceVideoKey: key });
  const document: ProjectDocument = { background: { kind: 'clips', clips: [{ key, duration: (await probe(file)).duration }], fit: 'trim' } };
  await t.composed.repositories.projects.mergeDocument(userId, id, document as Record<string, unknown>);
  return { id, key };
}

const settings = { subtitle_position: 'bottom', subtitle_font_size: 'medium', words_per_chunk: '3' };
const documentOf = async (t: TestApp, userId: string, id: string) => (await t.composed.repositories.projects.findOwned(userId, id))!.composition as ProjectDocument;
const said = 'Welcome to the shop. Everything you see is made by hand, right here in town!';

let dir: string;
let cleanup: () => void;
let quiet: string;
let reading: ReturnType<typeof makeRealVoiceVideo>;
beforeAll(() => {
  ({ dir, cleanup } = fixtureDir());
  quiet = makeQuietVideo(dir);
  reading = makeRealVoiceVideo(dir);
});
afterAll(() => cleanup());

describe.each(targets)('subtitles written by hand, and a real voice heard ($name)', (target) => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    await t.composed.queue.startWorkers(1);
    const created = await signUpAndConfirm(t.app, `written-${target.name}@example.com`);
    await created.client.post('/api/auth/sign-in/email', { email: created.email, password: created.password });
    ({ client, userId } = created);
  });
  afterAll(() => t.close());

  const write = (videoId: string, text: unknown, extra: Record<string, unknown> = {}) =>
    client.post('/api/write-subtitles', { user_id: userId, video_id: videoId, ...settings, text, ...extra });

  it('offers writing when nothing is heard, and lays the typed words over where the video makes a sound', async () => {
    const { id, key } = await ownVideoProject(t, userId, quiet);
    const heard = await client.post('/api/generate-subtitles', { user_id: userId, video_id: id, ...settings });
    expect(heard.json()).toEqual({ detail: subtitleTexts.noSpeech, error: subtitleTexts.noSpeech });
    expect((await documentOf(t, userId, id)).ownSound).toEqual({ key, duration: 8, hasAudio: true, words: [] });

    const response = await write(id, said);
    expect(response.statusCode).toBe(200);
    const cues = parseSrt(response.json().subtitle_srt)!;
    expect(cues.map((cue) => cue.text)).toEqual(['Welcome to the', 'shop.', 'Everything you see', 'is made by', 'hand, right here', 'in town!']);
    // The hum runs from 2 to 6 s: the captions sit on it (silencedetect's edges are a few hundredths late).
    expect(cues[0]!.start).toBeGreaterThanOrEqual(1.9);
    expect(cues[0]!.start).toBeLessThan(2.2);
    expect(cues.at(-1)!.end).toBeGreaterThan(5.8);
    expect(cues.at(-1)!.end).toBeLessThanOrEqual(6.1);

    // From here the captions are like recognised ones: the page reloads them and edits them.
    const latest = (await client.post('/api/get-latest-subtitles', { user_id: userId, video_id: id })).json();
    expect(latest.subtitle_srt).toBe(response.json().subtitle_srt);
    const edited = latest.subtitle_srt.replace('Welcome to the', 'Welcome to our');
    const update = await client.post('/api/update-subtitles', { user_id: userId, video_id: id, ...settings, subtitles: edited });
    expect(update.json()).toEqual({ status: 'success', subtitle_srt: edited });
    expect((await documentOf(t, userId, id)).subtitles).toMatchObject({ voiceoverKey: key, wordsPerChunk: 3 });
  });

  it('refuses an empty, too long or malformed text, another user and a locked words-per-screen, changing nothing', async () => {
    const { id } = await ownVideoProject(t, userId, quiet);
    const before = await documentOf(t, userId, id);
    const refusals: [Promise<{ statusCode: number; json(): unknown }>, number, string][] = [
      [write(id, ''), 400, subtitleTexts.writtenEmpty],
      [write(id, ' \n\t '), 400, subtitleTexts.writtenEmpty],
      [write(id, 'word '.repeat(maxWrittenSubtitleChars / 5 + 1)), 400, subtitleTexts.writtenTooLong],
      [write(id, 'hello\0there'), 400, genericMessages.nulCharacter],
      [write(id, 42), 400, genericMessages.badRequest],
      [write(id, ['hello']), 400, genericMessages.badRequest],
      [write(id, { text: { text: 'hello' } }), 400, genericMessages.badRequest],
      [write(id, 'hello', { words_per_chunk: '7' }), 400, genericMessages.badRequest],
      [write(id, 'hello', { user_id: 'someone-else' }), 403, genericMessages.forbidden],
    ];
    for (const [pending, status, message] of refusals) {
      const response = await pending;
      expect(response.statusCode, message).toBe(status);
      expect(response.json()).toMatchObject({ error: message });
    }
    const huge = await write(id, 'a'.repeat(2 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
    const depth = 50_000;
    const deep = `{"user_id":"${userId}","video_id":"${id}","text":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    expect((await client.request('POST', '/api/write-subtitles', deep, { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect(await documentOf(t, userId, id)).toEqual(before);

    // Another user's project is not found for this user, and theirs stays as it was.
    const other = await signUpAndConfirm(t.app, `written-other-${target.name}@example.com`);
    const theirs = await ownVideoProject(t, other.userId, quiet);
    const theirsBefore = await documentOf(t, other.userId, theirs.id);
    expect((await write(theirs.id, said)).statusCode).toBe(404);
    expect(await documentOf(t, other.userId, theirs.id)).toEqual(theirsBefore);

    expect((await write(id, said)).statusCode).toBe(200);
    const locked = await write(id, said, { words_per_chunk: '5' });
    expect(locked.json()).toMatchObject({ error: subtitleTexts.wordsPerChunkLocked(3) });
  });

  it(
    'hears a real voice for auto B-roll without a script, keeping the words for the captions',
    async () => {
      const { id, key } = await ownVideoProject(t, userId, reading.path);
      const auto = await client.post('/api/auto-brolls', { user_id: userId, video_id: id });
      // The test library has no stock images: the words were heard and searched for, none matched.
      expect(auto.json()).toEqual({ error: brollTexts.noStockImagesSpoken });
      const kept = (await documentOf(t, userId, id)).ownSound!;
      expect(kept).toMatchObject({ key, hasAudio: true });
      const heard = kept.words!.map((w) => w.text);
      expect(['consider', 'power', 'young', 'cold', 'hearted', 'selfish'].filter((w) => heard.includes(w)).length).toBeGreaterThanOrEqual(4);

      const subtitles = await client.post('/api/generate-subtitles', { user_id: userId, video_id: id, ...settings });
      const captions = parseSrt(subtitles.json().subtitle_srt)!;
      expect(captions.map((c) => c.text).join(' ')).toBe(heard.join(' '));
      expect(captions.at(-1)!.end).toBeLessThanOrEqual(reading.duration);

      const quietProject = await ownVideoProject(t, userId, quiet);
      const nothing = await client.post('/api/auto-brolls', { user_id: userId, video_id: quietProject.id });
      expect(nothing.json()).toEqual({ error: brollTexts.noSpeechHeard });
    },
    120_000,
  );
});
