import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/client.ts';
import { migrationsFolder, repoRoot } from '../src/paths.ts';

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database of its own; close() throws it away. `url` is set for PostgreSQL. */
  open(): Promise<DatabaseHandle & { url?: string }>;
}

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const snapshotFolder = join(repoRoot, '.tmp/test-cache');

/** Names the snapshot after everything that shapes it: the migrations, and the locked PGlite version. */
function snapshotName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  hash.update(readFileSync(join(repoRoot, 'package-lock.json')));
  return `pglite-${hash.digest('hex').slice(0, 16)}.tar`;
}

async function makeSnapshot(): Promise<Blob> {
  const file = join(snapshotFolder, snapshotName());
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const handle = await openPglite('memory://');
  await handle.migrate();
  const dump = await handle.dumpDataDir();
  await handle.close();
  mkdirSync(snapshotFolder, { recursive: true });
  // Written aside and renamed: two test processes making it at once each leave a whole file.
  const aside = `${file}.${process.pid}`;
  writeFileSync(aside, Buffer.from(await dump.arrayBuffer()));
  renameSync(aside, file);
  return dump;
}

let snapshot: Promise<Blob> | undefined;

/**
 * Each database starts from one migrated, empty PGlite cluster kept under .tmp/test-cache: a new cluster runs initdb
 * in WebAssembly, seconds of CPU for each of the suite's hundred-odd databases, where loading the tarball takes one.
 */
const pgliteTarget: TestDatabaseTarget = {
  name: 'pglite',
  async open() {
    snapshot ??= makeSnapshot();
    const handle = await openPglite('memory://', { from: await snapshot });
    // The snapshot is current by its name; this only confirms it.
    await handle.migrate();
    return handle;
  },
};

const postgresTarget: TestDatabaseTarget = {
  name: 'postgres',
  async open() {
    const name = `rs_test_${randomBytes(6).toString('hex')}`;
    await withAdmin((client) => client.query(`create database ${name}`));
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString());
    await handle.migrate();
    return {
      ...handle,
      url: url.toString(),
      async close() {
        await handle.close();
        await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
      },
    };
  },
};

let notified = false;

/** The PostgreSQL target alone, or null when no server answers (for tests that need several processes). */
export async function postgresOnlyTarget(): Promise<TestDatabaseTarget | null> {
  return (await postgresReachable()) ? postgresTarget : null;
}

/** PGlite always; real PostgreSQL too when TEST_DATABASE_URL (or the local server) answers. */
export async function testDatabaseTargets(): Promise<TestDatabaseTarget[]> {
  if (await postgresReachable()) return [pgliteTarget, postgresTarget];
  if (!notified) {
    notified = true;
    console.warn(`[tests] PostgreSQL at ${postgresUrl} is not reachable: database tests run on PGlite only.`);
  }
  return [pgliteTarget];
}
