import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import { rideOutRestarts } from './retry.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Migrations in the folder that this database has not applied yet (0 when current); throws when unreachable. */
  pendingMigrations(): Promise<number>;
  /** Raw SQL for pg-boss: parameterised statements, or several statements in one text when there are none. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** One statement answered or refused at once, never waiting out a restart: a readiness probe says why it failed. */
  ping(): Promise<void>;
  /** Runs `run` while no other process sharing this database runs its own (migrations, the job queue's set-up). */
  exclusively<T>(run: () => Promise<T>): Promise<T>;
  /** Runs `run` while no other process sharing this database runs one for the same `key` (a user's starts). */
  exclusivelyFor<T>(key: string, run: () => Promise<T>): Promise<T>;
}

/** The class of the keyed advisory locks (the key's hash is the other half), apart from the migration lock's number. */
const keyedLockClass = 7_160_326;

/** Any number: it only has to be the same in every process that migrates this database. */
const migrationLockKey = 7_160_325;

function migrationsInFolder(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

async function pendingIn(executeSql: DatabaseHandle['executeSql']): Promise<number> {
  // drizzle's migrators (PGlite and node-postgres alike) record each applied migration in this table.
  const { rows } = await executeSql('select count(*)::int as applied from drizzle.__drizzle_migrations', []);
  return migrationsInFolder() - (rows[0] as { applied: number }).applied;
}

export type PgliteHandle = DatabaseHandle & {
  /** The whole data folder as an uncompressed tarball, which `openPglite(…, { from })` starts from. */
  dumpDataDir(): Promise<Blob>;
};

/**
 * PGlite keeps its files in `dataDir`; `memory://` (or undefined) keeps everything in memory, for tests. `from` is a
 * `dumpDataDir()` tarball to start from instead of a new, empty cluster.
 */
export async function openPglite(dataDir?: string, options: { from?: Blob } = {}): Promise<PgliteHandle> {
  if (dataDir && !dataDir.startsWith('memory://')) mkdirSync(dirname(dataDir), { recursive: true });
  const client = new PGlite(dataDir, options.from ? { loadDataDir: options.from } : {});
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const executeSql: DatabaseHandle['executeSql'] = async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    // PGlite's query() takes one statement; pg-boss sends several in one text when there are no parameters.
    const results = await client.exec(text);
    return results.at(-1) ?? { rows: [] };
  };
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: () => client.close(),
    executeSql,
    ping: async () => {
      await client.query('select 1');
    },
    // One process owns a PGlite database: there is nobody to wait for.
    exclusively: (run) => run(),
    exclusivelyFor: (_key, run) => run(),
    pendingMigrations: () => pendingIn(executeSql),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  // A connection idle for pg's default 10 s is closed, and the next burst of requests waits for new ones: a new
  // backend, cold catalog caches, 100-200 ms. Under a steady trickle that happened every few seconds.
  const pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 5 * 60_000 });
  // An idle connection can be cut by the server (a restart, a dropped database); the pool replaces it on next use,
  // and without a listener the 'error' event would end the process.
  pool.on('error', () => undefined);
  // The pool listens only while a connection is idle: one checked out (a transaction between statements, the
  // migration lock held while pg-boss sets up) that the server cuts would end the process the same way. Its next
  // statement fails instead, and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const answerNow = pool.query.bind(pool) as (text: string) => Promise<unknown>;
  // A restart or failover of the server takes seconds; requests and jobs wait that long rather than fail.
  rideOutRestarts(pool, 60_000);
  const db = drizzlePostgres({ client: pool, schema });
  async function holdingLock<T>(run: (connection: pg.PoolClient) => Promise<T>, key?: string): Promise<T> {
    const connection = await pool.connect();
    const [lock, unlock, values] = key
      ? ['select pg_advisory_lock($1, hashtext($2))', 'select pg_advisory_unlock($1, hashtext($2))', [keyedLockClass, key]]
      : ['select pg_advisory_lock($1)', 'select pg_advisory_unlock($1)', [migrationLockKey]];
    try {
      await connection.query(lock, values);
      return await run(connection);
    } finally {
      await connection.query(unlock, values).catch(() => undefined);
      connection.release();
    }
  }
  /**
   * In this process, callers of one lock take turns in memory, so only the caller whose turn it is holds a pooled
   * connection waiting on the advisory lock. Ten starts at once used to take all ten of the pool's connections, nine
   * of them waiting on the lock, and the one holding it then waited forever for a connection to do its work.
   */
  const turns = new Map<string, Promise<unknown>>();
  function inTurn<T>(key: string, run: () => Promise<T>): Promise<T> {
    const mine = (turns.get(key) ?? Promise.resolve()).then(run);
    const settled = mine.catch(() => undefined);
    turns.set(key, settled);
    void settled.then(() => {
      if (turns.get(key) === settled) turns.delete(key);
    });
    return mine;
  }
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    // Several API and worker processes may start together: one migrates while the others wait, then find nothing to do.
    migrate: () => holdingLock((connection) => migratePostgres(drizzlePostgres({ client: connection, schema }), { migrationsFolder })),
    exclusively: (run) => inTurn('', () => holdingLock(() => run())),
    exclusivelyFor: (key, run) => inTurn(`key:${key}`, () => holdingLock(() => run(), key)),
    close: () => pool.end(),
    executeSql: (text, values) => pool.query(text, values as unknown[] | undefined),
    ping: async () => {
      await answerNow('select 1');
    },
    pendingMigrations: () => pendingIn((text, values) => pool.query(text, values as unknown[] | undefined)),
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(join(options.dataDir, 'db'));
}
