#!/usr/bin/env node
// `npm start`: everything a fresh clone needs, then the app on PORT (default 8080) with the embedded defaults.
// `npm run worker` (--worker): the same checks, then a worker-only process (see README).
import { spawn } from 'node:child_process';
import { ensurePackages, missingPackages } from './lib/os-tools.mjs';
import { ensureDependencies, ensureWebBuild, root } from './lib/workspace.mjs';

ensureDependencies();
ensurePackages(missingPackages());
const workerOnly = process.argv.includes('--worker');
if (!workerOnly) ensureWebBuild();

const entry = workerOnly ? 'apps/server/src/worker.ts' : 'apps/server/src/main.ts';
const child = spawn(process.execPath, ['--import', 'tsx', entry], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
