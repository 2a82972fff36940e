import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { postgresOnlyTarget } from './databases.ts';

const target = await postgresOnlyTarget();

/** What a restart does to a connection the process holds: it must fail a statement, not end the process. */
describe.skipIf(!target)('a checked-out connection the server cuts', () => {
  let database: DatabaseHandle & { url?: string };
  beforeAll(async () => {
    database = await target!.open();
  });
  afterAll(() => database?.close());

  it('ends only what ran on it; the process and the pool go on', async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // The migration lock's connection is held, idle, while the work runs: the server terminates it meanwhile.
      await database.exclusively(async () => {
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like '%pg_advisory_lock%'",
        );
        // Long enough for the FATAL to arrive on the idle connection (an 'error' event with no listener ends Node).
        await sleep(500);
      });
    } finally {
      await admin.end();
    }
    expect((await database.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
