import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  accountDataMessages,
  accountExportLimit,
  accountExportPaths,
  authErrorCodes,
  genericMessages,
  originMessages,
  type FinalVideoStatus,
} from '@reelsmith/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import yauzl from 'yauzl';
import { z } from 'zod';
import { toStoredComposition } from '../src/core/project/project-document.ts';
import type { Database } from '../src/db/client.ts';
import { createRepositories } from '../src/db/repositories/index.ts';
import { account as accountTable, invoice as invoiceTable, user } from '../src/db/schema.ts';
import { createBoss } from '../src/jobs/boss.ts';
import { finalRenderPayload } from '../src/jobs/final-render-job.ts';
import { createJobQueue } from '../src/jobs/queue.ts';
import { defineJob, PermanentJobError } from '../src/jobs/types.ts';
import { renderInvoicePdf } from '../src/modules/billing/invoice-pdf.ts';
import { createLocalStorage } from '../src/providers/storage/local.ts';
import { signIn, signUpAndConfirm } from './accounts.ts';
import { startTestApp, testPublicUrl, type TestApp, type TestClient } from './app.ts';
import { liveAtGateway } from './billing-helpers.ts';
import { testDatabaseTargets } from './databases.ts';
import { fixtureDir, seedProject, spokenText } from './subtitles-fixtures.ts';

const targets = await testDatabaseTargets();

/** Every entry of a ZIP, by name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error ?? new Error('no archive'));
      const entries = new Map<string, Buffer>();
      archive.on('error', reject);
      archive.on('end', () => resolve(entries));
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}

const exported = z.object({
  format: z.literal('reelsmith-account-export'),
  profile: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  brands: z.array(z.object({ name: z.string() })),
  businessProfiles: z.array(z.object({ businessName: z.string() })),
  subscription: z.object({ planId: z.string(), status: z.string() }).nullable(),
  purchases: z.array(z.object({ providerRef: z.string() })),
  invoices: z.array(z.object({ number: z.string(), billedName: z.string(), billedEmail: z.string(), file: z.string() })),
  projects: z.array(z.object({ id: z.string(), composition: z.record(z.string(), z.unknown()) })),
  ideas: z.array(z.object({ title: z.string() })),
  uploads: z.array(z.object({ storageKey: z.string(), file: z.string() })),
  sessions: z.array(z.object({ userAgent: z.string().nullable() })),
  pageViews: z.array(z.object({ path: z.string() })),
  files: z.array(z.object({ key: z.string(), file: z.string(), size: z.number() })),
});

const ideaFields = (email: string) => ({
  user_email: email,
  business_name: 'Rosa Bakery',
  business_type: 'Bakery',
  goal: 'Generate Leads',
  tone: 'Relatable',
  offerings: 'cinnamon rolls, sourdough',
  target_audience: 'Working Professionals',
});

describe.each(targets)('account export and deletion on $name', (target) => {
  let t: TestApp;
  let dir: string;
  let cleanup: () => void;

  beforeAll(async () => {
    t = await startTestApp(target);
    await t.composed.queue.startWorkers(2);
    ({ dir, cleanup } = fixtureDir());
  });
  afterAll(async () => {
    await t.close();
    cleanup();
  });

  /** A signed-in customer with something in every part: a paid plan and its invoice, ideas, a project, an upload, page views. */
  async function customer(name: string, options: { pay?: boolean } = {}) {
    const email = `${name}-${target.name}@example.com`;
    const signed = await signUpAndConfirm(t.app, email, 'correct-horse-1', `${name} Customer`);
    const client = signed.client;
    expect((await client.post('/api/auth/sign-in/email', { email, password: signed.password })).statusCode).toBe(200);
    const userId = signed.userId;
    if (options.pay !== false) {
      const { subscription_id } = (await client.post('/api/create-subscription', { plan_id: 'growth', gst_invoice: 'Yes', email })).json();
      expect((await client.post(`/pay/subscriptions/${subscription_id}/pay`, {})).statusCode).toBe(303);
    }
    expect((await client.post('/api/save-business-profile', ideaFields(email))).statusCode).toBe(200);
    const ideas = await client.request('POST', '/api/generate-ideas', new URLSearchParams(ideaFields(email)).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(ideas.statusCode).toBe(200);
    const project = await seedProject(t, userId, dir);
    const uploadKey = `users/${userId}/uploads/${randomUUID()}.png`;
    const png = join(dir, `${randomUUID()}.png`);
    writeFileSync(png, Buffer.from('89504e470d0a1a0a', 'hex'));
    await t.composed.storage.putFile(uploadKey, png, 'image/png');
    await t.composed.repositories.uploads.add({ id: randomUUID(), userId, purpose: 'logo', storageKey: uploadKey, kind: 'image', contentType: 'image/png', size: 8, originalName: 'logo.png' });
    await client.post('/api/analytics/pageview', { path: '/dashboard' });
    return { client, userId, email, password: signed.password, name: `${name} Customer`, projectId: project.id };
  }

  const filesOf = async (userId: string) => (await t.composed.storage.list(`users/${userId}/`)).map((file) => file.key);
  const deleteAccount = (client: TestClient, password: string, headers?: Record<string, string>) => client.post('/api/account/delete', { password }, headers);

  async function exportOf(client: TestClient) {
    const response = await client.get('/api/account/export');
    return { response, entries: response.statusCode === 200 ? await unzip(response.rawPayload) : new Map<string, Buffer>() };
  }

  /** Rows anywhere in the public schema that name the user (by id or email), table by table. */
  async function rowsNaming(needle: string, skip: string[] = []) {
    const { rows } = await t.database.executeSql(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
    const found: Record<string, number> = {};
    for (const { table_name: table } of rows as Array<{ table_name: string }>) {
      if (skip.some((prefix) => table.startsWith(prefix))) continue;
      const { rows: counted } = await t.database.executeSql(`select count(*)::int as n from "${table}" t where t::text like $1`, [`%${needle}%`]);
      const n = (counted[0] as { n: number }).n;
      if (n > 0) found[table] = n;
    }
    return found;
  }

  it("exports profile, subscription, invoices, projects and ideas as JSON with the user's files, and nothing of another user's", async () => {
    const owner = await customer('export-owner');
    const other = await customer('export-other');

    const { response, entries } = await exportOf(owner.client);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="reelsmith-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(response.headers['cache-control']).toBe('no-store');

    const json = entries.get(accountExportPaths.data)!.toString('utf8');
    const data = exported.parse(JSON.parse(json));
    expect(data.profile).toMatchObject({ id: owner.userId, name: owner.name, email: owner.email });
    expect(data.businessProfiles.map((p) => p.businessName)).toEqual(['Rosa Bakery']);
    expect(data.brands.map((b) => b.name)).toEqual(['My brand']);
    expect(data.subscription).toMatchObject({ planId: 'growth', status: 'active' });
    expect(data.purchases).toHaveLength(1);
    expect(data.invoices).toHaveLength(1);
    expect(data.invoices[0]).toMatchObject({ billedName: owner.name, billedEmail: owner.email });
    expect(data.projects.map((p) => p.id)).toContain(owner.projectId);
    expect(data.projects.find((p) => p.id === owner.projectId)!.composition).toHaveProperty('voiceover');
    expect(data.ideas.length).toBeGreaterThan(0);
    expect(data.uploads).toHaveLength(1);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.pageViews.map((v) => v.path)).toContain('/dashboard');
    expect(entries.has(accountExportPaths.readme)).toBe(true);

    // Every stored file of the owner is in the ZIP, byte for byte, at the place the JSON names; nothing else is.
    const stored = await filesOf(owner.userId);
    expect(stored.length).toBeGreaterThanOrEqual(3);
    const fileEntries = [...entries.keys()].filter((name) => name.startsWith(accountExportPaths.files)).sort();
    expect(fileEntries).toEqual(stored.map((key) => `files/${key.slice(`users/${owner.userId}/`.length)}`).sort());
    expect(data.files.map((f) => f.file).sort()).toEqual(fileEntries);
    for (const file of data.files) {
      const bytes = entries.get(file.file)!;
      expect(bytes.length).toBe(file.size);
      const original = await t.composed.storage.read(file.key);
      const chunks: Buffer[] = [];
      for await (const chunk of original) chunks.push(Buffer.from(chunk as Buffer));
      expect(bytes.equals(Buffer.concat(chunks))).toBe(true);
    }
    expect(data.uploads[0]!.file).toBe(fileEntries.find((name) => name.endsWith('.png')));

    // The invoice is there as the PDF the Subscriptions page downloads.
    const pdf = entries.get(data.invoices[0]!.file)!;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // Nothing of the other user, and no secret: neither the password hash nor a session token.
    for (const needle of [other.userId, other.email, 'Other Customer']) expect(json).not.toContain(needle);
    expect([...entries.keys()].some((name) => name.includes(other.userId))).toBe(false);
    const [login] = await t.database.db.select().from(accountTable).where(eq(accountTable.userId, owner.userId));
    expect(login?.password).toBeTruthy();
    expect(json).not.toContain(login!.password!);
    const tokens = (await t.database.executeSql(`select token from session where user_id = $1`, [owner.userId])).rows as Array<{ token: string }>;
    for (const { token } of tokens) expect(json).not.toContain(token);

    // Without a session there is nothing to export.
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/account/export' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: genericMessages.signInRequired });
  }, 120_000);

  it(`lets a user download ${accountExportLimit.max} exports an hour, then says to wait; another user is not held up`, async () => {
    const busy = await customer('export-busy', { pay: false });
    const calm = await customer('export-calm', { pay: false });
    for (let i = 0; i < accountExportLimit.max; i += 1) expect((await exportOf(busy.client)).response.statusCode).toBe(200);
    const refused = await busy.client.get('/api/account/export');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: accountDataMessages.exportLimited(accountExportLimit.max) });
    expect((await exportOf(calm.client)).response.statusCode).toBe(200);
  }, 120_000);

  it('refuses a wrong password, a hostile origin and a missing session, and changes nothing', async () => {
    const person = await customer('keeps');
    const before = await t.composed.repositories.accountData.snapshot(person.userId);
    const filesBefore = await filesOf(person.userId);
    const liveBefore = await liveAtGateway(t, person.email);
    expect(liveBefore).toHaveLength(1);

    const wrong = await deleteAccount(person.client, 'not-my-password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: accountDataMessages.wrongPassword, field: 'password' });

    const hostile = await deleteAccount(person.client, person.password, { origin: 'https://evil.example' });
    expect(hostile.statusCode).toBe(403);
    expect(hostile.json()).toEqual({ error: originMessages.untrusted });
    const crossSite = await deleteAccount(person.client, person.password, { origin: testPublicUrl, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/account/delete', payload: { password: person.password }, headers: { origin: testPublicUrl } });
    expect(anonymous.statusCode).toBe(401);
    const empty = await person.client.post('/api/account/delete', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(accountDataMessages.passwordRequired);

    // Nothing changed: the same rows, files and live subscription, and the user still signs in.
    expect(await t.composed.repositories.accountData.snapshot(person.userId)).toEqual(before);
    expect(await filesOf(person.userId)).toEqual(filesBefore);
    expect(await liveAtGateway(t, person.email)).toEqual(liveBefore);
    expect((await person.client.get('/api/me')).json().user.id).toBe(person.userId);
    expect((await signIn(t.app, person.email, person.password)).response.statusCode).toBe(200);
  }, 120_000);

  it('stops password guessing through the delete call', async () => {
    const person = await customer('guessing', { pay: false });
    for (let i = 0; i < 5; i += 1) expect((await deleteAccount(person.client, `guess-${i}`)).statusCode).toBe(403);
    const limited = await deleteAccount(person.client, person.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: accountDataMessages.tooManyAttempts });
    expect((await person.client.get('/api/me')).json().user.id).toBe(person.userId);
  }, 120_000);

  it('deletes the account: the plan is cancelled at the gateway, sign-in fails, no row or file is left, invoices stay as printed', async () => {
    const person = await customer('leaves');
    const other = await customer('stays', { pay: false });
    // A second session on another device ends too.
    const otherDevice = (await signIn(t.app, person.email, person.password)).client;
    const invoiceIds = (await t.composed.repositories.billing.invoicesOf(person.userId)).map((i) => i.id);
    expect(invoiceIds).toHaveLength(1);
    expect(await liveAtGateway(t, person.email)).toHaveLength(1);
    expect((await filesOf(person.userId)).length).toBeGreaterThan(0);
    const otherFiles = await filesOf(other.userId);

    const deleted = await deleteAccount(person.client, person.password);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ status: 'deleted', message: accountDataMessages.deleted });
    // The browser's session cookie is cleared.
    expect(deleted.cookies.some((cookie) => cookie.name.endsWith('session_token') && cookie.value === '')).toBe(true);

    // No live subscription at the gateway; no session anywhere; signing in again finds no account.
    expect(await liveAtGateway(t, person.email)).toEqual([]);
    expect((await person.client.get('/api/me')).json()).toEqual({ user: null });
    expect((await otherDevice.get('/api/me')).json()).toEqual({ user: null });
    const again = await signIn(t.app, person.email, person.password);
    expect(again.response.statusCode).toBe(404);
    expect(again.response.json().code).toBe(authErrorCodes.userNotFound);

    // No row of the user in any table with a user id, nor anywhere that names their id or email, apart from the
    // kept invoices and the payment gateway's own books (the provider's records, as Razorpay keeps them).
    const { rows: userIdTables } = await t.database.executeSql(
      `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id'`,
    );
    expect(userIdTables.length).toBeGreaterThanOrEqual(12);
    for (const { table_name: table } of userIdTables as Array<{ table_name: string }>) {
      const { rows } = await t.database.executeSql(`select count(*)::int as n from "${table}" where user_id = $1`, [person.userId]);
      expect((rows[0] as { n: number }).n, table).toBe(0);
    }
    expect(await t.database.db.select().from(user).where(eq(user.id, person.userId))).toEqual([]);
    expect(await rowsNaming(person.userId, ['gateway_'])).toEqual({});
    expect(await rowsNaming(person.email, ['gateway_', 'invoice'])).toEqual({});
    for (const table of ['job', 'archive']) {
      const { rows } = await t.database.executeSql(`select count(*)::int as n from pgboss.${table} where data::text like $1`, [`%${person.userId}%`]);
      expect((rows[0] as { n: number }).n, `pgboss.${table}`).toBe(0);
    }

    // No file under the user's folder, on disk either.
    expect(await filesOf(person.userId)).toEqual([]);
    expect(existsSync(join(t.config.dataDir, 'files', 'users', person.userId))).toBe(false);

    // The invoice stays, detached from any login, billed to the name and email it was issued to, and prints so.
    const kept = await t.database.db.select().from(invoiceTable).where(sql`${invoiceTable.id} in ${invoiceIds}`);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ userId: null, billedName: person.name, billedEmail: person.email });
    const scratch = mkdtempSync(join(tmpdir(), 'kept-invoice-'));
    try {
      const file = join(scratch, 'invoice.pdf');
      writeFileSync(file, await renderInvoicePdf(kept[0]!, { name: kept[0]!.billedName, email: kept[0]!.billedEmail }, t.config.seller));
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain(person.name);
      expect(text).toContain(person.email);
      expect(text).toContain(kept[0]!.number);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }

    // The other user is untouched.
    expect(await filesOf(other.userId)).toEqual(otherFiles);
    expect((await other.client.get('/api/me')).json().user.id).toBe(other.userId);
  }, 120_000);

  it('deletes the account while its final render runs: the render stops, its file is removed and nothing is left', async () => {
    const person = await customer('rendering', { pay: false });
    // About 35 s of speech: a render that takes long enough to be caught in the middle.
    const { id: videoId } = await seedProject(t, person.userId, dir, { text: `${spokenText} ${spokenText} ${spokenText} ${spokenText}` });
    const started = await person.client.request(
      'POST',
      '/api/final-video',
      new URLSearchParams({ user_id: person.userId, video_id: videoId, subtitle_enabled: 'No', subtitle_position: 'bottom', subtitle_font_size: 'medium', words_per_chunk: '3', subtitle_srt: '', subtitle_style: 'Hormozi' }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(started.statusCode, started.body).toBe(200);
    const jobId = (started.json() as FinalVideoStatus).job_id!;
    for (;;) {
      const record = await t.composed.repositories.jobStatus.find(jobId);
      expect(['queued', 'processing']).toContain(record!.state);
      if (record!.state === 'processing' && record!.percent > 0) break;
      await sleep(100);
    }
    const interruptedBefore = await interruptedRenders();

    expect((await deleteAccount(person.client, person.password)).statusCode).toBe(200);

    // The render learns of the cancel at its next heartbeat and stops: it ends interrupted, never done.
    const deadline = Date.now() + 30_000;
    while ((await interruptedRenders()) === interruptedBefore) {
      expect(Date.now()).toBeLessThan(deadline);
      await sleep(200);
    }
    await sleep(1500);
    expect(await filesOf(person.userId)).toEqual([]);
    expect(existsSync(join(t.config.dataDir, 'files', 'users', person.userId))).toBe(false);
    expect(await t.composed.repositories.jobStatus.find(jobId)).toBeUndefined();
    expect(await rowsNaming(person.userId, ['gateway_'])).toEqual({});
    for (const table of ['job', 'archive']) {
      const { rows } = await t.database.executeSql(`select count(*)::int as n from pgboss.${table} where id = $1`, [jobId]);
      expect((rows[0] as { n: number }).n, `pgboss.${table}`).toBe(0);
    }
    // No scratch file of the render is left in the temporary folder either.
    expect(existsSync(t.config.tmpDir) ? readdirSync(t.config.tmpDir).filter((name) => name.includes(jobId)) : []).toEqual([]);
  }, 180_000);

  it('a final render that ends after its account was deleted cannot complete its project, and what it stored is removed', async () => {
    const person = await customer('late-render', { pay: false });
    const { id: projectId, document } = await seedProject(t, person.userId, dir, { text: 'Short one.' });
    const payload = finalRenderPayload.parse({ projectId, composition: toStoredComposition(document) });
    // The rows go while the render's inputs stay on disk: the render runs to its end and stores its files.
    await t.database.db.delete(user).where(eq(user.id, person.userId));
    const { final } = t.composed.jobs;
    const context = { jobId: randomUUID(), userId: person.userId, attempt: 1, signal: new AbortController().signal, progress: () => undefined };
    const result = await final.handler(payload, context);
    // What the queue does when the render ends: the commit refuses (no project), and the output is discarded.
    await expect(t.database.db.transaction((tx) => final.commit!(tx as unknown as Database, payload, result, context))).rejects.toThrow(PermanentJobError);
    await final.discard!(payload, result, context);
    expect((await filesOf(person.userId)).filter((key) => key.includes('/renders/'))).toEqual([]);
  }, 120_000);

  async function interruptedRenders(): Promise<number> {
    const text = await t.composed.metrics.text();
    const line = text.split('\n').find((l) => l.startsWith('reelsmith_job_run_seconds_count{') && l.includes('kind="render-final"') && l.includes('outcome="interrupted"'));
    return line ? Number(line.split(' ').pop()) : 0;
  }
});

describe.each(targets)('a job that ends after its account was deleted, on $name', (target) => {
  it("deletes the owner's folder again, so a file it stored late does not stay", async () => {
    const database = await target.open();
    const files = mkdtempSync(join(tmpdir(), 'owner-gone-'));
    const storage = createLocalStorage(files);
    const repositories = createRepositories(database.db);
    const userId = `gone-${randomUUID()}`;
    await database.db.insert(user).values({ id: userId, name: 'Gone', email: `${userId}@example.com`, emailVerified: true });
    const source = join(files, 'source.bin');
    writeFileSync(source, 'late bytes');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const late = defineJob({
      name: 'test-late-store',
      payload: z.object({}),
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      failureMessage: 'Late store failed.',
      async handler(_payload, context) {
        // An upload already under way when the account went: it is not stopped by the abort.
        await gate;
        const stored = await storage.putFile(`users/${context.userId}/renders/late.mp4`, source, 'video/mp4');
        return { key: stored.key };
      },
    });
    const swept: string[] = [];
    const queue = createJobQueue({
      boss: createBoss(database, () => undefined),
      statuses: repositories.jobStatus,
      definitions: [late],
      log: { info: () => undefined, error: () => undefined },
      heartbeatMs: 100,
      pollingIntervalSeconds: 0.5,
      // Noted once the folder is gone, so the test looks at the folder only after the sweep is done.
      onOwnerGone: async (owner) => {
        await storage.deletePrefix(`users/${owner}/`);
        swept.push(owner);
      },
    });
    try {
      await queue.startWorkers(1);
      const job = await queue.enqueue(late, {}, { userId });
      while ((await repositories.jobStatus.find(job.id))?.state !== 'processing') await sleep(50);
      await repositories.accountData.erase({ userId, email: `${userId}@example.com` });
      release();
      const deadline = Date.now() + 20_000;
      while (swept.length === 0) {
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(50);
      }
      expect(swept).toEqual([userId]);
      expect(await storage.list(`users/${userId}/`)).toEqual([]);
    } finally {
      await queue.stop();
      await database.close();
      rmSync(files, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('account export and deletion with the files on S3 (s3rver)', () => {
  let t: TestApp;
  let server: S3rver;
  let dir: string;
  let cleanup: () => void;

  beforeAll(async () => {
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 'rs-s3rver-')), configureBuckets: [{ name: 'reelsmith', configs: [] }] });
    const { port } = await server.run();
    const [pglite] = targets;
    t = await startTestApp(pglite!, {
      s3: { bucket: 'reelsmith', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    });
    ({ dir, cleanup } = fixtureDir());
  });
  afterAll(async () => {
    await t.close();
    await server.close();
    cleanup();
  });

  it("exports the user's objects and deletes every one of them, and this host's cached copies", async () => {
    const signed = await signUpAndConfirm(t.app, 's3-leaver@example.com');
    const { client, userId } = signed;
    await client.post('/api/auth/sign-in/email', { email: signed.email, password: signed.password });
    await seedProject(t, userId, dir);
    expect(t.composed.storage.kind).toBe('s3');
    const keys = (await t.composed.storage.list(`users/${userId}/`)).map((file) => file.key);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    // A render read them: the worker keeps local copies in its download cache.
    const cached = await Promise.all(keys.map((key) => t.composed.storage.localPath(key)));
    for (const path of cached) expect(existsSync(path)).toBe(true);

    const response = await client.get('/api/account/export');
    expect(response.statusCode).toBe(200);
    const entries = await unzip(response.rawPayload);
    for (const key of keys) expect(entries.has(`files/${key.slice(`users/${userId}/`.length)}`)).toBe(true);

    expect((await client.post('/api/account/delete', { password: signed.password })).statusCode).toBe(200);
    expect(await t.composed.storage.list(`users/${userId}/`)).toEqual([]);
    for (const key of keys) expect(await t.composed.storage.stat(key)).toBeNull();
    for (const path of cached) expect(existsSync(path)).toBe(false);
  }, 120_000);
});
