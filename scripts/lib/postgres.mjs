import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { root } from './workspace.mjs';

const require = createRequire(`${root}/apps/server/package.json`);

/** A throwaway database on the test server, or null when no PostgreSQL answers. */
export async function createScratchPostgresDatabase() {
  const { Client } = require('pg');
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `rs_e2e_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
