#!/usr/bin/env node
// `npm run bench:boot`: time from spawning the server to its first answer on /api/health, for the TypeScript
// sources through tsx (how development runs) and for the compiled server (how `npm start` runs). Median of 3 each.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { root } from './lib/workspace.mjs';

const runs = 3;
const variants = {
  'tsx apps/server/src/main.ts': ['--import', 'tsx', 'apps/server/src/main.ts'],
  'node apps/server/dist/main.js': ['--enable-source-maps', 'apps/server/dist/main.js'],
};

async function bootOnce(args, port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelsmith-boot-'));
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LIBRARY_WARMUP: 'false', RUN_WORKERS: 'false', LOG_LEVEL: 'warn' },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (ok) return performance.now() - started;
      await sleep(25);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let port = 18_400;
for (const [name, args] of Object.entries(variants)) {
  const times = [];
  for (let i = 0; i < runs; i += 1) times.push(await bootOnce(args, port++));
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(32)} median ${(times[1] / 1000).toFixed(2)} s  (runs: ${times.map((t) => (t / 1000).toFixed(2)).join(', ')})`);
}
