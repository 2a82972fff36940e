import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
}

// E2E_PORT_BASE lets two runs share a machine without fighting over ports.
const portBase = Number(process.env.E2E_PORT_BASE ?? 8181);
const targets: Target[] = [{ name: 'pglite', port: portBase }];
if (process.env.E2E_DATABASE_URL) targets.push({ name: 'postgres', port: portBase + 1, databaseUrl: process.env.E2E_DATABASE_URL });

/** Each target is the real app (`npm start`'s server) on its own port, data folder and database. */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: join(repoRoot, '.tmp/e2e-results'),
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: targets.map((t) => ({ name: t.name, use: { ...chromium, baseURL: `http://localhost:${t.port}` } })),
  webServer: targets.map((t) => ({
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `http://localhost:${t.port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(t.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${t.port}`,
      DATA_DIR: join(tmpdir(), `reelsmith-e2e-${t.name}-${process.pid}`),
      DATABASE_URL: t.databaseUrl ?? '',
      AUTH_RATE_LIMIT_MAX: '200',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  })),
});
