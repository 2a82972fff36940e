import {
  businessProfileResponse,
  generateIdeasResponse,
  genericMessages,
  ideaMessages,
  quotaMessages,
  userIdeasResponse,
  writerMessages,
  type SaveBusinessProfileRequest,
} from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startChatServer, type ChatServer } from '../src/providers/writer/chat-server.fixture.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, TestClient, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

async function signedIn(t: TestApp, email: string) {
  const account = await signUpAndConfirm(t.app, email);
  await account.client.post('/api/auth/sign-in/email', { email, password: account.password });
  return account;
}

/** POST /api/generate-ideas is form-encoded (SPEC §7), as the page sends it. */
function postForm(client: TestClient, url: string, fields: Record<string, string>) {
  return client.request('POST', url, new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
}

const profileOf = (email: string): SaveBusinessProfileRequest => ({
  user_email: email,
  business_name: 'Bloom & Brew',
  business_type: 'Neighbourhood café',
  goal: 'Generate Leads',
  tone: 'Relatable',
  offerings: ' cold brew ,fresh pastries,, Cold Brew, office catering ',
  target_audience: 'Working Professionals',
});

describe.each(targets)('ideas API on $name', (target) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let other: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    t = await startTestApp(target);
    owner = await signedIn(t, 'ideas.owner@example.com');
    other = await signedIn(t, 'ideas.other@example.com');
  });
  afterAll(() => t.close());

  const history = async (account = owner) => userIdeasResponse.parse((await account.client.get(`/api/user-ideas?email=${encodeURIComponent(account.email)}`)).json());

  it('has no profile until one is saved, then answers the saved one with its offerings split and trimmed', async () => {
    const empty = await owner.client.get(`/api/business-profile?email=${owner.email}`);
    expect(empty.statusCode).toBe(200);
    expect(businessProfileResponse.parse(empty.json())).toEqual({ profile: null });

    const saved = await owner.client.post('/api/save-business-profile', profileOf(owner.email));
    expect(saved.statusCode).toBe(200);
    const expected = { ...profileOf(owner.email), offerings: 'cold brew, fresh pastries, office catering' } as Record<string, string>;
    delete expected.user_email;
    expect(saved.json()).toEqual({ status: 'success', profile: expected });
    expect((await owner.client.get(`/api/business-profile?email=${owner.email}`)).json()).toEqual({ profile: expected });

    const changed = await owner.client.post('/api/save-business-profile', { ...profileOf(owner.email), tone: 'Professional' });
    expect(changed.json().profile.tone).toBe('Professional');
    expect(businessProfileResponse.parse((await other.client.get(`/api/business-profile?email=${other.email}`)).json()).profile).toBeNull();
  });

  it.each([
    ['a missing business name', { business_name: undefined }],
    ['a blank business type', { business_type: '   ' }],
    ['a goal outside the list', { goal: 'Go viral' }],
    ['a tone outside the list', { tone: 'Sarcastic' }],
    ['an audience outside the list', { target_audience: 'Everyone' }],
    ['no offerings', { offerings: ' , ,' }],
    ['eleven offerings', { offerings: Array.from({ length: 11 }, (_, i) => `item ${i}`).join(',') }],
    ['an offering of 61 characters', { offerings: `tea, ${'x'.repeat(61)}` }],
    ['a business name of 81 characters', { business_name: 'n'.repeat(81) }],
  ])('refuses %s, on save and on generate, without using a credit', async (_name, change) => {
    const body = { ...profileOf(owner.email), ...change };
    const saved = await owner.client.post('/api/save-business-profile', body);
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toEqual({ error: ideaMessages.invalidProfile, field: expect.any(String) });
    const fields = Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const generated = await postForm(owner.client, '/api/generate-ideas', fields);
    expect(generated.statusCode).toBe(400);
    expect((await history()).allowance.ideas_generated).toBe(0);
  });

  it('acts only for the signed-in user named by the email', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(`/api/business-profile?email=${owner.email}`)).statusCode).toBe(401);
    expect((await anonymous.get(`/api/user-ideas?email=${owner.email}`)).statusCode).toBe(401);
    expect((await postForm(anonymous, '/api/generate-ideas', { ...profileOf(owner.email) })).statusCode).toBe(401);
    const peek = await other.client.get(`/api/business-profile?email=${owner.email}`);
    expect(peek.statusCode).toBe(403);
    expect(peek.json()).toEqual({ error: genericMessages.forbidden });
    expect((await other.client.get(`/api/user-ideas?email=${owner.email}`)).statusCode).toBe(403);
    expect((await other.client.post('/api/save-business-profile', profileOf(owner.email))).statusCode).toBe(403);
    expect((await postForm(other.client, '/api/generate-ideas', { ...profileOf(owner.email) })).statusCode).toBe(403);
    expect((await other.client.get('/api/user-ideas')).statusCode).toBe(400);
  });

  it('generates five distinct ideas from a form-encoded profile and counts one idea credit', async () => {
    const response = await postForm(owner.client, '/api/generate-ideas', { ...profileOf(owner.email) });
    expect(response.statusCode).toBe(200);
    const body = generateIdeasResponse.parse(response.json());
    expect(body.ideas).toHaveLength(5);
    expect(new Set(body.ideas.map((idea) => idea.title)).size).toBe(5);
    expect(new Set(body.ideas.map((idea) => idea.batch_id)).size).toBe(1);
    for (const idea of body.ideas) expect(idea.script_prompt).toContain('Bloom & Brew');
    expect(body.allowance).toEqual({ ideas_generated: 1, ideas_allowed: 10 });
  });

  it('lists earlier batches newest first, each in its own order, and only the owner’s', async () => {
    const first = (await history()).ideas;
    const second = generateIdeasResponse.parse(
      (await postForm(owner.client, '/api/generate-ideas', { ...profileOf(owner.email), tone: 'Edgy / Bold' })).json(),
    );
    const listed = await history();
    expect(listed.ideas.map((idea) => idea.id)).toEqual([...second.ideas, ...first].map((idea) => idea.id));
    expect(listed.allowance.ideas_generated).toBe(2);
    expect((await history(other)).ideas).toEqual([]);
  });

  it('refuses to generate at the allowance with the spec text, storing and counting nothing', async () => {
    await t.composed.repositories.subscriptions.update(await userIdOf(owner.email), { ideasGenerated: 10 });
    const before = (await history()).ideas.length;
    const response = await postForm(owner.client, '/api/generate-ideas', { ...profileOf(owner.email) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: quotaMessages.ideas });
    const after = await history();
    expect(after.ideas).toHaveLength(before);
    expect(after.allowance).toEqual({ ideas_generated: 10, ideas_allowed: 10 });
  });

  it('starts a Custom Storyboard project from an idea, keeping its title and prompt, for its owner only', async () => {
    const [idea] = (await history()).ideas;
    const started = await owner.client.post('/api/projects/from-idea', { idea_id: idea!.id });
    expect(started.statusCode).toBe(200);
    const { video_id } = started.json() as { video_id: string };
    const project = await t.composed.repositories.projects.findOwned(await userIdOf(owner.email), video_id);
    expect(project).toMatchObject({ videoType: 'custom-storyboard', title: idea!.title, script: null, composition: { prompt: idea!.script_prompt } });

    const stolen = await other.client.post('/api/projects/from-idea', { idea_id: idea!.id });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: ideaMessages.ideaNotFound });
    expect((await owner.client.post('/api/projects/from-idea', {})).statusCode).toBe(400);
  });

  it('does not start a project when no video credit is left', async () => {
    const [idea] = (await history()).ideas;
    await t.composed.repositories.subscriptions.update(await userIdOf(owner.email), { videosUsed: 3 });
    const refused = await owner.client.post('/api/projects/from-idea', { idea_id: idea!.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: quotaMessages.videos });
  });

  async function userIdOf(email: string): Promise<string> {
    return (await t.composed.repositories.users.findByEmail(email))!.id;
  }
});

describe('generating ideas with a chat-completions writer', () => {
  let chat: ChatServer;
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    chat = await startChatServer();
    t = await startTestApp(targets[0]!, { llm: { baseUrl: chat.baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 400 } });
    account = await signedIn(t, 'ideas.llm@example.com');
  });
  afterAll(async () => {
    await t.close();
    await chat.close();
  });

  const generate = () => postForm(account.client, '/api/generate-ideas', { ...profileOf(account.email) });
  const used = async () => userIdeasResponse.parse((await account.client.get(`/api/user-ideas?email=${account.email}`)).json()).allowance.ideas_generated;

  it.each([
    ['a rate limit', { status: 429, body: { error: { message: 'slow down' } } }, 503, writerMessages.rateLimited],
    ['a slow answer', { body: completion('{"ideas":[]}'), delayMs: 1500 }, 504, writerMessages.timeout],
    ['a malformed answer', { body: completion('not json at all') }, 502, writerMessages.malformed],
  ])('answers %s with a clear message and uses no credit', async (_name, reply, status, message) => {
    chat.respondWith(() => reply);
    const response = await generate();
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: message });
    expect(await used()).toBe(0);
  });

  it('stores and counts the batch the model writes', async () => {
    chat.respondWith(null);
    const response = await generate();
    expect(response.statusCode).toBe(200);
    const body = generateIdeasResponse.parse(response.json());
    expect(body.ideas).toHaveLength(5);
    expect(body.allowance.ideas_generated).toBe(1);
    expect(chat.requests.at(-1)!.input).toMatchObject({ business_name: 'Bloom & Brew', offerings: ['cold brew', 'fresh pastries', 'office catering'] });
  });
});
