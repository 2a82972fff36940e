#!/usr/bin/env node
// `npm run bench:web`: Lighthouse performance of /login and /signup as served by the compiled server (issue 13: 0.9 or
// better), mobile (Lighthouse's default) and desktop presets, median of 3 runs each. Not part of `npm test`: the
// simulated throttling makes the figures move with the machine's load, which is printed beside them.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { ensureServerBuild, ensureWebBuild, root } from './lib/workspace.mjs';

const pages = ['/login', '/signup'];
const presets = { mobile: undefined, desktop: desktopConfig };
const runs = 3;
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  // Every host but the server under test fails to resolve, so nothing on the page or in Chrome reaches the network.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/** A port nobody listens on right now: the kernel picks it, we release it for the server. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(child, origin) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${origin}/api/health`).then((r) => r.ok, () => false)) return;
    await sleep(100);
  }
  throw new Error('server did not answer /api/health within 60 s');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function summarise(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  return {
    score: lhr.categories.performance.score ?? NaN,
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    js: scripts?.transferSize ?? NaN,
  };
}

/** What Lighthouse says would save the most, from the run with the median score: where to look next. */
function costliest(lhr) {
  return Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.metricSavings)
    .map((audit) => ({ title: audit.title, display: audit.displayValue, ms: (audit.metricSavings.LCP ?? 0) + (audit.metricSavings.FCP ?? 0) + (audit.metricSavings.TBT ?? 0) }))
    .filter((audit) => audit.ms > 0)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3);
}

/**
 * One Lighthouse run, repeated when the trace misses the page's navigationStart (NO_NAVSTART, about 1 run in 10 here):
 * the page loads in a new renderer process (site isolation, and the server's COOP header), and on a busy machine that
 * process seems to start tracing after the navigation began.
 */
async function audit(url, config, attempts = 3) {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, config);
  if (!lhr.runtimeError) return lhr;
  if (lhr.runtimeError.code === 'NO_NAVSTART' && attempts > 1) return audit(url, config, attempts - 1);
  throw new Error(`${url}: ${lhr.runtimeError.message}`);
}

if (!existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath}: install it, or set CHROMIUM_PATH.`);
ensureWebBuild();
ensureServerBuild();

const dataDir = mkdtempSync(join(tmpdir(), 'reelsmith-bench-web-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LIBRARY_WARMUP: 'false', RUN_WORKERS: 'false', LOG_LEVEL: 'warn' },
});
let chrome;

function stopChrome() {
  chrome?.kill();
  chrome = undefined;
}

async function cleanUp() {
  stopChrome();
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => cleanUp().finally(() => process.exit(130)));
}
// An uncaught error skips `finally`; exiting then must not leave the server running nor its data behind.
process.once('exit', () => {
  stopChrome();
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
});

try {
  await waitForHealth(server, origin);
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags, handleSIGINT: false });
  const rows = [];
  for (const page of pages) {
    for (const [preset, config] of Object.entries(presets)) {
      const results = [];
      for (let i = 0; i < runs; i += 1) {
        const load = loadavg()[0];
        const lhr = await audit(`${origin}${page}`, config);
        results.push({ lhr, load, ...summarise(lhr) });
      }
      const row = { page, preset, runs: results.map((r) => r.score) };
      for (const key of ['score', 'fcp', 'lcp', 'tbt', 'cls', 'js', 'load']) row[key] = median(results.map((r) => r[key]));
      row.costliest = costliest(results.find((r) => r.score === row.score).lhr);
      rows.push(row);
      console.log(`${page} ${preset}: ${row.runs.join(', ')}`);
    }
  }

  const ms = (value) => `${Math.round(value)} ms`;
  const table = [
    ['page', 'preset', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'JS transferred', 'load'],
    ...rows.map((r) => [r.page, r.preset, r.score.toFixed(2), ms(r.fcp), ms(r.lcp), ms(r.tbt), r.cls.toFixed(3), `${(r.js / 1000).toFixed(1)} kB`, r.load.toFixed(2)]),
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((cells) => cells[column].length)));
  console.log(`\nLighthouse performance, median of ${runs} runs (load: 1-minute load average as a run began)`);
  for (const cells of table) console.log(cells.map((cell, column) => cell.padEnd(widths[column])).join('  '));
  for (const r of rows) {
    const items = r.costliest.map((c) => `${c.title}${c.display ? ` (${c.display})` : ''}`);
    console.log(`${r.page} ${r.preset}, costs most: ${items.join('; ') || 'nothing flagged'}`);
  }
} finally {
  await cleanUp();
}
