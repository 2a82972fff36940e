import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config.ts';
import { user, videoGeneration } from '../src/db/schema.ts';
import type { JobContext } from '../src/jobs/types.ts';
import { startFakeFal } from '../src/providers/video-generation/fake-fal.fixture.ts';
import { startFakeReplicate } from '../src/providers/video-generation/fake-replicate.fixture.ts';
import { postWebhook, type FakeReply, type RecordedRequest } from '../src/providers/video-generation/fake-vendor.fixture.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

/**
 * The vendors' webhooks against a generation a job is polling: whether the webhook comes before the job's first
 * poll, while a poll is in flight or after the poll found the end, the job goes on once, with one outcome kept; a
 * forged, unknown or replayed delivery changes nothing.
 */
const scratch = mkdtempSync(join(tmpdir(), 'rs-vendor-webhooks-'));
const userId = 'user-vendor-webhooks';

interface Vendor {
  settings(webhookUrl: string): AppConfig['videoGeneration'];
  nextOutcome(outcome: 'completes', polls: number): void;
  /** A status answer that says the generation is still running. */
  running: FakeReply;
  isStatus(request: RecordedRequest): boolean;
  isDownload(request: RecordedRequest): boolean;
  deliverWebhook(id: string, options?: { signature?: 'good' | 'bad' }): Promise<{ status: number; headers: Record<string, string>; rawBody: Buffer }>;
  interruptNext(route: 'status', reply: FakeReply): void;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const vendors: Record<'fal' | 'replicate', () => Promise<Vendor>> = {
  fal: async () => {
    const fake = await startFakeFal();
    const model = 'fal-ai/kling-video/v2.1/standard/image-to-video';
    return {
      ...fake,
      settings: (webhookUrl) => ({
        fal: { apiKey: fake.apiKey, model, baseUrl: fake.baseUrl, storageUrl: fake.baseUrl, webhookJwksUrl: fake.jwksUrl, timeoutMs: 3000, lengths: [5, 10], webhookUrl },
      }),
      running: { status: 200, body: { status: 'IN_PROGRESS', logs: [] } },
      isStatus: (r) => r.path.endsWith('/status'),
      isDownload: (r) => r.method === 'GET' && r.path.startsWith('/files/'),
    };
  },
  replicate: async () => {
    const fake = await startFakeReplicate();
    return {
      ...fake,
      settings: (webhookUrl) => ({
        replicate: { apiToken: fake.apiToken, model: 'kwaivgi/kling-v2.1', baseUrl: `${fake.baseUrl}/v1`, webhookSecret: fake.webhookSecret, timeoutMs: 3000, lengths: [5, 10], webhookUrl },
      }),
      running: { status: 200, body: { id: 'in-flight', status: 'processing', output: null, error: null } },
      isStatus: (r) => r.method === 'GET' && /^\/v1\/predictions\/\w+$/.test(r.path),
      isDownload: (r) => r.method === 'GET' && r.path.startsWith('/files/'),
    };
  },
};

/** The vendor's way in: a loopback server handing each delivery to the app, as its public address would. */
async function startRelay(app: () => TestApp['app']) {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void app()
        .inject({ method: 'POST', url: req.url!, headers: req.headers, payload: Buffer.concat(chunks) })
        .then((answer) => res.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(answer.body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.each(await testDatabaseTargets())('vendor webhooks on $name', (target) => {
  describe.each(['fal', 'replicate'] as const)('from %s', (name) => {
    let vendor: Vendor;
    let relay: Awaited<ReturnType<typeof startRelay>>;
    let t: TestApp;
    let still: string;
    const hook = `/api/webhooks/${name}`;

    beforeAll(async () => {
      vendor = await vendors[name]();
      relay = await startRelay(() => t.app);
      const tuning = { pacing: { pollMs: 60_000, maxPollMs: 60_000, backoffMs: 20, watchMs: 20 }, results: { allowPrivateHosts: true } };
      t = await startTestApp(target, { videoGeneration: vendor.settings(`${relay.base}${hook}`), videoGenerationTuning: tuning });
      await t.database.db.insert(user).values({ id: userId, name: 'Hooks', email: `hooks-${randomUUID()}@example.com`, emailVerified: true }).onConflictDoNothing();
      const path = join(scratch, `${name}-still.png`);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=teal:s=360x640', '-frames:v', '1', path]);
      still = `users/${userId}/uploads/${name}-still.png`;
      await t.composed.storage.putFile(still, path, 'image/png');
    });
    afterAll(async () => {
      await t?.close();
      await relay?.close();
      await vendor?.close();
    });

    const context = (jobId: string): JobContext => ({ jobId, userId, attempt: 1, signal: new AbortController().signal, progress: () => undefined });
    // One second of the clip is enough to show the job went on: fitting and joining it stay quick.
    const payload = (output: string) => ({ scenes: [{ imageKey: still, prompt: 'the bottle turns', seconds: 1 }], outputKey: `users/${userId}/renders/${name}-${output}.mp4` });
    const run = (jobId: string, output: string) => {
      const job = t.composed.jobs.videoGeneration;
      return job.handler(job.payload.parse(payload(output)), context(jobId));
    };
    const rows = (jobId: string) => t.database.db.select().from(videoGeneration).where(eq(videoGeneration.jobId, jobId));
    async function recordedId(jobId: string): Promise<string> {
      for (let i = 0; i < 500; i++) {
        const [row] = await rows(jobId);
        if (row) return row.vendorId;
        await sleep(10);
      }
      throw new Error('the job never recorded a generation');
    }
    const since = (before: number, which: (r: RecordedRequest) => boolean) => vendor.requests.slice(before).filter(which).length;

    it('before the first poll: a run taken over finds the end in the row and polls nothing', async () => {
      vendor.nextOutcome('completes', 1000);
      const jobId = randomUUID();
      const { vendorId } = await t.composed.videoGenerator.submit({ image: { path: await t.composed.storage.localPath(still) }, prompt: 'p', seconds: 5 });
      await t.composed.repositories.videoGenerations.record({ jobId, scene: 0, segment: 0 }, { userId, generator: name, vendorId });
      expect((await vendor.deliverWebhook(vendorId)).status).toBe(200);
      const before = vendor.requests.length;
      expect(await run(jobId, 'before')).toEqual({ key: payload('before').outputKey });
      expect(since(before, vendor.isStatus)).toBe(0);
      expect(since(before, vendor.isDownload)).toBe(1);
    }, 60_000);

    it('during a poll: the poll still answers running, the job goes on with the webhook at once', async () => {
      vendor.nextOutcome('completes', 1000);
      const jobId = randomUUID();
      const before = vendor.requests.length;
      // The job's first poll is answered late, and running: the webhook comes while it is in flight.
      vendor.interruptNext('status', { ...vendor.running, delayMs: 400 });
      const job = run(jobId, 'during');
      const vendorId = await recordedId(jobId);
      for (let i = 0; i < 200 && since(before, vendor.isStatus) === 0; i++) await sleep(5);
      expect((await vendor.deliverWebhook(vendorId)).status).toBe(200);
      const started = Date.now();
      expect(await job).toEqual({ key: payload('during').outputKey });
      // Polls are a minute apart here: only the webhook can have ended the wait.
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(since(before, vendor.isStatus)).toBe(1);
      expect(since(before, vendor.isDownload)).toBe(1);
      expect((await rows(jobId))[0]!.outcome).toMatchObject({ state: 'completed' });
    }, 60_000);

    it('after the poll found the end: the late webhook is taken and changes nothing', async () => {
      vendor.nextOutcome('completes', 0);
      const jobId = randomUUID();
      const before = vendor.requests.length;
      expect(await run(jobId, 'after')).toEqual({ key: payload('after').outputKey });
      const [settled] = await rows(jobId);
      expect(settled!.outcome).toMatchObject({ state: 'completed' });
      expect((await vendor.deliverWebhook(settled!.vendorId)).status).toBe(200);
      const [after] = await rows(jobId);
      expect(after!.settledAt).toEqual(settled!.settledAt);
      expect(after!.outcome).toEqual(settled!.outcome);
      expect(since(before, vendor.isDownload)).toBe(1);
    }, 60_000);

    it('refuses a forged or replayed delivery with 401 and an unknown generation with 404, changing nothing', async () => {
      vendor.nextOutcome('completes', 1000);
      const jobId = randomUUID();
      const image = { path: await t.composed.storage.localPath(still) };
      const { vendorId } = await t.composed.videoGenerator.submit({ image, prompt: 'p', seconds: 5 });
      await t.composed.repositories.videoGenerations.record({ jobId, scene: 0, segment: 0 }, { userId, generator: name, vendorId });

      expect((await vendor.deliverWebhook(vendorId, { signature: 'bad' })).status).toBe(401);
      expect((await rows(jobId))[0]!.outcome).toBeNull();

      const stranger = (await t.composed.videoGenerator.submit({ image, prompt: 'p', seconds: 5 })).vendorId;
      expect((await vendor.deliverWebhook(stranger)).status).toBe(404);
      expect(await t.composed.repositories.videoGenerations.outcome(name, stranger)).toBeNull();

      const good = await vendor.deliverWebhook(vendorId);
      expect(good.status).toBe(200);
      const [kept] = await rows(jobId);
      expect((await postWebhook(`${relay.base}${hook}`, good.headers, good.rawBody)).status).toBe(401);
      expect((await rows(jobId))[0]).toEqual(kept);

      const other = name === 'fal' ? 'replicate' : 'fal';
      expect((await postWebhook(`${relay.base}/api/webhooks/${other}`, good.headers, good.rawBody)).status).toBe(404);
    }, 60_000);
  });
});
