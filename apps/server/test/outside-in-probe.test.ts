import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FinalVideoStatus } from '@reelsmith/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresOnlyTarget } from './databases.ts';
import { Browser, startCompiledServer, type RunningServer } from './outside-in/server.ts';

const target = await postgresOnlyTarget();

/**
 * The outside probe's cases, run the way the probe ran them: the compiled server as a deployment starts it, attacked
 * over HTTP, with its data folder and its log watched from outside. PostgreSQL, because two of the cases take the
 * database away from under the running process.
 */
describe.skipIf(!target)('the outside-in probe against the compiled server', () => {
  let server: RunningServer;
  let databaseUrl: string;
  let databaseName: string;
  let closeDatabase: () => Promise<void>;
  const scratch = mkdtempSync(join(tmpdir(), 'rs-outside-in-fixture-'));
  const clip = join(scratch, 'talk.mp4');
  const product = join(scratch, 'bottle.png');

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]+$/, '/postgres') });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const refuseConnections = async () => {
    await admin(`alter database ${databaseName} allow_connections false`);
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName}' and pid <> pg_backend_pid()`);
  };
  const allowConnections = () => admin(`alter database ${databaseName} allow_connections true`);

  beforeAll(async () => {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=25:duration=4', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip]);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=white:s=600x800,drawbox=x=220:y=160:w=160:h=480:c=0x1e6fd9:t=fill', '-frames:v', '1', product]);
    const database = await target!.open();
    databaseUrl = database.url!;
    databaseName = new URL(databaseUrl).pathname.slice(1);
    // The server migrates it itself, as on a first start; the test only needs the name.
    closeDatabase = () => database.close();
    server = await startCompiledServer({ DATABASE_URL: databaseUrl });
  }, 180_000);

  afterAll(async () => {
    await allowConnections().catch(() => undefined);
    await server?.stop();
    await closeDatabase?.();
    rmSync(scratch, { recursive: true, force: true });
  });

  async function account(name: string): Promise<Browser> {
    const browser = new Browser(server);
    await browser.signUp(`${name}@example.com`);
    return browser;
  }

  /** The Add B-Rolls path up to a project ready for its final video: the user's own talking video, no overlays. */
  async function renderableProject(browser: Browser): Promise<string> {
    const upload = new FormData();
    upload.append('file', new Blob([readFileSync(clip)], { type: 'video/mp4' }), 'talk.mp4');
    const { url } = await browser.json<{ url: string }>('POST', '/api/uploads/main-video', { form: upload });
    const { video_id: videoId } = await browser.json<{ video_id: string }>('POST', '/api/create-video-entry', { json: { user_id: browser.userId, video_type: 'add-brolls' } });
    await browser.json('POST', '/api/skip-broll', { json: { user_id: browser.userId, video_id: videoId, main_video_url: url } });
    return videoId;
  }

  const finalForm = (browser: Browser, videoId: string) =>
    new URLSearchParams({ user_id: browser.userId, video_id: videoId, subtitle_enabled: 'No', subtitle_position: 'bottom', subtitle_font_size: 'medium', words_per_chunk: '3', subtitle_srt: '', subtitle_style: 'Hormozi' });

  async function finished(browser: Browser, videoId: string): Promise<FinalVideoStatus> {
    for (let i = 0; i < 600; i += 1) {
      const status = await browser.json<FinalVideoStatus>('POST', '/api/check-final-video', { json: { user_id: browser.userId, video_id: videoId } }).catch(() => null);
      if (status && status.status !== 'processing') return status;
      await sleep(250);
    }
    throw new Error('the final video did not finish');
  }

  const finalFiles = (userId: string) => {
    const renders = join(server.dataDir, 'files', 'users', userId, 'renders');
    return existsSync(renders) ? readdirSync(renders).filter((name) => name.includes('-final')) : [];
  };
  const videosUsed = async (browser: Browser, email: string) => (await browser.json<{ videos_used: number }>('POST', '/api/subscription', { json: { email } })).videos_used;

  it('a cancel sent the moment the render file appears never leaves a free video', async () => {
    const email = 'late-cancel@example.com';
    const browser = await account('late-cancel');
    const videoId = await renderableProject(browser);
    const before = await videosUsed(browser, email);
    const started = await browser.json<FinalVideoStatus>('POST', '/api/final-video', { form: finalForm(browser, videoId) });
    // Watching the data folder as the probe did: the cancel goes out as soon as the MP4 is there.
    while (finalFiles(browser.userId).length === 0) await sleep(5);
    await browser.call('POST', `/api/jobs/${started.job_id}/cancel`);
    const outcome = await finished(browser, videoId);
    const listed = (await browser.json<{ videos: unknown[] }>('POST', '/api/videos', { json: { user_id: browser.userId } })).videos;
    const used = (await videosUsed(browser, email)) - before;
    for (let waited = 0; outcome.status !== 'done' && finalFiles(browser.userId).length > 0 && waited < 10_000; waited += 100) await sleep(100);
    // One decision: either the cancel won (nothing kept, nothing paid) or it came too late (a video, paid for).
    if (outcome.status === 'done') expect([listed.length, used, finalFiles(browser.userId).length]).toEqual([1, 1, 2]);
    else expect([listed.length, used, finalFiles(browser.userId)]).toEqual([0, 0, []]);
  }, 180_000);

  it('forty parallel starts keep what the ones that began stored and nothing of the others', async () => {
    const browser = await account('flood');
    const fields = { product: 'Glow Serum', gender: 'Male', ethnicity: 'Indian', ageGroup: 'Teen', clothing: 'Sportswear', productPlacement: 'Held by person', background: 'Kitchen' };
    const photo = readFileSync(product);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => {
        const form = new FormData();
        for (const [name, value] of Object.entries({ user_id: browser.userId, ...fields })) form.append(name, value);
        form.append('productImage', new Blob([photo], { type: 'image/png' }), 'bottle.png');
        return browser.call('POST', '/api/generate-ugc-image', { form });
      }),
    );
    // Requests that truly overlap begin one still; one that arrives after the first is under way may begin its own
    // (within the plan's bound). Either way each still that began has one project and one upload, and no other does.
    const began = answers.filter((answer) => answer.status === 200).length;
    expect(began).toBeGreaterThanOrEqual(1);
    expect(began).toBeLessThanOrEqual(5);
    expect(new Set(answers.filter((answer) => answer.status !== 200).map((answer) => answer.status))).toEqual(new Set([409]));
    expect(readdirSync(join(server.dataDir, 'files', 'users', browser.userId, 'uploads'))).toHaveLength(began);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as projects from project where user_id = $1', [browser.userId]);
    await client.end();
    expect(rows[0].projects).toBe(began);
  }, 120_000);

  it('a name longer than the bound is refused at sign-up and on update, and no mail carries it', async () => {
    const phishing = `URGENT: your bank account is locked ${'W '.repeat(50_000)}`;
    const browser = new Browser(server);
    const signup = await browser.call('POST', '/api/auth/sign-up/email', { json: { name: phishing, email: 'long-name@example.com', password: 'correct-horse-1', callbackURL: '/login?verified=1' } });
    expect(signup.status).toBe(400);
    expect(await browser.mailLinks('long-name@example.com')).toEqual([]);
    const member = await account('renamed');
    const update = await member.call('POST', '/api/auth/update-user', { json: { name: phishing } });
    expect(update.status).toBe(400);
    const me = await member.call('GET', '/api/me');
    expect((await me.text()).length).toBeLessThan(10_000);
  }, 60_000);

  it('no token of a mail link, a signed file or the operator reaches the log', async () => {
    const email = 'tokens@example.com';
    const browser = await account('tokens');
    await browser.json('POST', '/api/auth/request-password-reset', { json: { email, redirectTo: '/reset-password' } });
    const links = await browser.mailLinks(email);
    const reset = links.find((link) => link.includes('/reset-password/'))!;
    await browser.call('GET', reset.slice(server.base.length));
    const verify = links.find((link) => link.includes('/verify-email'))!;
    const upload = new FormData();
    upload.append('file', new Blob([readFileSync(clip)], { type: 'video/mp4' }), 'talk.mp4');
    const { url: signed } = await browser.json<{ url: string }>('POST', '/api/uploads/main-video', { form: upload });
    expect((await browser.call('GET', signed.startsWith('http') ? signed.slice(server.base.length) : signed)).status).toBe(200);
    expect((await fetch(`${server.base}/dev/mailbox?token=${server.operatorToken}`, { redirect: 'manual' })).status).toBe(303);
    await sleep(500);
    const log = server.output().split('\n').filter((line) => !line.includes('Dev mailbox'));
    const secrets = [
      ['reset token', reset.match(/reset-password\/([^/?]+)/)![1]!],
      ['verification token', new URL(verify).searchParams.get('token')!],
      ['file signature', new URL(signed, server.base).searchParams.get('sig') ?? new URL(signed, server.base).search.slice(1)],
      ['operator token', server.operatorToken],
    ];
    for (const [kind, secret] of secrets) expect(log.filter((line) => line.includes(secret!)), `${kind} in the log`).toEqual([]);
  }, 60_000);

  it('with the database refusing connections, /ready says no and tells a stranger nothing of it', async () => {
    await refuseConnections();
    try {
      const anonymous = await fetch(`${server.base}/ready`);
      expect(anonymous.status).toBe(503);
      const body = await anonymous.text();
      expect(body).not.toContain(databaseName);
      expect(body).not.toMatch(/accepting connections|postgres/i);
    } finally {
      await allowConnections();
    }
  }, 60_000);

  it('the process lives through the database refusing connections while a render runs, and serves again after', async () => {
    const browser = await account('db-cut');
    const videoId = await renderableProject(browser);
    await browser.json<FinalVideoStatus>('POST', '/api/final-video', { form: finalForm(browser, videoId) });
    // Long enough for the render to end meanwhile: its job's outcome is written while the database says no.
    await refuseConnections();
    await sleep(12_000);
    await allowConnections();
    expect(server.alive()).toBe(true);
    const outcome = await finished(browser, videoId);
    expect(['done', 'error']).toContain(outcome.status);
    expect((await fetch(`${server.base}/ready`)).status).toBe(200);
    expect(server.alive()).toBe(true);
  }, 180_000);
});
