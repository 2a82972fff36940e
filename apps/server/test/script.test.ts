import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  countSpokenWords,
  estimateScriptSeconds,
  genericMessages,
  generateScriptResponse,
  latestAudioResponse,
  latestVideoResponse,
  maxScriptChars,
  quotaMessages,
  scriptDraftResponse,
  scriptTexts,
  transcribeResponse,
  uploadResponse,
  writerMessages,
} from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startChatServer, type ChatServer } from '../src/providers/writer/chat-server.fixture.ts';
import { noProjectMessage } from '../src/core/project/workflow-projects.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, TestClient, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { makeFixtures, multipartFile } from './media-fixtures.ts';

const targets = await testDatabaseTargets();
const fixtures = makeFixtures();
const spoken = 'Fresh coffee every single morning at our corner cafe. Come and visit us today.';
const prompt = 'A 30% off weekend sale at Bloom & Brew, our neighbourhood café. Invite office workers to grab a cold brew.';

/** A portrait clip with a voice on it, as a phone video of someone talking would be. */
function makeTalkingClip(): string {
  const speech = fixtures.path('speech.wav');
  execFileSync('flite', ['-voice', 'slt', '-t', spoken, '-o', speech]);
  const clip = fixtures.path('talking.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=25:duration=7', '-i', speech, '-filter_complex', '[1:a]apad[a]', '-map', '0:v', '-map', '[a]', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip]);
  return clip;
}
const talkingClip = makeTalkingClip();
const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z']+/g) ?? []);

async function signedIn(t: TestApp, email: string) {
  const account = await signUpAndConfirm(t.app, email);
  await account.client.post('/api/auth/sign-in/email', { email, password: account.password });
  return account;
}
type Account = Awaited<ReturnType<typeof signedIn>>;

/** Uploads a file as the page's main video and starts a video-first project with it (SPEC §7 create-video-entry). */
async function projectWithVideo(account: Account, path: string): Promise<string> {
  const { payload, headers } = multipartFile('file', 'clip.mp4', readFileSync(path), 'video/mp4');
  const uploaded = uploadResponse.parse((await account.client.request('POST', '/api/uploads/main-video', payload, headers)).json());
  const entry = await account.client.post('/api/create-video-entry', { user_id: account.userId, user_video_url: uploaded.url, video_type: 'scroll-stopper' });
  expect(entry.statusCode).toBe(200);
  return entry.json().video_id as string;
}

describe.each(targets)('script API on $name', (target) => {
  let t: TestApp;
  let owner: Account;
  let other: Account;

  beforeAll(async () => {
    t = await startTestApp(target);
    await t.composed.queue.startWorkers(1);
    owner = await signedIn(t, 'script.owner@example.com');
    other = await signedIn(t, 'script.other@example.com');
  });
  afterAll(() => t.close());

  const generate = (account: Account, body: Record<string, unknown>) => account.client.post('/api/generate-script', { user_id: account.userId, ...body });
  const latestScript = async (account: Account, videoId?: string) =>
    scriptDraftResponse.parse((await account.client.post('/api/get-latest-script', { user_id: account.userId, video_id: videoId })).json());

  it('writes a script from a prompt that fits 59 seconds at 2.25 words a second, in a new Custom Storyboard project', async () => {
    const response = await generate(owner, { prompt });
    expect(response.statusCode).toBe(200);
    const { script, video_id } = generateScriptResponse.parse(response.json());
    expect(countSpokenWords(script)).toBeGreaterThan(10);
    expect(countSpokenWords(script)).toBeLessThanOrEqual(Math.floor(59 * 2.25));
    expect(estimateScriptSeconds(script)).toBeLessThanOrEqual(59);
    const stored = await t.composed.repositories.projects.findOwned(owner.userId, video_id);
    expect(stored).toMatchObject({ videoType: 'custom-storyboard', script, composition: { prompt } });
    expect(stored!.title.length).toBeLessThanOrEqual(60);
    expect(await latestScript(owner)).toEqual({ script, video_id, prompt });
  });

  it('refuses a blank prompt, another user_id and no session, and creates nothing', async () => {
    for (const blank of ['', '   \n ']) {
      const response = await generate(other, { prompt: blank });
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { error: genericMessages.badRequest, field: 'prompt' } });
    }
    const foreign = await other.client.post('/api/generate-script', { user_id: owner.userId, prompt });
    expect({ status: foreign.statusCode, body: foreign.json() }).toEqual({ status: 403, body: { error: genericMessages.forbidden } });
    expect((await new TestClient(t.app).post('/api/generate-script', { user_id: other.userId, prompt })).statusCode).toBe(401);
    expect(await t.composed.repositories.projects.latestOwned(other.userId)).toBeUndefined();
    expect(await latestScript(other)).toEqual({ script: null, video_id: null, prompt: null });
  });

  it('needs a video credit to start a project, not to write into an existing one', async () => {
    const account = await signedIn(t, 'script.quota@example.com');
    const existing = await projectWithVideo(account, fixtures.path('clip.mp4'));
    const { videosAllowed } = await t.composed.quotas.current(account.userId);
    await t.composed.repositories.subscriptions.update(account.userId, { videosUsed: videosAllowed });
    const refused = await generate(account, { prompt });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 403, body: { error: quotaMessages.videos } });
    expect((await latestScript(account)).video_id).toBe(existing);
    const written = await generate(account, { prompt, video_id: existing });
    expect(generateScriptResponse.parse(written.json()).video_id).toBe(existing);
  });

  it("treats another user's project as missing in every call", async () => {
    const { video_id } = generateScriptResponse.parse((await generate(owner, { prompt })).json());
    const calls = [
      ['/api/generate-script', { user_id: other.userId, video_id, prompt }],
      ['/api/generate-script-types', { user_id: other.userId, video_id }],
      ['/api/transcribe-from-video', { user_id: other.userId, video_id }],
      ['/api/update-script', { video_id, script: 'Mine now.' }],
      ['/api/get-latest-script', { user_id: other.userId, video_id }],
      ['/api/get-latest-video', { user_id: other.userId, video_id }],
      ['/api/get-latest-audio', { user_id: other.userId, video_id }],
    ] as const;
    for (const [url, body] of calls) {
      const response = await other.client.post(url, body);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 404, body: { error: noProjectMessage } });
    }
    expect((await latestScript(owner, video_id)).script).not.toBe('Mine now.');
  });

  it('saves an edited script as typed and answers it from get-latest-script; refuses one over the limit', async () => {
    const { video_id } = generateScriptResponse.parse((await generate(owner, { prompt })).json());
    const edited = 'Cold brew, half price.\n\nThis weekend only — bring a friend!';
    const saved = await owner.client.post('/api/update-script', { video_id, script: edited });
    expect(saved.json()).toEqual({ status: 'success', video_id });
    expect(await latestScript(owner, video_id)).toEqual({ script: edited, video_id, prompt });
    const tooLong = await owner.client.post('/api/update-script', { video_id, script: 'x'.repeat(maxScriptChars + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect((await latestScript(owner, video_id)).script).toBe(edited);
  });

  it('answers the latest calls for the named project, else the one touched last, so two drafts never mix', async () => {
    const first = generateScriptResponse.parse((await generate(owner, { prompt: 'Yoga classes for beginners every Sunday.' })).json());
    const withVideo = await projectWithVideo(owner, fixtures.path('clip.mp4'));
    expect(await latestScript(owner)).toEqual({ script: null, video_id: withVideo, prompt: null });
    expect((await latestScript(owner, first.video_id)).script).toBe(first.script);

    const video = (id?: string) => owner.client.post('/api/get-latest-video', { user_id: owner.userId, video_id: id });
    const latest = latestVideoResponse.parse((await video()).json());
    expect(latest.video_id).toBe(withVideo);
    expect(latest.user_video_url).toMatch(new RegExp(`^/files/users/${owner.userId}/uploads/.+\\.mp4\\?exp=\\d+&sig=`));
    expect((await owner.client.get(latest.user_video_url!)).statusCode).toBe(200);
    expect(latestVideoResponse.parse((await video(first.video_id)).json())).toEqual({ user_video_url: null, video_id: first.video_id });

    await owner.client.post('/api/update-script', { video_id: first.video_id, script: 'Touched last.' });
    expect(await latestScript(owner)).toMatchObject({ script: 'Touched last.', video_id: first.video_id });

    const audio = (id?: string) => owner.client.post('/api/get-latest-audio', { user_id: owner.userId, video_id: id });
    expect(latestAudioResponse.parse((await audio(withVideo)).json())).toEqual({ audio_url: null, video_id: withVideo });
    const voiceKey = `users/${owner.userId}/voiceovers/${first.video_id}.m4a`;
    const take = { key: voiceKey, duration: 1, words: [] };
    await t.composed.repositories.projects.mergeDocument(owner.userId, first.video_id, { voiceover: { ...take, voice: 'slt', instructions: '', tempo: 1, original: take } });
    expect(latestAudioResponse.parse((await audio()).json()).audio_url).toContain(`/files/users/${owner.userId}/voiceovers/`);
  });

  it('refuses a script for the video when the project has none, or there is no project', async () => {
    const { video_id } = generateScriptResponse.parse((await generate(owner, { prompt })).json());
    const response = await owner.client.post('/api/generate-script-types', { user_id: owner.userId, video_id });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 409, body: { error: scriptTexts.noVideo } });
    const transcribe = await owner.client.post('/api/transcribe-from-video', { user_id: owner.userId, video_id });
    expect(transcribe.statusCode).toBe(409);
    const none = await other.client.post('/api/generate-script-types', { user_id: other.userId });
    expect({ status: none.statusCode, body: none.json() }).toEqual({ status: 404, body: { error: noProjectMessage } });
  });

  it("writes a script that fits an uploaded clip's length, for the latest project or the named one", async () => {
    const videoId = await projectWithVideo(owner, fixtures.path('clip.mp4'));
    const latest = generateScriptResponse.parse((await owner.client.post('/api/generate-script-types', { user_id: owner.userId })).json());
    expect(latest.video_id).toBe(videoId);
    expect(countSpokenWords(latest.script)).toBeGreaterThan(0);
    expect(countSpokenWords(latest.script)).toBeLessThanOrEqual(Math.floor(3 * 2.25));
    expect(estimateScriptSeconds(latest.script)).toBeLessThanOrEqual(3);
    expect((await latestScript(owner, videoId)).script).toBe(latest.script);

    const directed = await owner.client.post('/api/generate-script-types', { user_id: owner.userId, video_id: videoId, prompt: 'Half price cold brew' });
    expect(countSpokenWords(generateScriptResponse.parse(directed.json()).script)).toBeLessThanOrEqual(6);
    expect((await latestScript(owner, videoId)).prompt).toBe('Half price cold brew');
  });

  it('hears the speech in a video, and builds the script for it on what is said', async () => {
    const videoId = await projectWithVideo(owner, talkingClip);
    const heard = transcribeResponse.parse((await owner.client.post('/api/transcribe-from-video', { user_id: owner.userId, video_id: videoId })).json());
    const said = [...wordsOf(spoken)];
    expect(said.filter((word) => wordsOf(heard.text).has(word)).length / said.length).toBeGreaterThan(0.5);

    const { script } = generateScriptResponse.parse((await owner.client.post('/api/generate-script-types', { user_id: owner.userId, video_id: videoId })).json());
    expect(estimateScriptSeconds(script)).toBeLessThanOrEqual(7);
    expect(said.filter((word) => wordsOf(script).has(word)).length).toBeGreaterThanOrEqual(4);
  });

  it('hears nothing in a video without an audio stream or with only a tone', async () => {
    for (const name of ['faststart.mp4', 'clip.mp4']) {
      const videoId = await projectWithVideo(owner, fixtures.path(name));
      const response = await owner.client.post('/api/transcribe-from-video', { user_id: owner.userId, video_id: videoId });
      expect({ name, body: response.json() }).toEqual({ name, body: { text: '' } });
    }
  });
});

describe('script API with a chat-completions writer that fails', () => {
  let chat: ChatServer;
  let t: TestApp;
  let account: Account;

  beforeAll(async () => {
    chat = await startChatServer();
    t = await startTestApp(targets[0]!, { llm: { baseUrl: chat.baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 400 } });
    await t.composed.queue.startWorkers(1);
    account = await signedIn(t, 'script.llm@example.com');
  });
  afterAll(async () => {
    await t.close();
    await chat.close();
  });

  it('answers the writer’s message and leaves no project behind', async () => {
    chat.respondWith(() => ({ body: completion('not json at all') }));
    const response = await account.client.post('/api/generate-script', { user_id: account.userId, prompt });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 502, body: { error: writerMessages.malformed } });
    expect(await t.composed.repositories.projects.latestOwned(account.userId)).toBeUndefined();
  });
});
