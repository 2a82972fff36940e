import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestLinkFor } from './accounts.ts';
import { composeApp } from '../src/compose.ts';
import { processLog } from '../src/process-log.ts';
import { operatorHeaders, startTestApp, testConfig, testOperatorToken, TestClient, type TestApp } from './app.ts';
import { loggedWhile } from './captured-log.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

const pathOf = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');

describe.each(targets)('secrets in URLs on $name (issue: reset tokens in the request log)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { logLevel: 'info' });
  });
  afterAll(() => t.close());

  it('keeps the reset, verification, signed file and operator secrets out of the log and out of /metrics', async () => {
    const secrets: Record<string, string> = {};
    const log = await loggedWhile(async () => {
      const anonymous = new TestClient(t.app);
      await anonymous.post('/api/auth/sign-up/email', { name: 'Logged', email: 'logged@example.com', password: 'correct-horse-1', callbackURL: '/login?verified=1' });
      const verifyLink = pathOf(await latestLinkFor(t.app, 'logged@example.com'));
      secrets.verify = new URL(verifyLink, 'http://x').searchParams.get('token')!;
      expect((await anonymous.get(verifyLink)).statusCode).toBe(302);

      await anonymous.post('/api/auth/request-password-reset', { email: 'logged@example.com', redirectTo: '/reset-password' });
      const resetLink = pathOf(await latestLinkFor(t.app, 'logged@example.com'));
      secrets.reset = /\/reset-password\/([^?]+)/.exec(resetLink)![1]!;
      const landing = await anonymous.get(resetLink);
      expect(landing.headers.location).toContain(secrets.reset);
      await anonymous.get(String(landing.headers.location));

      const scratch = join(t.config.dataDir, 'logo.png');
      writeFileSync(scratch, 'not really a png');
      await t.composed.storage.putFile('library/redaction/logo.png', scratch, 'image/png');
      const fileUrl = t.composed.signer.sign('library/redaction/logo.png');
      secrets.fileSignature = new URL(fileUrl, 'http://x').searchParams.get('sig')!;
      expect((await t.app.inject({ method: 'GET', url: fileUrl })).statusCode).toBe(200);

      secrets.operator = testOperatorToken;
      expect((await anonymous.get(`/dev/mailbox?token=${testOperatorToken}`)).statusCode).toBe(303);
    });

    const requests = log.split('\n').filter((line) => line.includes('"msg":"request"'));
    expect(requests.some((line) => line.includes('/api/auth/reset-password/[redacted]?callbackURL='))).toBe(true);
    expect(requests.some((line) => line.includes('/files/library/redaction/logo.png?exp='))).toBe(true);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: operatorHeaders });
    for (const [kind, secret] of Object.entries(secrets)) {
      expect(secret.length, kind).toBeGreaterThan(8);
      expect(log.includes(secret), `${kind} in the log`).toBe(false);
      expect(metrics.body.includes(secret), `${kind} in /metrics`).toBe(false);
    }
  });

  it('keeps a link out of an error report that carries it in its message and stack', async () => {
    const secret = 'reset-token-in-an-error-0123456789';
    const log = await loggedWhile(async () => {
      t.app.log.error({ err: new Error(`mail to http://localhost:8080/api/auth/reset-password/${secret}?callbackURL=%2Freset-password failed`) }, 'request failed');
    });
    expect(log).toContain('/api/auth/reset-password/[redacted]?callbackURL=');
    expect(log).not.toContain(secret);
  });
});

describe.each(targets)("better-auth's own log lines on $name", (target) => {
  it('go to the process log, with the secrets of the URLs they name cut', async () => {
    const database = await target.open();
    const config = testConfig({ logLevel: 'info' });
    const composed = await composeApp(config, database, processLog(config));
    await composed.app.ready();
    try {
      const secret = 'secret-in-a-callback-0123456789';
      const log = await loggedWhile(async () => {
        const response = await new TestClient(composed.app).post('/api/auth/sign-up/email', {
          name: 'Probe',
          email: 'callback-probe@example.com',
          password: 'correct-horse-1',
          callbackURL: `http://evil.example/reset-password/${secret}?token=${secret}`,
        });
        expect(response.statusCode).toBe(403);
      });
      const lines = log.split('\n').filter((line) => line.includes('better-auth: Invalid callbackURL'));
      expect(lines.length).toBeGreaterThan(0);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 50 });
      expect(log).not.toContain(secret);
    } finally {
      await composed.app.close();
      await composed.queue.stop();
      await database.close();
    }
  });
});
