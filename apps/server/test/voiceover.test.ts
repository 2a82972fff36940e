import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { voiceoverMessages } from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const [pglite] = await testDatabaseTargets();
const script = 'Fresh bread every morning. Come taste the difference today.';

describe('voiceover step', () => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  let videoId: string;
  beforeAll(async () => {
    t = await startTestApp(pglite!);
    await t.composed.queue.startWorkers(1);
    const account = await signUpAndConfirm(t.app, 'voice@example.com');
    ({ client, userId } = account);
    await client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    videoId = (await client.post('/api/create-video-entry', { user_id: userId, video_type: 'custom-storyboard' })).json().video_id;
  });
  afterAll(() => t.close());

  const documentOf = async () => (await t.composed.repositories.projects.findOwned(userId, videoId))!.composition as ProjectDocument;
  async function durationOf(url: string) {
    const response = await client.get(url);
    expect(response.statusCode).toBe(200);
    const file = join(t.config.dataDir, `voice-${Date.now()}.wav`);
    writeFileSync(file, response.rawPayload);
    return (await probe(file)).duration;
  }

  it('refuses a tempo change before there is a voiceover', async () => {
    const response = await client.request('POST', '/api/adjust-tempo', `user_id=${userId}&video_id=${videoId}&tempo=1.5`, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: voiceoverMessages.noVoiceover });
  });

  it('speaks the script in the chosen voice and keeps every word with its timing', async () => {
    const saved = await client.post('/api/save-audio', { user_id: userId, video_id: videoId, script, voice: 'ash', instructions: '' });
    expect(saved.statusCode).toBe(200);
    const body = saved.json();
    expect(body.video_id).toBe(videoId);
    expect(await durationOf(body.audio_url)).toBeCloseTo(body.duration, 1);
    const doc = await documentOf();
    expect(doc.voiceover!.words.map((w) => w.text).join(' ')).toBe(script);
    expect(doc.voiceover!.words.at(-1)!.end).toBeLessThanOrEqual(body.duration + 0.05);
    expect((await t.composed.repositories.projects.findOwned(userId, videoId))!.script).toBe(script);
  });

  it('changes the tempo from the original voiceover, so changes never stack', async () => {
    const original = (await documentOf()).voiceover!.original;
    const form = (tempo: number) => `user_id=${userId}&video_id=${videoId}&tempo=${tempo}`;
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const faster = (await client.request('POST', '/api/adjust-tempo', form(2), headers)).json();
    expect(faster.duration).toBeCloseTo(original.duration / 2, 1);
    const slower = (await client.request('POST', '/api/adjust-tempo', form(1.5), headers)).json();
    expect(slower.duration).toBeCloseTo(original.duration / 1.5, 1);
    expect(await durationOf(slower.new_audio_url)).toBeCloseTo(slower.duration, 1);
    const doc = await documentOf();
    expect(doc.voiceover!.tempo).toBe(1.5);
    expect(doc.voiceover!.words[1]!.start).toBeCloseTo(original.words[1]!.start / 1.5, 2);
    const reset = (await client.request('POST', '/api/adjust-tempo', form(1), headers)).json();
    expect(reset.duration).toBeCloseTo(original.duration, 3);
  });

  it('refuses bad input and other users, changing nothing', async () => {
    const before = await documentOf();
    expect((await client.post('/api/save-audio', { user_id: userId, video_id: videoId, script, voice: 'robot' })).statusCode).toBe(400);
    expect((await client.post('/api/save-audio', { user_id: userId, video_id: videoId, script: '   ', voice: 'ash' })).statusCode).toBe(400);
    expect((await client.request('POST', '/api/adjust-tempo', `user_id=${userId}&video_id=${videoId}&tempo=3`, { 'content-type': 'application/x-www-form-urlencoded' })).statusCode).toBe(400);
    expect((await client.post('/api/save-audio', { user_id: 'someone-else', video_id: videoId, script, voice: 'ash' })).statusCode).toBe(403);
    const stranger = await signUpAndConfirm(t.app, 'voice-stranger@example.com');
    await stranger.client.post('/api/auth/sign-in/email', { email: stranger.email, password: stranger.password });
    expect((await stranger.client.post('/api/save-audio', { user_id: stranger.userId, video_id: videoId, script, voice: 'ash' })).statusCode).toBe(404);
    expect(await documentOf()).toEqual(before);
  });
});
