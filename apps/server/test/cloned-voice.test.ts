import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clonedVoiceMessages, genericMessages } from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowancesOf } from '../src/db/repositories/subscriptions.ts';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { startFakeElevenLabs } from './fake-elevenlabs.ts';

const targets = await testDatabaseTargets();
const script = 'Fresh bread every morning. Come taste the difference today.';
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

interface Member {
  client: TestClient;
  userId: string;
  videoId: string;
}

async function member(t: TestApp, email: string, plan?: { voiceId: string | null }): Promise<Member> {
  const account = await signUpAndConfirm(t.app, email);
  await account.client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  const videoId = (await account.client.post('/api/create-video-entry', { user_id: account.userId, video_type: 'custom-storyboard' })).json().video_id;
  if (plan) {
    await t.composed.quotas.current(account.userId);
    await t.composed.repositories.subscriptions.update(account.userId, { ...allowancesOf('pro'), voiceId: plan.voiceId });
  }
  return { client: account.client, userId: account.userId, videoId };
}

async function projectOf(t: TestApp, m: Member) {
  const record = (await t.composed.repositories.projects.findOwned(m.userId, m.videoId))!;
  return { doc: record.composition as ProjectDocument, script: record.script };
}

const generate = (m: Member, fields: Partial<Record<string, string>> = {}) =>
  m.client.request('POST', '/api/generate-cloned-voice', encode({ user_id: m.userId, video_id: m.videoId, script, emotion: 'happy', voice_id: 'Voice_Pro', ...fields } as Record<string, string>), form);

describe.each(targets)('cloned voice with ElevenLabs on $name', (target) => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeElevenLabs>>;
  let pro: Member;
  beforeAll(async () => {
    fake = await startFakeElevenLabs({ apiKey: 'xi-test', voiceIds: ['Voice_Pro', 'Voice_Other'] });
    t = await startTestApp(target, { tts: { openai: undefined, elevenlabs: { baseUrl: fake.baseUrl, apiKey: 'xi-test', model: 'eleven_multilingual_v2', timeoutMs: 10_000 } } });
    await t.composed.queue.startWorkers(1);
    pro = await member(t, 'pro-voice@example.com', { voiceId: 'Voice_Pro' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('tells the page the voice on record, that cloning is available, and where recordings go', async () => {
    const status = await pro.client.get('/api/cloned-voice');
    expect(status.json()).toEqual({ eligible: true, voice_id: 'Voice_Pro', available: true, recording_email: t.config.seller.email });
  });

  it('speaks the script in the Pro user’s own voice and stores it as the project’s voiceover with word timings', async () => {
    fake.requests.length = 0;
    const response = await generate(pro, { emotion: 'excited' });
    const body = response.json();
    expect(response.statusCode, JSON.stringify(body)).toBe(200);
    expect(body.video_id).toBe(pro.videoId);
    expect(fake.requests.map((r) => r.voiceId)).toEqual(['Voice_Pro']);
    const file = join(t.config.dataDir, 'cloned.wav');
    writeFileSync(file, (await pro.client.get(body.audio_url)).rawPayload);
    expect((await probe(file)).duration).toBeCloseTo(body.duration, 1);
    const { doc, script: saved } = await projectOf(t, pro);
    expect(doc.voiceover).toMatchObject({ voice: 'cloned', instructions: 'excited', tempo: 1, duration: body.duration });
    expect(doc.voiceover!.words.map((w) => w.text).join(' ')).toBe(script);
    expect(doc.voiceover!.words.at(-1)!.end).toBeLessThanOrEqual(body.duration + 0.05);
    expect(saved).toBe(script);
  });

  it('lets the cloned voiceover change tempo like any other', async () => {
    const original = (await projectOf(t, pro)).doc.voiceover!.original;
    const faster = await pro.client.request('POST', '/api/adjust-tempo', encode({ user_id: pro.userId, video_id: pro.videoId, tempo: '2' }), form);
    expect(faster.json().duration).toBeCloseTo(original.duration / 2, 1);
  });

  it('refuses a voice id other than the one on record, an unknown tone and another user, changing nothing', async () => {
    const before = await projectOf(t, pro);
    fake.requests.length = 0;
    const other = await generate(pro, { voice_id: 'Voice_Other' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: clonedVoiceMessages.notYourVoice });
    expect((await generate(pro, { emotion: 'furious' })).statusCode).toBe(400);
    expect((await generate(pro, { script: '   ' })).statusCode).toBe(400);
    const spoofed = await generate(pro, { user_id: 'someone-else' });
    expect(spoofed.statusCode).toBe(403);
    expect(spoofed.json()).toEqual({ error: genericMessages.forbidden });
    expect(fake.requests).toEqual([]);
    expect(await projectOf(t, pro)).toEqual(before);
  });

  it('refuses a Free user with the Pro Plan message, even with a voice id, and changes nothing', async () => {
    const free = await member(t, 'free-voice@example.com');
    const before = await projectOf(t, free);
    const response = await generate(free);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: clonedVoiceMessages.proOnly });
    expect((await free.client.get('/api/cloned-voice')).json()).toMatchObject({ eligible: false, voice_id: null });
    expect(await projectOf(t, free)).toEqual(before);
  });

  it('asks a Pro user without a voice on record for the recording, and changes nothing', async () => {
    const waiting = await member(t, 'pro-novoice@example.com', { voiceId: null });
    const response = await generate(waiting);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: clonedVoiceMessages.noVoiceOnRecord });
    expect((await projectOf(t, waiting)).doc.voiceover).toBeUndefined();
  });

  it('answers a failing vendor with the voiceover failure and keeps the earlier voiceover', async () => {
    const before = await projectOf(t, pro);
    fake.failNext({ status: 500, body: { detail: { message: 'boom' } } });
    const response = await generate(pro);
    expect(response.statusCode).toBe(502);
    expect(await projectOf(t, pro)).toEqual(before);
  });
});

describe('cloned voice without ElevenLabs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(targets[0]!);
    await t.composed.queue.startWorkers(1);
  });
  afterAll(() => t.close());

  it('says cloned voices need ElevenLabs configured, instead of pretending', async () => {
    const pro = await member(t, 'pro-offline@example.com', { voiceId: 'Voice_Pro' });
    expect((await pro.client.get('/api/cloned-voice')).json()).toMatchObject({ eligible: true, voice_id: 'Voice_Pro', available: false });
    const response = await generate(pro);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: clonedVoiceMessages.unavailable });
    expect((await projectOf(t, pro)).doc.voiceover).toBeUndefined();
  });
});
