import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateScriptResponse, stockPhotosResponse } from '@reelsmith/contracts';
import { expect, test } from '@playwright/test';
import { e2eLibraryCounts } from '../library-counts.mjs';
import { confirmedAccount, logIn } from './helpers.ts';
import { operatorToken } from './operator.ts';

/**
 * Issue 29, item 10: a fresh install whose library is not made yet. This spec starts its own server on an empty data
 * folder (the other specs' servers get the baked library), with the library left to the first request that needs
 * it, as a picker opened at once on a first start finds it. A stock search then answers with what exists and says
 * that its matches are still being made; they are made first and fill the results in by themselves.
 */
const port = Number(process.env.E2E_PORT_BASE ?? 8181) + 7;
let server: ChildProcess;
let dataDir: string;

test.use({ baseURL: `http://localhost:${port}` });

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'reelsmith-e2e-first-start-'));
  server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: join(import.meta.dirname, '../..'),
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      OPERATOR_TOKEN: operatorToken,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      LIBRARY_WARMUP: 'false',
      LIBRARY_COUNTS: e2eLibraryCounts,
      VALIDATE_RESPONSES: '1',
    },
  });
  await expect
    .poll(() => fetch(`http://localhost:${port}/api/health`).then((r) => r.ok, () => false), { timeout: 60_000 })
    .toBe(true);
});

test.afterAll(async () => {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
});

test('on a first start, a stock search says its matches are still being made and fills them in', async ({ page }) => {
  test.setTimeout(180_000);
  const account = await confirmedAccount(page, 'first-start');
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const written = await page.request.post('/api/generate-script', { data: { user_id: me.user.id, prompt: 'Glitter nail art at a small salon' } });
  const { video_id } = generateScriptResponse.parse(await written.json());

  await page.goto(`/smart-storyboard?project=${video_id}`);
  await page.getByRole('button', { name: 'Search Stock Images/Videos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search Stock Images/Videos' });
  // 'sparkles' finds stills near the end of the library's order: none exists when the search comes.
  await dialog.getByLabel('Search images').fill('sparkles');
  await dialog.getByLabel('Search images').press('Enter');
  const arriving = dialog.getByRole('status').filter({ hasText: /more stills? matching your search (is|are) still being made for the built-in library/ });
  await expect(arriving).toBeVisible({ timeout: 90_000 });
  await page.screenshot({ path: test.info().outputPath('first-start-arriving.png') });

  // Made next, ahead of the rest of the library, and shown without searching again: every match the search finds.
  await expect(arriving).toBeHidden({ timeout: 60_000 });
  const answer = stockPhotosResponse.parse(await (await page.request.post('/api/stock-search', { data: { q: 'sparkles', type: 'image' } })).json());
  expect(answer.more_arriving).toBeUndefined();
  expect(answer.total_results).toBeGreaterThanOrEqual(7);
  await expect(dialog.getByRole('button', { name: /^Add/ })).toHaveCount(answer.total_results);
  expect(await (await page.request.post('/api/stock-search', { data: { q: 'mosaic', type: 'image' } })).json()).toMatchObject({ total_results: 0 });
  await page.screenshot({ path: test.info().outputPath('first-start-filled.png') });
});
