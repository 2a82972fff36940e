import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './workspace.mjs';

/** The Node line the release runs on: the Dockerfile's NODE_VERSION, so the image and the release check name one line. */
export function releaseNodeLine() {
  const line = /^ARG NODE_VERSION=(\d+)$/m.exec(readFileSync(join(root, 'Dockerfile'), 'utf8'))?.[1];
  if (!line) throw new Error('the Dockerfile names no NODE_VERSION (ARG NODE_VERSION=<major>)');
  return Number(line);
}

/**
 * A `node` of the release line: this process's when it is one, else `node@<line>` from the npm registry (the `node`
 * package ships the official binaries, so no other download site is needed), installed once into .tmp/node-<line>
 * and reused: a clean clone downloads it once per run, about 50 MB.
 */
export function releaseNode() {
  const line = releaseNodeLine();
  if (Number(process.versions.node.split('.')[0]) === line) return process.execPath;
  const dir = join(root, '.tmp', `node-${line}`);
  const binary = join(dir, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(binary)) {
    console.log(`Fetching Node ${line} from the npm registry for the release check…`);
    const args = ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `node@${line}`];
    const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0 || !existsSync(binary)) throw new Error(`npm could not install node@${line}`);
  }
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!version.startsWith(`v${line}.`)) throw new Error(`${binary} is ${version || 'not runnable'}, not Node ${line}`);
  return binary;
}
