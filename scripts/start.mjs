#!/usr/bin/env node
// `npm start`: what a fresh clone lacks (npm packages, OS packages, the web build, the compiled server), each only
// when missing or out of date, then the app on PORT (default 8080) with the embedded defaults.
// `npm run worker` (--worker): the same checks, then a worker-only process (see README).
import { spawn } from 'node:child_process';
import { ensurePackages, missingPackages } from './lib/os-tools.mjs';
import { serverCommand } from './lib/server-entry.mjs';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, root } from './lib/workspace.mjs';

ensureDependencies();
ensurePackages(missingPackages());
const workerOnly = process.argv.includes('--worker');
if (!workerOnly) ensureWebBuild();
ensureServerBuild();

const child = spawn(process.execPath, serverCommand({ worker: workerOnly }), {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
