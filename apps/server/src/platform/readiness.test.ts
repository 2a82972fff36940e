import { describe, expect, it } from 'vitest';
import { createReadiness } from './readiness.ts';

const database = (overrides: Partial<Parameters<typeof createReadiness>[0]['database']> = {}) => ({
  ping: async () => undefined,
  pendingMigrations: async () => 0,
  ...overrides,
});
const storage = { stat: async () => null };

describe('readiness', () => {
  it('is ready when every check passes', async () => {
    expect(await createReadiness({ database: database(), storage })()).toEqual({
      status: 'ready',
      checks: { database: { ok: true }, storage: { ok: true }, migrations: { ok: true } },
    });
  });

  it('names what is not ready: a database error, an unreachable bucket, migrations not applied', async () => {
    const report = await createReadiness({
      database: database({ ping: async () => Promise.reject(new Error('connection refused')), pendingMigrations: async () => 2 }),
      storage: { stat: async () => Promise.reject(new Error('getaddrinfo ENOTFOUND bucket')) },
    })();
    expect(report).toEqual({
      status: 'not ready',
      checks: {
        database: { ok: false, detail: 'connection refused' },
        storage: { ok: false, detail: 'getaddrinfo ENOTFOUND bucket' },
        migrations: { ok: false, detail: '2 migration(s) not applied' },
      },
    });
  });

  it('says no rather than hang when a dependency does not answer', async () => {
    const report = await createReadiness({ database: database({ ping: () => new Promise(() => undefined) }), storage })();
    expect(report.status).toBe('not ready');
    expect(report.checks.database).toEqual({ ok: false, detail: 'no answer within 3000 ms' });
  }, 10_000);
});
