import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const operatorToken = 'log-probe-operator-token';

/** The real start script (`npm start`'s server), so the test reads exactly what an operator's log would hold. */
async function startServer(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'reelsmith-log-')),
      OPERATOR_TOKEN: operatorToken,
      LIBRARY_WARMUP: 'false',
      RUN_WORKERS: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (listening && log.includes('Reelsmith is running')) {
        clearInterval(timer);
        resolve(listening[1]!);
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${log}`));
    });
  });
  return { base, log: () => log, stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))) };
}

it('prints the mailbox link once at start and never logs the token or a mail link afterwards', { timeout: 60_000 }, async () => {
  const server = await startServer();
  try {
    const startLog = server.log();
    expect(startLog).toContain(`/dev/mailbox?token=${operatorToken}`);

    const link = await fetch(`${server.base}/dev/mailbox?token=${operatorToken}`, { redirect: 'manual' });
    expect(link.status).toBe(303);
    const signUp = await fetch(`${server.base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.base },
      body: JSON.stringify({ name: 'Log Probe', email: 'log-probe@example.com', password: 'correct-horse-1', callbackURL: '/login?verified=1' }),
    });
    expect(signUp.status).toBe(200);
    const outbox = await fetch(`${server.base}/api/dev/outbox?to=log-probe%40example.com`, { headers: { 'x-operator-token': operatorToken } });
    const [mail] = (await outbox.json()) as Array<{ links: string[] }>;
    const mailToken = new URL(mail!.links[0]!).searchParams.get('token')!;

    const log = server.log();
    expect(log.split(operatorToken)).toHaveLength(2);
    expect(log).toContain('"url":"/dev/mailbox?token=[redacted]"');
    expect(log).not.toContain(mailToken);
  } finally {
    await server.stop();
  }
});

it('prints no operator token at all when the server starts as a deployment', { timeout: 60_000 }, async () => {
  const server = await startServer({ DEPLOYMENT: '1', PAYMENTS: 'test' });
  try {
    const mailbox = await fetch(`${server.base}/dev/mailbox`, { headers: { 'x-operator-token': operatorToken } });
    expect(mailbox.status).toBe(200);
    const log = server.log();
    expect(log).toContain('/dev/mailbox');
    expect(log).not.toContain(operatorToken);
  } finally {
    await server.stop();
  }
});
