import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

function hashFiles(paths) {
  const hash = createHash('sha256');
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (name !== 'node_modules' && name !== 'dist') walk(join(path, name));
    } else {
      hash.update(relative(root, path));
      hash.update(readFileSync(path));
    }
  };
  paths.forEach((p) => walk(join(root, p)));
  return hash.digest('hex');
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

const manifests = ['package.json', 'package-lock.json', 'apps/web/package.json', 'apps/server/package.json', 'packages/contracts/package.json', 'packages/media/package.json', 'e2e/package.json'];

/**
 * Installs when node_modules is missing or was installed from other manifests. `npm install` rather than `npm ci`:
 * the registry here does not carry every platform's optional binaries, which `npm ci` counts as a lock mismatch.
 */
export function ensureDependencies() {
  const stamp = join(root, 'node_modules/.reelsmith-deps');
  const wanted = hashFiles(manifests);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  console.log('Installing dependencies (npm install)…');
  run('npm', ['install', '--no-audit', '--no-fund']);
  writeFileSync(stamp, wanted);
}

/** Builds the web app when its sources changed since the last build. */
export function ensureWebBuild() {
  const stamp = join(root, 'apps/web/dist/.reelsmith-build');
  const wanted = hashFiles(['apps/web', 'packages/contracts/src']);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  console.log('Building the web app…');
  run('npm', ['run', 'build', '-w', 'apps/web']);
  writeFileSync(stamp, wanted);
}

/** Compiles the server (scripts/build-server.mjs) when its sources or the packages it bundles changed. */
export function ensureServerBuild() {
  const stamp = join(root, 'apps/server/dist/.reelsmith-build');
  const wanted = hashFiles(['apps/server/src', 'apps/server/package.json', 'packages/contracts/src', 'packages/media/src', 'scripts/build-server.mjs']);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  console.log('Compiling the server…');
  run(process.execPath, [join(root, 'scripts/build-server.mjs')]);
  writeFileSync(stamp, wanted);
}
