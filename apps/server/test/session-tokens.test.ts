import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, TestClient, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

describe.each(targets)('session tokens on $name (issue: list-sessions answers session tokens)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('stay in the HttpOnly cookie: sign-in, get-session and list-sessions answer session ids only', async () => {
    const { email, password } = await signUpAndConfirm(t.app, 'sessions@example.com');
    const phone = new TestClient(t.app);
    const laptop = new TestClient(t.app);
    await phone.post('/api/auth/sign-in/email', { email, password });
    const signIn = await laptop.post('/api/auth/sign-in/email', { email, password });
    expect(signIn.statusCode).toBe(200);
    const cookie = signIn.cookies.find((c) => c.name.endsWith('session_token'))!;
    const token = decodeURIComponent(cookie.value).split('.')[0]!;
    expect(token.length).toBeGreaterThan(16);

    const getSession = await laptop.get('/api/auth/get-session');
    const listSessions = await laptop.get('/api/auth/list-sessions');
    for (const answer of [signIn, getSession, listSessions]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(token);
      expect(answer.body).not.toContain('"token"');
    }
    expect(signIn.json().user.email).toBe(email);
    expect(getSession.json().session.id).toEqual(expect.any(String));
    const sessions = listSessions.json() as Array<{ id: string; userId: string }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => session.id)).toContain(getSession.json().session.id);
    // The answer is whole JSON of its real length, not better-auth's longer one cut short.
    expect(Number(listSessions.headers['content-length'])).toBe(Buffer.byteLength(listSessions.body));
  });

  it('revoke-session takes the id that list-sessions gives, and only the caller’s own session goes', async () => {
    const { email, password } = await signUpAndConfirm(t.app, 'revoker@example.com');
    const phone = new TestClient(t.app);
    const laptop = new TestClient(t.app);
    await phone.post('/api/auth/sign-in/email', { email, password });
    await laptop.post('/api/auth/sign-in/email', { email, password });
    const stranger = await signUpAndConfirm(t.app, 'stranger@example.com');
    await stranger.client.post('/api/auth/sign-in/email', { email: stranger.email, password: stranger.password });
    const strangerSession = (await stranger.client.get('/api/auth/get-session')).json().session.id as string;

    const phoneSession = (await phone.get('/api/auth/get-session')).json().session.id as string;
    const mine = ((await laptop.get('/api/auth/list-sessions')).json() as Array<{ id: string }>).map((session) => session.id);
    expect(mine).toContain(phoneSession);

    expect((await laptop.post('/api/auth/revoke-session', { id: strangerSession })).statusCode).toBe(200);
    expect((await stranger.client.get('/api/auth/get-session')).json()?.session.id).toBe(strangerSession);

    expect((await laptop.post('/api/auth/revoke-session', { id: phoneSession })).statusCode).toBe(200);
    expect((await phone.get('/api/auth/get-session')).json()).toBeNull();
    expect((await laptop.get('/api/auth/get-session')).json()?.session.id).toEqual(expect.any(String));
  });
});
