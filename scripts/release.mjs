#!/usr/bin/env node
// `npm run release [-- --out DIR] [--no-build] [--library | --library-from DATA_DIR] [--check]`: the runtime folder a
// host (or the Dockerfile) runs. It holds the compiled server, the built web app, the migrations, the OS package list
// and production node_modules only, laid out as the repository is, so the server finds its files the same way
// (apps/server/package.json marks the server's root). --library renders the built-in media library into it
// (media-library/, about a minute on two cores; needs the OS packages), which the server copies into its storage on
// the first start instead of rendering; --library-from takes one `npm run library` already made into DATA_DIR. --check starts the released server on the release's Node line (the Dockerfile's NODE_VERSION,
// fetched from the npm registry when this Node is another) and asks it whether it is ready.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { requiredCommands, requiredFiles, requiredFonts } from './lib/os-tools.mjs';
import { releaseNode, releaseNodeLine } from './lib/release-node.mjs';
import { root } from './lib/workspace.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const out = resolve(option('--out') ?? join(root, '.tmp/release'));

function run(command, commandArgs, cwd = root) {
  const result = spawnSync(command, commandArgs, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (${result.status})`);
}

/** The version npm installed for a workspace: its own node_modules first, then the hoisted one at the root. */
function installedVersion(name, workspace) {
  for (const dir of [workspace, root]) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).version;
  }
  throw new Error(`${name} is not installed: run npm install first`);
}

/** The third-party packages the compiled server leaves external, pinned to the versions the tests ran with. */
function runtimeDependencies() {
  const manifests = ['apps/server/package.json', 'packages/contracts/package.json', 'packages/media/package.json'];
  const dependencies = {};
  for (const manifest of manifests) {
    for (const name of Object.keys(JSON.parse(readFileSync(join(root, manifest), 'utf8')).dependencies ?? {})) {
      if (name.startsWith('@reelsmith/')) continue;
      dependencies[name] = installedVersion(name, join(root, manifest, '..'));
    }
  }
  return Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b)));
}

function layOut() {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'apps/server'), { recursive: true });
  cpSync(join(root, 'apps/server/dist'), join(out, 'apps/server/dist'), { recursive: true });
  cpSync(join(root, 'apps/server/drizzle'), join(out, 'apps/server/drizzle'), { recursive: true });
  cpSync(join(root, 'apps/web/dist'), join(out, 'apps/web/dist'), { recursive: true });
  writeFileSync(join(out, 'apps/server/package.json'), `${JSON.stringify({ name: '@reelsmith/server', private: true, type: 'module' }, null, 2)}\n`);
  const manifest = {
    name: 'reelsmith-runtime',
    private: true,
    type: 'module',
    scripts: { start: 'node --enable-source-maps apps/server/dist/main.js', worker: 'node --enable-source-maps apps/server/dist/worker.js' },
    engines: { node: `>=${releaseNodeLine()}` },
    dependencies: runtimeDependencies(),
  };
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // One list of OS packages (scripts/lib/os-tools.mjs): the Dockerfile installs exactly these.
  const packages = new Set([...requiredCommands, ...requiredFonts, ...requiredFiles].map((entry) => entry.pkg));
  writeFileSync(join(out, 'os-packages.txt'), `${[...packages].sort().join('\n')}\n`);
  run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], out);
}

/** The pre-rendered media library, as storage keys under media-library/ (see modules/library/library-seed.ts). */
function layOutLibrary() {
  let dataDir = option('--library-from');
  if (!dataDir) {
    if (!args.includes('--library')) return;
    dataDir = mkdtempSync(join(tmpdir(), 'reelsmith-library-'));
    const made = spawnSync('npm', ['run', '--silent', 'library'], { cwd: root, stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
    if (made.status !== 0) throw new Error('npm run library failed');
  }
  const from = join(resolve(dataDir), 'files/library');
  if (!existsSync(from)) throw new Error(`no media library in ${dataDir} (npm run library makes one)`);
  cpSync(from, join(out, 'media-library/library'), { recursive: true });
}

/** Starts the released server as a deployment: it must refuse without a payment choice, then become ready with one. */
async function check() {
  const node = releaseNode();
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const dataDir = mkdtempSync(join(tmpdir(), 'reelsmith-release-'));
  const seeded = existsSync(join(out, 'media-library'));
  const env = { ...process.env, DEPLOYMENT: '1', NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '18480', HOST: '127.0.0.1', LIBRARY_WARMUP: String(seeded), DATABASE_URL: '' };
  for (const key of Object.keys(env)) if (key.startsWith('RAZORPAY_') || key === 'PAYMENTS') delete env[key];
  const refused = spawnSync(node, ['apps/server/dist/main.js'], { cwd: out, env, encoding: 'utf8', timeout: 60_000 });
  if (refused.status === 0 || !/PAYMENTS/.test(refused.stderr)) throw new Error(`a deployment without Razorpay or PAYMENTS=test started:\n${refused.stderr}`);
  const server = spawn(node, ['apps/server/dist/main.js'], { cwd: out, env: { ...env, PAYMENTS: 'test' }, stdio: ['ignore', 'pipe', 'inherit'] });
  let log = '';
  server.stdout.on('data', (chunk) => (log += chunk));
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const ready = await fetch('http://127.0.0.1:18480/ready').then((r) => r.status, () => 0);
      if (ready === 200) break;
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the released server did not become ready (last answer ${ready})`);
      await new Promise((wait) => setTimeout(wait, 500));
    }
    const page = await fetch('http://127.0.0.1:18480/login');
    if (page.status !== 200 || !(await page.text()).includes('<div id="root">')) throw new Error('the released server does not serve the web app');
    if (seeded) await checkLibraryCopied(dataDir, () => log);
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`Release check on Node ${version}: refuses to start without a payment choice; ready and serving the app with PAYMENTS=test${seeded ? '; the pre-rendered media library copied, nothing rendered' : ''}.`);
}

/** The first start takes every file of media-library/ into its storage and renders no item. */
async function checkLibraryCopied(dataDir, log) {
  const files = (dir) => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0);
  const expected = files(join(out, 'media-library/library'));
  const deadline = Date.now() + 30_000;
  while (files(join(dataDir, 'files/library')) < expected) {
    if (Date.now() > deadline) throw new Error(`the released server copied ${files(join(dataDir, 'files/library'))} of the ${expected} library files in 30 s`);
    await new Promise((wait) => setTimeout(wait, 250));
  }
  if (/still being made/.test(log())) throw new Error(`the released server rendered library items although the release holds them:\n${log()}`);
}

if (!args.includes('--no-build') || !existsSync(join(root, 'apps/server/dist/main.js'))) run('npm', ['run', 'build']);
layOut();
layOutLibrary();
console.log(`Release laid out in ${out}`);
if (args.includes('--check')) await check();
