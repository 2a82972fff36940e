import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../src/db/client.ts';
import { createRateLimitsRepository } from '../src/db/repositories/rate-limits.ts';
import { composeApp } from '../src/compose.ts';
import { signUpAndConfirm } from './accounts.ts';
import { TestClient, testConfig } from './app.ts';
import { postgresOnlyTarget, testDatabaseTargets } from './databases.ts';

const quiet = { info: () => undefined, error: () => undefined };

for (const target of await testDatabaseTargets()) {
  describe(`rate limit counters (${target.name})`, () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await target.open();
    });
    afterAll(() => database?.close());

    it('counts every concurrent request once, and starts again when the window ends', async () => {
      const limits = createRateLimitsRepository(database.db);
      const hits = await Promise.all(Array.from({ length: 20 }, () => limits.hit('POST /x:203.0.113.7', 60_000)));
      expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(hits.every((hit) => hit.resetMs > 55_000 && hit.resetMs <= 60_000)).toBe(true);
      expect((await limits.read('POST /x:203.0.113.7', 60_000)).count).toBe(20);
      // Another client, and the same client on another route, count on their own.
      expect((await limits.hit('POST /x:203.0.113.8', 60_000)).count).toBe(1);
      expect((await limits.hit('POST /y:203.0.113.7', 60_000)).count).toBe(1);

      expect((await limits.hit('short', 300)).count).toBe(1);
      expect((await limits.hit('short', 300)).count).toBe(2);
      await new Promise((wait) => setTimeout(wait, 400));
      expect((await limits.read('short', 300)).count).toBe(0);
      expect((await limits.hit('short', 300)).count).toBe(1);
      expect(await limits.purgeOlderThan(new Date(Date.now() + 1000))).toBe(4);
    });
  });
}

const postgres = await postgresOnlyTarget();

describe.skipIf(!postgres)('two API processes on one database', () => {
  let database: DatabaseHandle & { url?: string };
  let second: DatabaseHandle;
  let apps: Array<Awaited<ReturnType<typeof composeApp>>>;

  beforeAll(async () => {
    database = await postgres!.open();
    second = await openPostgres(database.url!);
    const config = testConfig({ databaseUrl: database.url, authRateLimit: { max: 3, windowSeconds: 60 }, trustProxy: ['127.0.0.1'] });
    apps = [await composeApp(config, database, quiet), await composeApp(config, second, quiet)];
    for (const composed of apps) await composed.app.ready();
  }, 60_000);

  afterAll(async () => {
    for (const composed of apps ?? []) {
      await composed.app.close();
      await composed.queue.stop();
    }
    await second?.close();
    await database?.close();
  });

  it('share a session: signed in through one host, known to the other', async () => {
    const { email, password } = await signUpAndConfirm(apps[1]!.app, 'roaming@example.com');
    const signIn = await new TestClient(apps[0]!.app).post('/api/auth/sign-in/email', { email, password });
    expect(signIn.statusCode).toBe(200);
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const elsewhere = await apps[1]!.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().user.email).toBe(email);
  });

  it('share one sign-in limit: attempts spread over both hosts are counted together', async () => {
    const { email } = await signUpAndConfirm(apps[0]!.app, 'spread@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const client = new TestClient(apps[i % 2]!.app);
      // One client behind the proxy, whichever host the balancer picks.
      statuses.push((await client.post('/api/auth/sign-in/email', { email, password: 'wrong-password' }, { 'x-forwarded-for': '198.51.100.9' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The right password is refused too while the limit holds: guessing stops, on either host.
    const right = await new TestClient(apps[1]!.app).post('/api/auth/sign-in/email', { email, password: 'correct-horse-1' }, { 'x-forwarded-for': '198.51.100.9' });
    expect(right.statusCode).toBe(429);
    // Another client is not held back by it.
    const other = await new TestClient(apps[0]!.app).post('/api/auth/sign-in/email', { email, password: 'correct-horse-1' }, { 'x-forwarded-for': '198.51.100.10' });
    expect(other.statusCode).toBe(200);
  });

});
