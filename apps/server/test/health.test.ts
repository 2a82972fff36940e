import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client.ts';
import { startTestApp, operatorHeaders, type TestApp } from './app.ts';
import { postgresOnlyTarget, testDatabaseTargets } from './databases.ts';
import { signUpAndConfirm } from './accounts.ts';
import { loggedWhile } from './captured-log.ts';

/**
 * Makes the app's database refuse it, as a stopped or misconfigured one would: PostgreSQL stops taking connections to
 * it and ends the open ones (its refusal names the database); PGlite is closed.
 */
async function refuseConnections(t: TestApp): Promise<{ driverSays: string; restore(): Promise<void> }> {
  const { url } = t.database as TestApp['database'] & { url?: string };
  if (!url) {
    await t.database.close();
    return { driverSays: 'PGlite is closed', restore: async () => undefined };
  }
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
  await admin.connect();
  await admin.query(`alter database ${name} with allow_connections false`);
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  return {
    driverSays: name,
    async restore() {
      await admin.query(`alter database ${name} with allow_connections true`);
      await admin.end();
    },
  };
}

for (const target of await testDatabaseTargets()) {
  describe(`health, readiness and metrics (${target.name})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(target);
    }, 60_000);
    afterAll(() => t?.close());

    it('answers liveness at /health and at the older /api/health', async () => {
      for (const url of ['/health', '/api/health']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.json()).toEqual({ status: 'ok' });
      }
    });

    it('is ready when the database, the storage and the migrations are', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ready', checks: { database: { ok: true }, storage: { ok: true }, migrations: { ok: true } } });
    });

    it('hides /metrics from anyone without the operator token, with the same 404 as a missing page', async () => {
      for (const headers of [{}, { 'x-operator-token': 'wrong' }, { 'x-operator-token': '\u0000' }]) {
        const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('reelsmith_');
      }
    });

    it('counts requests by route pattern, jobs by kind and state, and credits spent', async () => {
      const email = `metrics-${target.name}@example.com`;
      const { client, password } = await signUpAndConfirm(t.app, email);
      await client.post('/api/auth/sign-in/email', { email, password });
      await t.app.inject({ method: 'GET', url: '/api/jobs/00000000-0000-4000-8000-000000000000' });
      const profile = { user_email: email, business_name: 'Bloom', business_type: 'Café', goal: 'Generate Leads', tone: 'Relatable', offerings: 'cold brew', target_audience: 'Working Professionals' };
      const ideas = await client.request('POST', '/api/generate-ideas', new URLSearchParams(profile).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
      expect(ideas.statusCode).toBe(200);
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: operatorHeaders });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      const text = response.body;
      expect(text).toMatch(/reelsmith_http_request_duration_seconds_count\{method="GET",route="\/ready",status="200"\} \d+/);
      // The pattern, never the id: one series for every job.
      expect(text).toContain('route="/api/jobs/:id"');
      expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
      expect(text).toContain('# TYPE reelsmith_jobs gauge');
      expect(text).toContain('reelsmith_process_cpu_seconds_total');
      expect(text).toMatch(/reelsmith_credits_spent_total\{kind="ideas"\} 1/);
      expect(text).toMatch(/reelsmith_provider_call_seconds_count\{provider="local-writer",method="[a-zA-Z]+",outcome="ok"\} \d+/);
    });
  });
}

describe.each(await testDatabaseTargets())('/ready with the database refusing connections on $name (issue: /ready tells strangers about the database)', (target) => {
  it('tells anyone what failed, and only the operator and the log why', async () => {
    const t = await startTestApp(target, { logLevel: 'info' });
    const refused = await refuseConnections(t);
    try {
      let anonymous: Awaited<ReturnType<typeof t.app.inject>> | undefined;
      let operator: Awaited<ReturnType<typeof t.app.inject>> | undefined;
      const log = await loggedWhile(async () => {
        anonymous = await t.app.inject({ method: 'GET', url: '/ready' });
        operator = await t.app.inject({ method: 'GET', url: '/ready', headers: operatorHeaders });
      });
      expect(anonymous!.statusCode).toBe(503);
      expect(anonymous!.json()).toEqual({ status: 'not ready', checks: { database: { ok: false }, storage: { ok: true }, migrations: { ok: false } } });
      expect(anonymous!.body).not.toContain(refused.driverSays);
      expect(anonymous!.headers['cache-control']).toBe('no-store');
      expect(operator!.statusCode).toBe(503);
      expect(operator!.json().checks.database.detail).toContain(refused.driverSays);
      expect(log).toContain(refused.driverSays);
      for (const url of ['/health', '/api/health']) expect((await t.app.inject({ method: 'GET', url })).body).toBe('{"status":"ok"}');
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await refused.restore();
      await t.close().catch(() => undefined);
    }
  });
});

describe('migrations when several processes start together', async () => {
  const postgres = await postgresOnlyTarget();
  it.skipIf(!postgres)('one migrates an empty database under the advisory lock while the others wait, then all find it current', async () => {
    const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    const name = `rs_migrate_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(server);
      url.pathname = `/${name}`;
      const handles = await Promise.all([1, 2, 3, 4].map(() => openPostgres(url.toString())));
      expect(await handles[0]!.pendingMigrations().catch(() => 'no table')).toBe('no table');
      // Without the lock, concurrent CREATE TABLEs of the first migration collide (duplicate type or relation).
      await Promise.all(handles.map((handle) => handle.migrate()));
      for (const handle of handles) expect(await handle.pendingMigrations()).toBe(0);
      await Promise.all(handles.map((handle) => handle.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
