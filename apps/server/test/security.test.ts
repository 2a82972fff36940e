import { loginMessages, rateLimitMessages, resendVerificationMessages } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { operatorHeaders, startTestApp, TestClient, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const [pglite] = await testDatabaseTargets();

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pglite!, { authRateLimit: { max: 3, windowSeconds: 60 } });
  });
  afterAll(() => t.close());

  it('stops repeated sign-in attempts with 429 and changes nothing', async () => {
    const { email } = await signUpAndConfirm(t.app, 'target@example.com');
    const client = new TestClient(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await client.post('/api/auth/sign-in/email', { email, password: 'wrong-password' })).statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('stops repeated resend requests with the spec text', async () => {
    const client = new TestClient(t.app);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await client.post('/api/send-verification-email', { email: 'someone@example.com' }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.json().error).toBe(resendVerificationMessages.byStatus[429]);
  });

  it('stops repeated create-user calls from one client with 429, and changes nothing', async () => {
    const { userId, email } = await signUpAndConfirm(t.app, 'created@example.com');
    const profile = async () => t.composed.repositories.users.findProfile(userId);
    const before = await profile();
    const createUser = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/create-user', payload: { id: userId, email, name: 'Created' }, remoteAddress, headers: { origin: 'http://localhost:8080' } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await createUser('10.1.2.3')).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await createUser('10.1.2.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: rateLimitMessages.tooManyRequests });
    expect(await profile()).toEqual(before);
    expect((await createUser('10.1.2.4')).statusCode).toBe(200);
  });

  it('has the login texts the page maps these answers to', () => {
    expect(loginMessages.tooManyRequests).toBe('Too many attempts. Please try again later.');
  });
});

describe('analytics page views', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pglite!);
  });
  afterAll(() => t.close());

  it('stores a page view with the signed-in user', async () => {
    const { client, userId, email, password } = await signUpAndConfirm(t.app, 'viewer@example.com');
    await client.post('/api/auth/sign-in/email', { email, password });
    const response = await client.post('/api/analytics/pageview', { path: '/dashboard', referrer: 'http://localhost:8080/login' });
    expect(response.statusCode).toBe(204);
    expect(await t.composed.repositories.pageViews.latest()).toMatchObject({
      path: '/dashboard',
      userId,
      referrer: 'http://localhost:8080/login',
    });
  });

  it('stores a referrer without the reset token of the page it names', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      payload: { path: '/login', referrer: 'http://localhost:8080/reset-password?token=reset-secret-0123' },
    });
    expect(response.statusCode).toBe(204);
    expect(await t.composed.repositories.pageViews.latest()).toMatchObject({ path: '/login', referrer: 'http://localhost:8080/reset-password?token=[redacted]' });
  });

  it.each([
    ['no path', {}],
    ['a relative path', { path: 'dashboard' }],
    ['a number', { path: 42 }],
    ['an overlong path', { path: '/x'.repeat(2000) }],
  ])('refuses %s with 400 and stores nothing', async (_label, body) => {
    const before = await t.composed.repositories.pageViews.latest();
    const response = await t.app.inject({ method: 'POST', url: '/api/analytics/pageview', payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
    expect(await t.composed.repositories.pageViews.latest()).toEqual(before);
  });
});

describe('dev outbox', () => {
  it('does not exist when mail goes out over SMTP', async () => {
    const t = await startTestApp(pglite!, { smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers: operatorHeaders })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox', headers: operatorHeaders })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('lists mail newest first, filtered by recipient, and shows it on /dev/mailbox', async () => {
    const t = await startTestApp(pglite!);
    try {
      const client = new TestClient(t.app);
      await client.post('/api/auth/sign-up/email', { name: 'A', email: 'a@example.com', password: 'correct-horse-1' });
      await client.post('/api/send-verification-email', { email: 'a@example.com' });
      await client.post('/api/auth/sign-up/email', { name: 'B', email: 'b@example.com', password: 'correct-horse-1' });
      const all = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers: operatorHeaders })).json();
      expect(all.map((m: { to: string }) => m.to)).toEqual(['b@example.com', 'a@example.com', 'a@example.com']);
      const forA = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a@example.com', headers: operatorHeaders })).json();
      expect(forA).toHaveLength(2);
      expect(Object.keys(forA[0]).sort()).toEqual(['created_at', 'html', 'links', 'subject', 'text', 'to']);
      const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=a@example.com', headers: operatorHeaders });
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(forA[0].links[0].replace(/&/g, '&amp;'));
    } finally {
      await t.close();
    }
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  const resendFrom = (t: TestApp, client: string) =>
    t.app.inject({ method: 'POST', url: '/api/send-verification-email', payload: { email: 'someone@example.com' }, headers: { origin: 'http://localhost:8080', 'x-forwarded-for': client } });

  it('limits each client by the address the trusted proxy names, not by the proxy', async () => {
    const t = await startTestApp(pglite!, { authRateLimit: { max: 2, windowSeconds: 60 }, trustProxy: ['127.0.0.1'] });
    try {
      const first = [await resendFrom(t, '203.0.113.7'), await resendFrom(t, '203.0.113.7'), await resendFrom(t, '203.0.113.7')];
      expect(first.map((a) => a.statusCode)).toEqual([200, 200, 429]);
      expect((await resendFrom(t, '203.0.113.8')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For when no proxy is trusted, so a client cannot pick a fresh address per request', async () => {
    const t = await startTestApp(pglite!, { authRateLimit: { max: 2, windowSeconds: 60 } });
    try {
      const answers = [await resendFrom(t, '203.0.113.7'), await resendFrom(t, '203.0.113.8'), await resendFrom(t, '203.0.113.9')];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
