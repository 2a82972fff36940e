#!/usr/bin/env node
// `npm test`: lint + typecheck, unit and API tests (PGlite, and Postgres when reachable), then e2e in Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePackages, missingPackages, testOnlyCommands, testOnlyFiles } from './lib/os-tools.mjs';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, root } from './lib/workspace.mjs';
import { createScratchPostgresDatabase } from './lib/postgres.mjs';
import { playwrightFileTimes, printSlowest } from './lib/slowest.mjs';
import { playwrightFailures, vitestFailures } from './lib/failures.mjs';
import { e2eLibraryCounts } from '../e2e/library-counts.mjs';

ensureDependencies();
ensurePackages([...new Set(missingPackages().concat(missingPackages({ commands: testOnlyCommands, fonts: false, files: testOnlyFiles })))]);

const reports = join(root, '.tmp/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// Each step says how long it took: CI has 25 minutes, and this is where to look when it grows.
function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`◀ ${name}: ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  return result.status === 0;
}

// One copy of the built-in media library for every e2e server (see e2e/playwright.config.ts), kept between runs. It
// renders one ffmpeg at a time, so it is made alongside the checks and unit tests rather than before the e2e run.
const libraryStarted = Date.now();
const library = new Promise((resolve) => {
  const child = spawn('npm', ['run', '--silent', 'library'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DATA_DIR: join(root, '.tmp/e2e-library'), DATABASE_URL: '', LIBRARY_COUNTS: e2eLibraryCounts } });
  child.on('exit', (code) => resolve(code === 0));
  child.on('error', () => resolve(false));
});

let ok = step('lint and typecheck', 'npm', ['run', 'check']);
ok = step('unit and API tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=./scripts/vitest-file-times.mjs', '--reporter=json', `--outputFile=${join(reports, 'vitest.json')}`]) && ok;

ensureWebBuild();
ensureServerBuild();
const libraryReady = await library;
console.log(`◀ media library for the e2e servers: ${libraryReady ? 'ready' : 'FAILED'}, ${((Date.now() - libraryStarted) / 60_000).toFixed(1)} min after it began`);
ok = libraryReady && ok;
// The runtime folder a deployment runs (npm run release), with the e2e servers' library as its pre-rendered one,
// started as a deployment and asked whether it is ready and took the library without rendering.
const releaseArgs = ['scripts/release.mjs', '--no-build', '--check', ...(libraryReady ? ['--library-from', join(root, '.tmp/e2e-library')] : [])];
ok = step('release folder and its check', 'node', releaseArgs, { LIBRARY_COUNTS: e2eLibraryCounts }) && ok;
const postgres = await createScratchPostgresDatabase();
const e2eEnv = { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json'), ...(postgres ? { E2E_DATABASE_URL: postgres.url } : {}) };
if (!postgres) console.warn('[tests] PostgreSQL is not reachable: e2e runs on PGlite only.');
ok = step('end-to-end tests in Chromium', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], e2eEnv) && ok;
await postgres?.drop();
// Each report is read once; a missing one means its step did not get as far as writing it, which counts as a failure.
const readReport = (name) => (existsSync(join(reports, name)) ? JSON.parse(readFileSync(join(reports, name), 'utf8')) : null);
const [vitestReport, e2eReport] = [readReport('vitest.json'), readReport('e2e.json')];
if (e2eReport) printSlowest('end-to-end tests', playwrightFileTimes(e2eReport));

const missing = { passed: 0, failed: 1, skipped: 0 };
const unit = vitestReport ? { passed: vitestReport.numPassedTests, failed: vitestReport.numFailedTests, skipped: vitestReport.numPendingTests + vitestReport.numTodoTests } : missing;
const e2e = e2eReport ? { passed: e2eReport.stats.expected + e2eReport.stats.flaky, failed: e2eReport.stats.unexpected, skipped: e2eReport.stats.skipped } : missing;
const failures = [...(vitestReport ? vitestFailures(vitestReport, root) : []), ...(e2eReport ? playwrightFailures(e2eReport) : [])];
if (failures.length) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
const passed = unit.passed + e2e.passed;
const failed = unit.failed + e2e.failed + (ok ? 0 : Math.max(0, 1 - unit.failed - e2e.failed));
console.log(`\n${passed} passed, ${failed} failed, ${unit.skipped + e2e.skipped} skipped`);
// The multi-host test skips only where network namespaces cannot be made; it leaves its reason here to be named.
const multiHostSkipped = join(reports, 'multi-host-skipped.txt');
if (existsSync(multiHostSkipped)) console.log(`multi-host test skipped: ${readFileSync(multiHostSkipped, 'utf8').trim()}`);
process.exit(ok ? 0 : 1);
