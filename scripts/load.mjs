#!/usr/bin/env node
// `npm run load`: the dashboard's calls (/api/subscription, /api/videos) for one signed-in user against the compiled
// server on loopback, on PGlite and (when reachable) on PostgreSQL: 200 requests/s paced evenly (the target), the same
// 200 as autocannon sends them (all of a second's requests at its start, for the record), and flat out.
// Prints p50/p99 per run (LOAD_SECONDS each, default 15; the paced run three times). Local server only, nothing left behind.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { pacedLoad } from './lib/paced-load.mjs';
import { createScratchPostgresDatabase } from './lib/postgres.mjs';
import { serverCommand } from './lib/server-entry.mjs';
import { ensureServerBuild, root } from './lib/workspace.mjs';

const seconds = Math.max(3, Number(process.env.LOAD_SECONDS ?? 15) || 15);
const targetRate = 200;
const pacedRuns = 3;
const operatorToken = randomBytes(16).toString('hex');

async function startServer(databaseUrl, port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelsmith-load-'));
  const child = spawn(process.execPath, serverCommand(), {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      OPERATOR_TOKEN: operatorToken,
      LIBRARY_WARMUP: 'false',
      RUN_WORKERS: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${base}/ready`).then((r) => r.ok, () => false)) break;
    await sleep(50);
  }
  return {
    base,
    /** CPU seconds the server has used so far (user + system), from /proc: steadier than latency on a busy machine. */
    cpuSeconds() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up, follows the confirmation link from the dev outbox and signs in, as a person would; returns the dashboard's calls. */
async function signedIn(base) {
  const email = `load-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'correct-horse-1';
  const json = { 'content-type': 'application/json', origin: base };
  const signup = await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Load', email, password }) });
  if (!signup.ok) throw new Error(`sign-up answered ${signup.status}`);
  const outbox = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { 'x-operator-token': operatorToken } });
  const link = (await outbox.json())[0]?.links[0];
  if (!link) throw new Error('no confirmation mail in the outbox');
  await fetch(link.replace(/^https?:\/\/[^/]+/, base), { redirect: 'manual' });
  const signin = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  if (!signin.ok) throw new Error(`sign-in answered ${signin.status}`);
  const cookie = signin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const userId = (await signin.json()).user.id;
  // What the dashboard posts on every visit.
  const requests = [
    { method: 'POST', path: '/api/subscription', body: JSON.stringify({ email }) },
    { method: 'POST', path: '/api/videos', body: JSON.stringify({ user_id: userId }) },
  ];
  const headers = { cookie, 'content-type': 'application/json', origin: base };
  for (const request of requests) {
    const answer = await fetch(`${base}${request.path}`, { ...request, headers });
    if (!answer.ok) throw new Error(`${request.path} answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
  }
  return { headers, requests };
}

async function paced(server, session, duration = seconds) {
  const cpuBefore = server.cpuSeconds();
  const result = await pacedLoad({ base: server.base, headers: session.headers, requests: session.requests, rate: targetRate, seconds: duration });
  return { ...result, cpuMs: ((server.cpuSeconds() - cpuBefore) * 1000) / result.total };
}

async function run(server, session, rate, duration = seconds) {
  const cpuBefore = server.cpuSeconds();
  const result = await autocannon({
    url: server.base,
    connections: 20,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    headers: session.headers,
    requests: session.requests,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  const cpuMs = ((server.cpuSeconds() - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, failed, cpuMs };
}

const line = (label, r) =>
  `${label.padEnd(40)} ${String(Math.round(r.rps)).padStart(5)} req/s   p50 ${String(r.p50).padStart(4)} ms   p90 ${String(r.p90).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   max ${String(r.max).padStart(4)} ms   server CPU ${r.cpuMs.toFixed(2)} ms/req${r.failed ? `   ${r.failed} FAILED` : ''}`;

ensureServerBuild();
const postgres = await createScratchPostgresDatabase();
const databases = [['PGlite', '']];
if (postgres) databases.push(['PostgreSQL', postgres.url]);
else console.log('PostgreSQL is not reachable: PGlite only.');

let port = 18_600;
let missed = false;
try {
  for (const [name, url] of databases) {
    const server = await startServer(url, port++);
    try {
      const session = await signedIn(server.base);
      // Warm-up at the target rate: the JIT's optimised code, the pools and the caches, as in a process that has been up a while.
      await paced(server, session, 5);
      // A p99 of one run rests on its slowest 1% (30 requests in 15 s), which one pause of the shared machine can
      // decide: the paced run is repeated and judged on its median p99, every run printed.
      const steady = [];
      for (let i = 1; i <= pacedRuns; i++) {
        steady.push(await paced(server, session));
        console.log(line(`${name}, ${targetRate} req/s paced (${i} of ${pacedRuns})`, steady.at(-1)));
      }
      const bursts = await run(server, session, targetRate);
      const flat = await run(server, session, 0);
      console.log(line(`${name}, ${targetRate} a second in bursts`, bursts));
      console.log(line(`${name}, flat out`, flat));
      const medianP99 = steady.map((r) => r.p99).sort((a, b) => a - b)[Math.floor(pacedRuns / 2)];
      console.log(`${name}: median p99 at ${targetRate} req/s paced: ${medianP99} ms`);
      if (medianP99 >= 50 || steady.some((r) => r.failed) || bursts.failed || flat.failed) missed = true;
    } finally {
      await server.stop();
    }
  }
} finally {
  await postgres?.drop();
}
console.log(`target: median p99 under 50 ms at ${targetRate} req/s paced, no failures: ${missed ? 'MISSED' : 'met'}`);
if (missed) process.exitCode = 1;
