import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operatorToken } from './tests/operator.ts';
import { e2eLibraryCounts } from './library-counts.mjs';

const repoRoot = join(import.meta.dirname, '..');
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  },
};

interface Target {
  name: string;
  port: number;
  databaseUrl?: string;
  testMatch?: string[];
}

/**
 * Every API and repository test already runs on both databases (vitest). In the browser, Postgres gets the flows that
 * lean hardest on the database wiring (sessions and mail, payments and polling, quotas) rather than every page a
 * second time; the render jobs' queue runs on both databases in the API tests. CI has two cores and 25 minutes.
 */
const postgresSpecs = ['accounts.spec.ts', 'subscriptions.spec.ts', 'ideas.spec.ts', 'account-data.spec.ts'];

// E2E_PORT_BASE lets two runs share a machine without fighting over ports.
const portBase = Number(process.env.E2E_PORT_BASE ?? 8181);
const targets: Target[] = [{ name: 'pglite', port: portBase }];
if (process.env.E2E_DATABASE_URL) targets.push({ name: 'postgres', port: portBase + 1, databaseUrl: process.env.E2E_DATABASE_URL, testMatch: postgresSpecs });

const dataDir = (t: Target) => join(tmpdir(), `reelsmith-e2e-${t.name}-${process.pid}`);

/**
 * `npm test` bakes the built-in media library once (`npm run library`) into this folder; each server starts with a
 * copy instead of rendering its own, which would take minutes of both cores away from the tests. Without it the
 * server simply makes the library itself, as `npm start` does.
 */
const sharedLibrary = join(repoRoot, '.tmp/e2e-library');
const serverCommand = (data: string) =>
  `if [ -d '${sharedLibrary}/files/library' ]; then mkdir -p '${data}/files' && cp -r '${sharedLibrary}/files/library' '${data}/files/library'; fi; ` +
  // The compiled server, as `npm start` runs it (npm test and test:e2e build it first).
  'exec node --enable-source-maps apps/server/dist/main.js';

/** Each target is the real app (`npm start`'s server) on its own port, data folder and database. */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two at a time: most of a flow's wall time is spent waiting on renders and 5 s polls, not on the CPU.
  workers: 2,
  retries: 0,
  outputDir: join(repoRoot, '.tmp/e2e-results'),
  // A trace's filmstrip screencasts every frame a spinner draws: with two tests waiting on renders, that took most of
  // both cores from the server. The DOM snapshots and the failure screenshot say what went wrong without it.
  use: { trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true }, screenshot: 'only-on-failure' },
  projects: targets.map((t) => ({ name: t.name, testMatch: t.testMatch, use: { ...chromium, baseURL: `http://localhost:${t.port}` } })),
  webServer: targets.map((t) => ({
    command: serverCommand(dataDir(t)),
    cwd: repoRoot,
    url: `http://localhost:${t.port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(t.port),
      // Every loopback address, and no PUBLIC_URL, so a page opened at http://127.0.0.2:<port> may sign up (issue 12).
      HOST: '0.0.0.0',
      OPERATOR_TOKEN: operatorToken,
      DATA_DIR: dataDir(t),
      DATABASE_URL: t.databaseUrl ?? '',
      AUTH_RATE_LIMIT_MAX: '200',
      LOG_LEVEL: 'warn',
      LIBRARY_COUNTS: e2eLibraryCounts,
      NODE_ENV: 'production',
      // Every answer the browser gets is checked against its endpoint's response schema (a mismatch is a 500).
      VALIDATE_RESPONSES: '1',
    },
  })),
});
