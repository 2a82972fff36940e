import { authErrorCodes, genericMessages, linkMaxLength, profileMessages, resendVerificationMessages, userNameMaxLength } from '@reelsmith/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/db/schema.ts';
import { signUpAndConfirm } from './accounts.ts';
import { operatorHeaders, startTestApp, TestClient, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

const signUpBody = (email: string, fields: Record<string, unknown> = {}) => ({ name: 'Asha', email, password: 'correct-horse-1', callbackURL: '/login?verified=1', ...fields });
const refusal = (message: string) => ({ code: authErrorCodes.invalidField, message });
const phishing = 'URGENT: your bank account is locked. Call +1 555 0100 now';

describe.each(targets)('names and pictures of accounts on $name (issue: unbounded names)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  const mailsTo = async (email: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}`, headers: operatorHeaders })).json() as Array<Record<string, string>>;
  const storedUser = async (id: string) => (await t.database.db.select({ name: user.name, image: user.image }).from(user).where(eq(user.id, id)))[0];

  describe('sign-up', () => {
    it.each([
      ['a name one character over the limit', { name: 'n'.repeat(userNameMaxLength + 1) }, profileMessages.nameTooLong(userNameMaxLength)],
      ['a 100 KB name', { name: `${phishing} `.repeat(1700) }, profileMessages.nameTooLong(userNameMaxLength)],
      ['a name of spaces', { name: '   ' }, profileMessages.nameRequired],
      ['a name that is not text', { name: { first: 'A' } }, profileMessages.nameRequired],
      ['a javascript: picture', { image: 'javascript:alert(document.cookie)' }, profileMessages.imageNotHttps],
      ['an over-long callback', { callbackURL: `/login?${'x'.repeat(linkMaxLength)}` }, profileMessages.linkTooLong(linkMaxLength)],
    ])('refuses %s with its message, and creates and mails nothing', async (label, fields, message) => {
      const email = `refused-${label.replace(/\W+/g, '-')}@example.com`;
      const response = await new TestClient(t.app).post('/api/auth/sign-up/email', signUpBody(email, fields));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal(message));
      expect(await t.composed.repositories.users.findByEmail(email)).toBeUndefined();
      expect(await mailsTo(email)).toEqual([]);
    });

    it('takes a name of exactly the limit', async () => {
      const response = await new TestClient(t.app).post('/api/auth/sign-up/email', signUpBody('longest@example.com', { name: 'n'.repeat(userNameMaxLength) }));
      expect(response.statusCode).toBe(200);
    });

    it('puts no name in the confirmation mail, which goes to an address nobody has confirmed', async () => {
      const response = await new TestClient(t.app).post('/api/auth/sign-up/email', signUpBody('relay-victim@example.com', { name: phishing }));
      expect(response.statusCode).toBe(200);
      const [mail] = await mailsTo('relay-victim@example.com');
      for (const part of ['subject', 'text', 'html']) expect(mail![part], part).not.toContain('URGENT');
    });
  });

  describe('update-user', () => {
    let client: TestClient;
    let userId: string;
    beforeAll(async () => {
      const account = await signUpAndConfirm(t.app, 'profile@example.com', 'correct-horse-1', 'Profile Owner');
      ({ client, userId } = account);
      await client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    });

    it.each([
      ['"W " 480,000 times', { name: 'W '.repeat(480_000) }, profileMessages.nameTooLong(userNameMaxLength)],
      ['a name one character over the limit', { name: 'n'.repeat(userNameMaxLength + 1) }, profileMessages.nameTooLong(userNameMaxLength)],
      ['an empty name', { name: '' }, profileMessages.nameRequired],
      ['a name that is not text', { name: { a: 1 } }, profileMessages.nameRequired],
      ['a javascript: picture', { image: 'javascript:alert(1)' }, profileMessages.imageNotHttps],
      ['a data: picture', { image: 'data:image/svg+xml,<svg onload=alert(1)>' }, profileMessages.imageNotHttps],
      ['an http picture', { image: 'http://cdn.example.com/me.png' }, profileMessages.imageNotHttps],
      ['an https picture of 3 KB', { image: `https://cdn.example.com/${'a'.repeat(3000)}.png` }, profileMessages.imageNotHttps],
    ])('refuses %s with its message and changes nothing', async (_label, fields, message) => {
      const before = await storedUser(userId);
      const response = await client.post('/api/auth/update-user', fields);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal(message));
      expect(await storedUser(userId)).toEqual(before);
      expect((await client.get('/api/me')).json().user.name).toBe('Profile Owner');
    });

    it('takes a name within the limit, an https picture, and no picture', async () => {
      expect((await client.post('/api/auth/update-user', { name: 'Asha Rao', image: 'https://cdn.example.com/me.png' })).statusCode).toBe(200);
      expect(await storedUser(userId)).toEqual({ name: 'Asha Rao', image: 'https://cdn.example.com/me.png' });
      expect((await client.post('/api/auth/update-user', { image: null })).statusCode).toBe(200);
      expect(await storedUser(userId)).toEqual({ name: 'Asha Rao', image: null });
    });
  });

  it.each([
    ['/api/create-user', { id: 'someone', email: 'someone@example.com', name: 'n'.repeat(userNameMaxLength + 1) }, genericMessages.badRequest],
    ['/api/send-verification-email', { email: 'someone@example.com', name: 'n'.repeat(userNameMaxLength + 1) }, resendVerificationMessages.byStatus[400]],
  ])('%s refuses a name over the limit', async (url, body, message) => {
    const response = await new TestClient(t.app).post(url, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, field: 'name' });
  });
});
