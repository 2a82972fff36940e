import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const repoRoot = resolve(import.meta.dirname, '../../../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

export interface RunningServer {
  base: string;
  dataDir: string;
  operatorToken: string;
  child: ChildProcess;
  /** Everything the process printed so far: its start banner and every log line. */
  output(): string;
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * The compiled server (`npm start`'s `node apps/server/dist/main.js`, built by vitest's global set-up) on a free port
 * of its own, as a deployment runs it.
 */
export async function startCompiledServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-outside-in-'));
  const operatorToken = randomBytes(16).toString('hex');
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      OPERATOR_TOKEN: operatorToken,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      LIBRARY_WARMUP: 'false',
      AUTH_RATE_LIMIT_MAX: '1000',
      JOB_LOST_AFTER_SECONDS: '6',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!alive()) throw new Error(`the server exited before it answered:\n${output}`);
    const ready = await fetch(`${base}/ready`).then((r) => r.status, () => 0);
    if (ready === 200) break;
    if (Date.now() > deadline) throw new Error(`the server did not get ready:\n${output}`);
    await sleep(250);
  }
  return {
    base,
    dataDir,
    operatorToken,
    child,
    output: () => output,
    alive,
    async stop() {
      if (alive()) {
        child.kill('SIGTERM');
        await new Promise((done) => child.once('exit', done));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A person's browser over real HTTP: cookies kept, the page's Origin on every POST. */
export class Browser {
  private cookies = new Map<string, string>();
  userId = '';
  constructor(private readonly server: RunningServer) {}

  async call(method: 'GET' | 'POST', path: string, body?: { json: unknown } | { form: FormData | URLSearchParams }, headers: Record<string, string> = {}): Promise<Response> {
    const all: Record<string, string> = { ...headers };
    if (method === 'POST') all.origin = this.server.base;
    if (this.cookies.size) all.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let payload: string | FormData | URLSearchParams | undefined;
    if (body && 'json' in body) {
      all['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body) payload = body.form;
    const response = await fetch(`${this.server.base}${path}`, { method, headers: all, body: payload, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
    for (const cookie of response.headers.getSetCookie()) {
      const [name, ...rest] = cookie.split(';')[0]!.split('=');
      const value = rest.join('=');
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return response;
  }

  async json<T>(method: 'GET' | 'POST', path: string, body?: { json: unknown } | { form: FormData | URLSearchParams }): Promise<T> {
    const response = await this.call(method, path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  /** The links of the mails sent to `email`, read from the dev outbox with the operator token. */
  async mailLinks(email: string): Promise<string[]> {
    const outbox = await fetch(`${this.server.base}/api/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { 'x-operator-token': this.server.operatorToken } });
    return ((await outbox.json()) as Array<{ links: string[] }>).flatMap((mail) => mail.links);
  }

  async signUp(email: string, password = 'correct-horse-1'): Promise<void> {
    const signup = await this.json<{ user: { id: string } }>('POST', '/api/auth/sign-up/email', { json: { name: 'Probe', email, password, callbackURL: '/login?verified=1' } });
    this.userId = signup.user.id;
    const link = (await this.mailLinks(email)).find((candidate) => candidate.includes('/verify-email'))!;
    const confirm = await this.call('GET', link.slice(this.server.base.length));
    if (confirm.status !== 302) throw new Error(`confirming ${email} answered ${confirm.status}`);
    await this.json('POST', '/api/auth/sign-in/email', { json: { email, password } });
  }
}
