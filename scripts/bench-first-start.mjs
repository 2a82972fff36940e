#!/usr/bin/env node
// `npm run bench:first-start`: a fresh install's first start, as `npm start` runs it (the compiled server, PGlite, an
// empty data folder), timed from /login answering to when each picker has its first item and when it is full
// (SPEC's pickers: stock stills, stock loops, Scroll Stopper backgrounds, music). It counts the library's files in
// storage, which is what the pickers list. The targets of issue 29: something in every picker within 30 s, all full
// within 90 s. LIBRARY_SEED_DIR (a release's library/) shows what a pre-rendered library changes.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { root } from './lib/workspace.mjs';

const port = 18_470;
const library = (dataDir) => join(dataDir, 'files/library/v2');
const pickers = {
  'stock stills': (dir) => count(join(dir, 'stock/images'), (name) => name.endsWith('.jpg') && !/-(large|portrait)\.jpg$/.test(name)),
  'stock loops': (dir) => count(join(dir, 'stock/videos'), (name) => name.endsWith('-hd.mp4')),
  backgrounds: (dir) => count(join(dir, 'backgrounds'), (name) => name.endsWith('.mp4')),
  music: (dir) => count(join(dir, 'music'), (name) => name.endsWith('.mp3')),
};

function count(dir, matches) {
  return existsSync(dir) ? readdirSync(dir).filter(matches).length : 0;
}

const dataDir = mkdtempSync(join(tmpdir(), 'reelsmith-first-start-'));
const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LIBRARY_WARMUP: 'true' };
let finishedLine = '';
const spawned = performance.now();
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
server.stdout.on('data', (chunk) => {
  const line = String(chunk).match(/Media library: (\d+) of \1 items ready[^\n]*/);
  if (line) finishedLine = line[0];
});

try {
  console.log(`First start on an empty ${dataDir}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  while (!(await fetch(`http://127.0.0.1:${port}/login`).then((r) => r.ok, () => false))) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    await sleep(100);
  }
  const loginAt = performance.now();
  console.log(`/login answered ${((loginAt - spawned) / 1000).toFixed(1)} s after the server was spawned`);
  const first = new Map();
  const last = new Map();
  const counts = new Map();
  // Counted once more after the finishing line, so the last item stored is in the counts.
  for (;;) {
    const done = finishedLine || performance.now() - loginAt > 10 * 60_000;
    const at = (performance.now() - loginAt) / 1000;
    for (const [name, countOf] of Object.entries(pickers)) {
      const n = countOf(library(dataDir));
      if (n > 0 && !first.has(name)) first.set(name, at);
      if (n !== counts.get(name)) last.set(name, at);
      counts.set(name, n);
    }
    if (done) break;
    await sleep(250);
  }
  for (const name of Object.keys(pickers)) {
    const [firstAt, fullAt] = [first.get(name), last.get(name)];
    const verdict = firstAt <= 30 && fullAt <= 90 ? 'within the targets' : 'MISSES the 30 s / 90 s targets';
    console.log(`${name.padEnd(13)} first item ${firstAt?.toFixed(1) ?? '-'} s, full (${counts.get(name)}) ${fullAt?.toFixed(1) ?? '-'} s after /login: ${verdict}`);
  }
  console.log(finishedLine || 'the library did not finish within 10 minutes');
  console.log(`load now ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}
