import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { serverCommand } from '../../../scripts/lib/server-entry.mjs';

const repoRoot = join(import.meta.dirname, '../../..');

it('chooses the compiled server for the app and for a worker', () => {
  expect(serverCommand()).toEqual(['--enable-source-maps', 'apps/server/dist/main.js']);
  expect(serverCommand({ worker: true })).toEqual(['--enable-source-maps', 'apps/server/dist/worker.js']);
});

/** The process `npm start` spawned, read from /proc: what actually runs, not what a script says it runs. */
function childCommandLine(parentPid: number): string[] {
  const child = execFileSync('pgrep', ['-P', String(parentPid)], { encoding: 'utf8' }).trim().split('\n')[0]!;
  return readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

it('`npm start` runs plain node on the compiled server, which answers', { timeout: 240_000 }, async () => {
  const start = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'reelsmith-start-')),
      DATABASE_URL: '',
      LIBRARY_WARMUP: 'false',
      RUN_WORKERS: 'false',
      LOG_LEVEL: 'info',
    },
  });
  let log = '';
  start.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  start.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  try {
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
        if (listening) {
          clearInterval(timer);
          resolve(listening[1]!);
        }
      }, 100);
      start.once('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`npm start exited with ${code}: ${log}`));
      });
    });
    const commandLine = childCommandLine(start.pid!);
    expect(commandLine[0]).toBe(process.execPath);
    expect(commandLine.slice(1)).toEqual(['--enable-source-maps', 'apps/server/dist/main.js']);
    expect(commandLine.join(' ')).not.toContain('tsx');
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  } finally {
    await new Promise((resolve) => (start.once('exit', resolve), start.kill('SIGTERM')));
  }
});
