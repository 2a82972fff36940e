import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadResult } from './download.ts';
import { createMediaPort } from '../media/index.ts';
import { createFalVideoGenerator } from './fal.ts';
import { createLocalVideoGenerator } from './local.ts';
import { startFakeFal } from './fake-fal.fixture.ts';
import { startFakeReplicate } from './fake-replicate.fixture.ts';
import type { FakeOutcome, FakeReply, RecordedRequest } from './fake-vendor.fixture.ts';
import { createReplicateVideoGenerator } from './replicate.ts';
import { ResultDownloadError, VideoGenerationError, WebhookRefused, type GenerationStatus, type VideoGenerator, type WebhookDelivery } from './types.ts';

const scratch = mkdtempSync(join(tmpdir(), 'rs-video-generation-'));
const still = join(scratch, 'still.png');
execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=teal:s=90x160', '-frames:v', '1', still]);
// Long enough for a busy two-core machine to answer in time; the slow-answer test waits past it on purpose.
const timeoutMs = 3000;

/** What the contract needs from a vendor stand-in, whichever protocol it speaks. */
interface StandIn {
  generator: VideoGenerator;
  requests: RecordedRequest[];
  nextOutcome(outcome: FakeOutcome, polls?: number): void;
  interruptNext(route: 'submit' | 'status' | 'cancel', reply: FakeReply): void;
  deliverWebhook(id: string, options?: { signature?: 'good' | 'bad'; ageSeconds?: number }): Promise<{ status: number; headers: Record<string, string>; rawBody: Buffer }>;
  wasCancelled(id: string): boolean;
  /** Checks the vendor-specific shape of the submit request this stand-in received. */
  checkSubmit(request: RecordedRequest, webhookUrl: string): void;
  close(): Promise<void>;
}

const vendors: Record<string, (webhookUrl: string) => Promise<StandIn>> = {
  fal: async (webhookUrl) => {
    const fake = await startFakeFal();
    const model = 'fal-ai/kling-video/v2.1/standard/image-to-video';
    const generator = createFalVideoGenerator({ apiKey: fake.apiKey, model, baseUrl: fake.baseUrl, storageUrl: fake.baseUrl, webhookJwksUrl: fake.jwksUrl, timeoutMs, lengths: [5, 10], webhookUrl });
    return {
      ...fake,
      generator,
      checkSubmit(request, webhookUrl) {
        expect(request).toMatchObject({ method: 'POST', path: `/${model}`, query: { fal_webhook: webhookUrl } });
        expect(request.headers).toMatchObject({ authorization: `Key ${fake.apiKey}`, 'content-type': 'application/json' });
        // Kling's schema on fal has no aspect_ratio; the still went to fal's storage and is passed by its URL.
        expect(request.body).toEqual({ prompt: 'waves roll in', duration: '5', image_url: expect.stringMatching(new RegExp(`^${fake.baseUrl}/cdn/.+\\.png$`)) });
      },
    };
  },
  replicate: async (webhookUrl) => {
    const fake = await startFakeReplicate();
    const generator = createReplicateVideoGenerator({
      apiToken: fake.apiToken,
      model: 'kwaivgi/kling-v2.1',
      baseUrl: `${fake.baseUrl}/v1`,
      webhookSecret: fake.webhookSecret,
      timeoutMs,
      lengths: [5, 10],
      webhookUrl,
    });
    return {
      ...fake,
      generator,
      checkSubmit(request, webhookUrl) {
        expect(request).toMatchObject({ method: 'POST', path: '/v1/models/kwaivgi/kling-v2.1/predictions' });
        expect(request.headers).toMatchObject({ authorization: `Bearer ${fake.apiToken}`, 'content-type': 'application/json' });
        // kling-v2.1's schema has no aspect_ratio; the still went through the files API and is named by its URL.
        expect(request.body).toMatchObject({ webhook: webhookUrl, webhook_events_filter: ['completed'] });
        expect((request.body as { input: unknown }).input).toEqual({ prompt: 'waves roll in', duration: 5, start_image: expect.stringMatching(new RegExp(`^${fake.baseUrl}/v1/files/\\w+$`)) });
      },
    };
  },
};

/** Our end of the webhooks: records each delivery as received. */
async function startReceiver() {
  const deliveries: WebhookDelivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, rawBody: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/video`, deliveries, close: () => new Promise((r) => server.close(r)) };
}

async function errorOf(promise: Promise<unknown>): Promise<VideoGenerationError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(VideoGenerationError);
  return error as VideoGenerationError;
}

describe.each(Object.keys(vendors))('video generation contract: %s', (name) => {
  let vendor: StandIn;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const submit = (seconds = 5) => vendor.generator.submit({ image: { path: still }, prompt: 'waves roll in', seconds });
  async function settle(vendorId: string): Promise<{ seen: string[]; final: GenerationStatus }> {
    const seen: string[] = [];
    for (let i = 0; i < 10; i++) {
      const status = await vendor.generator.status(vendorId);
      seen.push(status.state);
      if (status.state !== 'queued' && status.state !== 'running') return { seen, final: status };
    }
    throw new Error(`still not settled after 10 polls: ${seen.join(', ')}`);
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    vendor = await vendors[name]!(receiver.url);
  });
  afterAll(async () => {
    await vendor.close();
    await receiver.close();
  });

  it('submits the still and prompt in the vendor shape, polls to completion and downloads a playable clip', async () => {
    vendor.nextOutcome('completes', 2);
    const before = vendor.requests.length;
    const { vendorId } = await submit();
    vendor.checkSubmit(vendor.requests.slice(before).find((r) => r.method === 'POST' && !/upload|files/.test(r.path))!, receiver.url);
    const { seen, final } = await settle(vendorId);
    expect(seen).toEqual(['queued', 'running', 'completed']);
    const destination = join(scratch, `${name}-clip.mp4`);
    const clip = await downloadResult(final.resultUrl!, { destination, maxBytes: 10_000_000, timeoutMs: 5000, allowPrivateHosts: true, probe });
    expect(clip.container).toBe('mp4');
    expect(await probe(destination)).toMatchObject({ hasVideo: true, width: 720, height: 1280 });
  });

  it('refuses a length the model does not offer without calling the vendor', async () => {
    const before = vendor.requests.length;
    expect((await errorOf(submit(7))).kind).toBe('permanent');
    expect(vendor.requests.length).toBe(before);
  });

  it('reports a failed generation as failed, with the vendor words', async () => {
    vendor.nextOutcome('fails', 1);
    const { final } = await settle((await submit()).vendorId);
    expect(final.state).toBe('failed');
    expect(final.error).toBeTruthy();
  });

  it('reports a content-policy refusal as refused, apart from failures', async () => {
    vendor.nextOutcome('refused', 1);
    const { final } = await settle((await submit()).vendorId);
    expect(final).toMatchObject({ state: 'refused', error: expect.stringMatching(/flagged/) });
  });

  it('passes a 429 on as rate-limited, with the Retry-After seconds', async () => {
    vendor.nextOutcome('completes', 2);
    const { vendorId } = await submit();
    vendor.interruptNext('status', { status: 429, headers: { 'retry-after': '7' }, body: { detail: 'Too many requests' } });
    expect(await errorOf(vendor.generator.status(vendorId))).toMatchObject({ kind: 'rateLimited', retryAfterSeconds: 7 });
    vendor.interruptNext('submit', { status: 429, body: { detail: 'Too many requests' } });
    const limited = await errorOf(submit());
    expect(limited.kind).toBe('rateLimited');
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('calls a 5xx transient, and a request with no answer transient with an unknown outcome', async () => {
    const { vendorId } = await submit();
    vendor.interruptNext('status', { status: 503, body: { detail: 'upstream unavailable' } });
    expect(await errorOf(vendor.generator.status(vendorId))).toMatchObject({ kind: 'transient', outcomeUnknown: false });
    vendor.interruptNext('status', { status: 200, body: {}, delayMs: timeoutMs + 700 });
    expect(await errorOf(vendor.generator.status(vendorId))).toMatchObject({ kind: 'transient', outcomeUnknown: true });
    vendor.interruptNext('submit', { status: 200, body: {}, delayMs: timeoutMs + 700 });
    expect(await errorOf(submit())).toMatchObject({ kind: 'transient', outcomeUnknown: true });
  });

  it('calls a rejected key permanent', async () => {
    vendor.interruptNext('submit', { status: 401, body: { detail: 'Unauthorized' } });
    expect((await errorOf(submit())).kind).toBe('permanent');
  });

  it('fails the download of a result that is gone, leaving no file', async () => {
    vendor.nextOutcome('resultMissing', 0);
    const { final } = await settle((await submit()).vendorId);
    expect(final.state).toBe('completed');
    const destination = join(scratch, `${name}-missing.mp4`);
    const error = await errorOf(downloadResult(final.resultUrl!, { destination, maxBytes: 10_000_000, timeoutMs: 5000, allowPrivateHosts: true }));
    expect(error).toBeInstanceOf(ResultDownloadError);
    expect(error).toMatchObject({ kind: 'permanent', httpStatus: 404 });
    expect(existsSync(destination)).toBe(false);
  });

  it("sends the vendor's cancel call, and a cancel after the end still resolves", async () => {
    vendor.nextOutcome('completes', 3);
    const { vendorId } = await submit();
    const before = vendor.requests.length;
    await vendor.generator.cancel(vendorId);
    expect(vendor.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([expect.stringMatching(new RegExp(`^(PUT|POST) .*/${vendorId}/cancel$`))]);
    expect(vendor.wasCancelled(vendorId)).toBe(true);
    vendor.nextOutcome('completes', 0);
    const finished = (await submit()).vendorId;
    await settle(finished);
    await expect(vendor.generator.cancel(finished)).resolves.toBeUndefined();
    expect(vendor.wasCancelled(finished)).toBe(false);
  });

  it('takes a correctly signed webhook as the status, and refuses a forged, stale or replayed one', async () => {
    vendor.nextOutcome('completes', 5);
    const { vendorId } = await submit();
    const good = await vendor.deliverWebhook(vendorId);
    expect(good.status).toBe(204);
    const received = receiver.deliveries.at(-1)!;
    expect(received.rawBody.equals(good.rawBody)).toBe(true);
    const read = await vendor.generator.readWebhook!(received);
    expect(read).toMatchObject({ vendorId, status: { state: 'completed', resultUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/) } });
    const refused = (delivery: WebhookDelivery, why: RegExp) =>
      expect(vendor.generator.readWebhook!(delivery)).rejects.toSatisfy((e) => e instanceof WebhookRefused && why.test(e.message));
    await refused(received, /delivered before/);

    await vendor.deliverWebhook(vendorId, { signature: 'bad' });
    await refused(receiver.deliveries.at(-1)!, /signature/);
    await vendor.deliverWebhook(vendorId, { ageSeconds: 600 });
    await refused(receiver.deliveries.at(-1)!, /too old/);
    // The same JSON with one space more: the signature covers the bytes, not the meaning.
    const tampered = { ...received, rawBody: Buffer.from(received.rawBody.toString('utf8').replace('"status":', '"status": ')) };
    await refused(tampered, /signature/);
  });

  it('reads a refusal announced by webhook as refused', async () => {
    vendor.nextOutcome('refused', 5);
    const { vendorId } = await submit();
    await vendor.deliverWebhook(vendorId);
    expect((await vendor.generator.readWebhook!(receiver.deliveries.at(-1)!)).status.state).toBe('refused');
  });
});

/**
 * The offline generator against the same promises where they apply: a playable portrait clip at the end of submit →
 * status, a length it does not offer refused, a cancel after the end resolving, an id it never made read as failed.
 * Vendor protocol (rate limits, timeouts, webhooks) has no local counterpart.
 */
describe('video generation contract: local', () => {
  const generator = createLocalVideoGenerator({ media: createMediaPort(), dir: join(scratch, 'local') });
  const submit = (seconds: number) => generator.submit({ image: { path: still }, prompt: 'slow zoom in on the waves', seconds });

  it('renders the still into a 1080x1920 clip of the asked length that status reports completed, and frees it on release', async () => {
    const { vendorId } = await submit(2);
    const status = await generator.status(vendorId);
    expect(status).toMatchObject({ state: 'completed', resultPath: expect.stringMatching(/\.mp4$/) });
    expect(status.resultUrl).toBeUndefined();
    const info = await probe(status.resultPath!);
    expect(info).toMatchObject({ hasVideo: true, width: 1080, height: 1920, videoCodec: 'h264' });
    expect(info.duration).toBeCloseTo(2, 1);
    await expect(generator.cancel(vendorId)).resolves.toBeUndefined();
    await generator.release!(vendorId);
    expect(existsSync(status.resultPath!)).toBe(false);
    expect((await generator.status(vendorId)).state).toBe('failed');
  }, 180_000);

  it('refuses a length it does not offer, and a still given as a URL', async () => {
    expect(generator.lengths).toContain(5);
    expect((await errorOf(submit(2.5))).kind).toBe('permanent');
    expect((await errorOf(generator.submit({ image: { url: 'https://example.com/a.png' }, prompt: 'x', seconds: 2 }))).kind).toBe('permanent');
    expect((await errorOf(generator.status('../../etc/passwd'))).kind).toBe('permanent');
  });

  it('stops a render when its signal aborts, leaving no clip', async () => {
    const controller = new AbortController();
    const pending = generator.submit({ image: { path: still }, prompt: 'pan left', seconds: 20 }, controller.signal);
    setTimeout(() => controller.abort(new Error('cancelled')), 300);
    await expect(pending).rejects.toThrow('cancelled');
    const left = readdirSync(join(scratch, 'local')).filter((name) => name.includes('.part'));
    expect(left).toEqual([]);
  }, 30_000);
});
