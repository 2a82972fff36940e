#!/usr/bin/env node
// Compiles the server and the workspace packages it uses into apps/server/dist, so production runs plain `node`.
// Third-party packages stay in node_modules (external); only our own TypeScript is bundled.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { root } from './lib/workspace.mjs';

const manifests = ['apps/server/package.json', 'packages/contracts/package.json', 'packages/media/package.json'];
const external = new Set();
for (const manifest of manifests) {
  const { dependencies = {} } = JSON.parse(readFileSync(join(root, manifest), 'utf8'));
  for (const name of Object.keys(dependencies)) if (!name.startsWith('@reelsmith/')) external.add(name);
}

export const serverOutDir = join(root, 'apps/server/dist');

rmSync(serverOutDir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: join(root, 'apps/server/src/main.ts'),
    worker: join(root, 'apps/server/src/worker.ts'),
    'library-cli': join(root, 'apps/server/src/library-cli.ts'),
  },
  outdir: serverOutDir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Subpaths too (drizzle-orm/pglite, @aws-sdk/…): anything under an external package stays external.
  external: [...external].flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
console.log(`Server compiled to ${serverOutDir}`);
