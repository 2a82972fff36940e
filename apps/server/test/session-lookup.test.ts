import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionLookup, verifiedValue } from '../src/platform/session-lookup.ts';
import { session } from '../src/db/schema.ts';
import { signIn, signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const [pglite] = await testDatabaseTargets();

/** The one-query session read must agree with better-auth on every cookie, good or bad. */
describe('reading the session of a request', () => {
  let t: TestApp;
  let cookie: string;
  let token: string;
  let userId: string;
  const headers = (value: string) => new Headers({ cookie: value });

  beforeAll(async () => {
    t = await startTestApp(pglite!);
    const account = await signUpAndConfirm(t.app, 'reader@example.com');
    userId = account.userId;
    const { response } = await signIn(t.app, account.email, account.password);
    const sessionCookie = response.cookies.find((c) => c.name.endsWith('session_token'))!;
    cookie = `${sessionCookie.name}=${sessionCookie.value}`;
    token = verifiedValue(sessionCookie.value, t.config.authSecret)!;
  });
  afterAll(() => t.close());

  it('names the same user as better-auth for a signed-in cookie', async () => {
    const fromBetterAuth = await t.composed.auth.api.getSession({ headers: headers(cookie) });
    expect(await t.composed.auth.readSession(headers(cookie))).toEqual({ id: userId, email: 'reader@example.com', name: 'Test User' });
    expect(fromBetterAuth?.user.id).toBe(userId);

    // A current session is read in the one joined query, without asking better-auth.
    const users = t.composed.repositories.users;
    let lookups = 0;
    const counted = { findSessionAccount: (value: string) => (lookups++, users.findSessionAccount(value)) };
    const notAsked = { $context: t.composed.auth.$context, api: { getSession: () => Promise.reject(new Error('asked better-auth')) } };
    const read = createSessionLookup({ auth: notAsked, users: counted, secret: t.config.authSecret });
    expect((await read(headers(cookie)))?.id).toBe(userId);
    expect(lookups).toBe(1);
  });

  it('refuses a forged, truncated or foreign cookie, as better-auth does', async () => {
    const [name, value] = cookie.split('=') as [string, string];
    const forged = [
      `${name}=${token}.${Buffer.alloc(32).toString('base64')}`,
      `${name}=${token}`,
      `${name}=%E0%A4%A`,
      `${name}=other-token.${value.split('.').at(-1)}`,
      `better-auth.session_data=${value}`,
      '',
    ];
    for (const bad of forged) {
      expect(await t.composed.auth.readSession(headers(bad))).toBeNull();
      expect(await t.composed.auth.api.getSession({ headers: headers(bad) })).toBeNull();
    }
  });

  it('stops naming a disabled account at once', async () => {
    await t.composed.repositories.users.setDisabled(userId, true);
    expect(await t.composed.auth.readSession(headers(cookie))).toBeNull();
    await t.composed.repositories.users.setDisabled(userId, false);
    expect((await t.composed.auth.readSession(headers(cookie)))?.id).toBe(userId);
  });

  it('leaves a session due for its refresh, and an expired one, to better-auth', async () => {
    const context = await t.composed.auth.$context;
    const dueAt = new Date(Date.now() + (context.sessionConfig.expiresIn - context.sessionConfig.updateAge - 60) * 1000);
    await t.database.db.update(session).set({ expiresAt: dueAt }).where(eq(session.token, token));
    expect((await t.composed.auth.readSession(headers(cookie)))?.id).toBe(userId);
    const [refreshed] = await t.database.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token));
    expect(refreshed!.expiresAt.getTime()).toBeGreaterThan(dueAt.getTime());

    await t.database.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, token));
    expect(await t.composed.auth.readSession(headers(cookie))).toBeNull();
    expect(await t.database.db.select().from(session).where(eq(session.token, token))).toEqual([]);
  });
});
