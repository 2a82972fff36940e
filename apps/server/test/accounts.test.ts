import {
  authErrorCodes,
  genericMessages,
  resendVerificationMessages,
} from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestLinkFor, signIn, signUpAndConfirm } from './accounts.ts';
import { operatorHeaders, startTestApp, TestClient, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

describe.each(targets)('accounts on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  const outboxFor = async (email: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}`, headers: operatorHeaders })).json() as Array<{
      subject: string;
      text: string;
      html: string;
      links: string[];
    }>;

  it('sign-up creates the account, its user record and a real verification mail', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/auth/sign-up/email', {
      name: 'Asha Rao',
      email: 'Asha@Example.com',
      password: 'correct-horse-1',
      callbackURL: '/login?verified=1',
    });
    expect(response.statusCode).toBe(200);
    const account = await t.composed.repositories.users.findByEmail('asha@example.com');
    expect(account).toMatchObject({ name: 'Asha Rao', emailVerified: false, disabled: false });
    expect(await t.composed.repositories.users.findProfile(account!.id)).toMatchObject({ email: 'asha@example.com' });
    const [mail] = await outboxFor('asha@example.com');
    expect(mail!.subject).toContain('Reelsmith');
    expect(mail!.html).toContain('<a href=');
    expect(mail!.text).toContain(mail!.links[0]);
    expect(mail!.links[0]).toMatch(/^http:\/\/localhost:8080\/api\/auth\/verify-email\?token=/);
  });

  it('refuses sign-in before the email is confirmed and gives no session', async () => {
    const { response, client } = await signIn(t.app, 'asha@example.com', 'correct-horse-1');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(authErrorCodes.emailNotVerified);
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
  });

  it('confirms through the mailed link, then signs in and out', async () => {
    const link = await latestLinkFor(t.app, 'asha@example.com');
    const confirm = await t.app.inject({ method: 'GET', url: link.replace('http://localhost:8080', '') });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/login?verified=1');

    const { response, client } = await signIn(t.app, '  asha@example.com ', 'correct-horse-1');
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect((await client.get('/api/me')).json().user).toMatchObject({ email: 'asha@example.com', name: 'Asha Rao' });
    expect((await client.post('/api/is-email-confirmed', { email: 'asha@example.com' })).json()).toEqual({ confirmed: true });

    expect((await client.post('/api/auth/sign-out', {})).statusCode).toBe(200);
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
  });

  it('tells a wrong password, an unknown email and a malformed email apart', async () => {
    const wrong = await signIn(t.app, 'asha@example.com', 'not-the-password');
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.response.json().code).toBe(authErrorCodes.invalidCredentials);

    const unknown = await signIn(t.app, 'nobody@example.com', 'whatever-123');
    expect(unknown.response.statusCode).toBe(404);
    expect(unknown.response.json().code).toBe(authErrorCodes.userNotFound);

    const malformed = await signIn(t.app, 'not-an-email', 'whatever-123');
    expect(malformed.response.statusCode).toBe(400);
    expect(malformed.response.json().code).toBe(authErrorCodes.invalidEmail);
  });

  it('never lets a disabled account sign in', async () => {
    const { userId, email, password } = await signUpAndConfirm(t.app, 'disabled@example.com');
    await t.composed.repositories.users.setDisabled(userId, true);
    const { response, client } = await signIn(t.app, email, password);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(authErrorCodes.accountDisabled);
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
  });

  it('answers is-email-confirmed only for the signed-in user', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/is-email-confirmed', payload: { email: 'asha@example.com' } });
    expect(anonymous.statusCode).toBe(401);
    const { client } = await signUpAndConfirm(t.app, 'curious@example.com');
    await client.post('/api/auth/sign-in/email', { email: 'curious@example.com', password: 'correct-horse-1' });
    const other = await client.post('/api/is-email-confirmed', { email: 'asha@example.com' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: genericMessages.forbidden });
  });

  it('resends verification only to a pending account, with the same answer for anyone', async () => {
    const client = new TestClient(t.app);
    await client.post('/api/auth/sign-up/email', { name: 'Pending', email: 'pending@example.com', password: 'correct-horse-1' });
    const before = (await outboxFor('pending@example.com')).length;

    const resend = await client.post('/api/send-verification-email', { email: 'pending@example.com' });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: resendVerificationMessages.success });
    expect((await outboxFor('pending@example.com')).length).toBe(before + 1);

    const unknown = await client.post('/api/send-verification-email', { email: 'ghost@example.com' });
    expect(unknown.json()).toEqual({ message: resendVerificationMessages.success });
    expect(await outboxFor('ghost@example.com')).toEqual([]);

    const malformed = await client.post('/api/send-verification-email', { email: 'ghost@' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: resendVerificationMessages.byStatus[400], field: 'email' });
  });

  it('resets a password through the mailed link, and only then', async () => {
    const { email } = await signUpAndConfirm(t.app, 'forgetful@example.com', 'old-password-1');
    const client = new TestClient(t.app);
    expect((await client.post('/api/auth/request-password-reset', { email: 'nobody@example.com' })).json().code).toBe(
      authErrorCodes.userNotFound,
    );
    expect((await client.post('/api/auth/request-password-reset', { email: 'bad' })).statusCode).toBe(400);

    const request = await client.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(request.statusCode).toBe(200);
    const link = await latestLinkFor(t.app, email);
    const landing = await client.get(link.replace('http://localhost:8080', ''));
    expect(landing.statusCode).toBe(302);
    const token = new URL(landing.headers.location as string, 'http://x').searchParams.get('token');
    expect(token).toBeTruthy();

    expect((await client.post('/api/auth/reset-password', { newPassword: 'new-password-2', token: 'forged' })).statusCode).toBe(400);
    expect((await client.post('/api/auth/reset-password', { newPassword: 'new-password-2', token })).statusCode).toBe(200);
    expect((await signIn(t.app, email, 'old-password-1')).response.statusCode).toBe(401);
    expect((await signIn(t.app, email, 'new-password-2')).response.statusCode).toBe(200);
    expect((await client.post('/api/auth/reset-password', { newPassword: 'again-password-3', token })).statusCode).toBe(400);
  });

  it('refuses a state-changing call from another site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/send-verification-email',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'asha@example.com' },
    });
    expect(response.statusCode).toBe(403);
    const signInFromElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'asha@example.com', password: 'correct-horse-1' },
    });
    expect(signInFromElsewhere.statusCode).toBe(403);
  });
});
