#!/usr/bin/env node
// `npm run bench`: the figures issue work is judged by, one after another (each needs the machine to itself).
// 1. the standard 59 s render: bare encode, full composition, and single pass against three segments (packages/media);
// 2. CPU per 7 s clip of the offline motion renderer, move by move (packages/media/bench/motion.ts);
// 3. wall time per 14 s motion template against its length, template by template (apps/server/bench/templates.ts);
// 4. time to playable on one idle worker, phase by phase (apps/server/bench/playable.ts);
// 5. renders per minute with 1, 2 and 3 workers on hosts in network namespaces (apps/server/bench/workers.ts; root).
// BENCH_ONLY=media,motion,templates,playable,workers picks some of them.
import { spawnSync } from 'node:child_process';
import { root } from './lib/workspace.mjs';

const parts = {
  media: ['npm', ['run', '--silent', 'bench', '-w', 'packages/media']],
  motion: ['npm', ['run', '--silent', 'bench:motion', '-w', 'packages/media']],
  templates: ['npm', ['run', '--silent', 'bench:templates']],
  playable: ['npm', ['run', '--silent', 'bench:playable']],
  workers: ['npm', ['run', '--silent', 'bench:workers']],
};
const only = process.env.BENCH_ONLY?.split(',') ?? Object.keys(parts);
let failed = false;
for (const name of only) {
  const part = parts[name];
  if (!part) throw new Error(`unknown bench ${name}; the benches are ${Object.keys(parts).join(', ')}`);
  console.log(`\n▶ bench: ${name}`);
  const result = spawnSync(part[0], part[1], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
if (failed) process.exitCode = 1;
