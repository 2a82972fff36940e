import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { postWebhook, sampleClip, startFakeVendorServer, type FakeOutcome, type FakeReply, type RecordedRequest } from './fake-vendor.fixture.ts';

/**
 * Test support: a stand-in for fal.ai's queue (queue.fal.run), following the official client (fal-ai/fal-js
 * libs/client/src/queue.ts, request.ts, types/common.ts) and fal's webhook documentation; see SOURCES.md.
 * - POST /{endpoint id}[?fal_webhook=url] queues a request: {request_id, response_url, status_url, cancel_url, status: IN_QUEUE}.
 * - GET /{owner}/{alias}/requests/{id}/status: IN_QUEUE (with queue_position), IN_PROGRESS, COMPLETED (with logs).
 * - GET /{owner}/{alias}/requests/{id}: the model's output (the product's: {video: {url, …}} unless told otherwise) or its error
 *   ({detail: [...]}) with its status code.
 * - PUT /{owner}/{alias}/requests/{id}/cancel: 202 CANCELLATION_REQUESTED, 400 ALREADY_COMPLETED, 404 NOT_FOUND.
 * - GET /.well-known/jwks.json: the Ed25519 key its webhooks are signed with.
 * Every call needs `Authorization: Key <apiKey>`.
 */
export type FalRoute = 'submit' | 'status' | 'result' | 'cancel' | 'jwks';

interface FalRequest {
  id: string;
  app: string;
  outcome: FakeOutcome;
  statusCalls: number;
  pollsBeforeDone: number;
  webhookUrl?: string;
  cancelled: boolean;
}

/** What a completed request hands back: the model's output around the URL of its file, and the file itself. */
export interface FalProduct {
  extension: string;
  contentType: string;
  bytes: Buffer;
  output(url: string, bytes: Buffer): unknown;
}

/** An image-to-video model's answer, as the Kling endpoints give it. */
function videoProduct(): FalProduct {
  return {
    extension: 'mp4',
    contentType: 'video/mp4',
    bytes: sampleClip(),
    output: (url, bytes) => ({ video: { url, content_type: 'video/mp4', file_name: 'output.mp4', file_size: bytes.length }, seed: 42 }),
  };
}

const apiKey = 'fal-test-key:secret';
const userId = 'fal-user-1234';

export async function startFakeFal(product: FalProduct = videoProduct()) {
  const queue = new Map<string, FalRequest>();
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  let outcome: FakeOutcome = 'completes';
  let pollsBeforeDone = 2;

  const done = (r: FalRequest) => r.statusCalls > r.pollsBeforeDone;
  const urls = (base: string, r: FalRequest) => ({
    request_id: r.id,
    response_url: `${base}/${r.app}/requests/${r.id}`,
    status_url: `${base}/${r.app}/requests/${r.id}/status`,
    cancel_url: `${base}/${r.app}/requests/${r.id}/cancel`,
  });

  /** What GET …/requests/{id} answers once the request is done, and what its webhook carries. */
  const output = (base: string, r: FalRequest): FakeReply => {
    if (r.outcome === 'refused') {
      const flagged = { loc: ['body', 'image_url'], msg: 'The content was flagged by a content checker.', type: 'content_policy_violation', url: 'https://docs.fal.ai/errors#content_policy_violation', categories: ['sexual'] };
      return { status: 422, body: { detail: [flagged] } };
    }
    if (r.outcome === 'fails') return { status: 500, body: { detail: 'Generation failed: the model crashed.' } };
    return { status: 200, body: product.output(`${base}${filePath(r)}`, product.bytes) };
  };
  const filePath = (r: FalRequest) => `/files/${r.id}.${product.extension}`;
  /** Publishes the request's file, as fal's CDN does once the model has finished. */
  const publish = (r: FalRequest, reply: FakeReply) => {
    if (r.outcome !== 'resultMissing' && reply.status === 200) fake.serveFile(filePath(r), product.bytes, product.contentType);
  };

  /** The request the path names, if it was queued under the same app (owner/alias) it is asked about under. */
  const find = (path: string) => {
    const match = /^\/(.+)\/requests\/([^/]+)(?:\/(?:status|cancel))?$/.exec(path);
    const r = match ? queue.get(match[2]!) : undefined;
    return r && r.app === match![1] ? r : undefined;
  };

  const fake = await startFakeVendorServer<FalRoute>({
    route(method, path) {
      if (method === 'GET' && path === '/.well-known/jwks.json') return 'jwks';
      if (method === 'PUT' && /\/requests\/[^/]+\/cancel$/.test(path)) return 'cancel';
      if (method === 'GET' && /\/requests\/[^/]+\/status$/.test(path)) return 'status';
      if (method === 'GET' && /\/requests\/[^/]+$/.test(path)) return 'result';
      if (method === 'POST' && path.split('/').length >= 3) return 'submit';
      return null;
    },
    answer(route, request: RecordedRequest, base) {
      if (route === 'jwks') return { status: 200, body: { keys: [{ ...jwk, kid: 'fake-key-1' }] } };
      if (request.headers.authorization !== `Key ${apiKey}`) return { status: 401, body: { detail: 'Unauthorized' } };
      if (route === 'submit') {
        const parts = request.path.split('/').filter(Boolean);
        const namespaced = parts[0] === 'workflows' || parts[0] === 'comfy';
        const r: FalRequest = { id: randomUUID(), app: parts.slice(0, namespaced ? 3 : 2).join('/'), outcome, statusCalls: 0, pollsBeforeDone, webhookUrl: request.query.fal_webhook, cancelled: false };
        queue.set(r.id, r);
        return { status: 200, body: { ...urls(base, r), gateway_request_id: r.id, status: 'IN_QUEUE', queue_position: 0 } };
      }
      const r = find(request.path);
      if (!r) return { status: 404, body: { detail: 'Request not found' } };
      if (route === 'cancel') {
        if (done(r)) return { status: 400, body: { status: 'ALREADY_COMPLETED' } };
        r.cancelled = true;
        return { status: 202, body: { status: 'CANCELLATION_REQUESTED' } };
      }
      if (route === 'status') {
        r.statusCalls += 1;
        if (r.statusCalls === 1 && r.pollsBeforeDone > 0) return { status: 200, body: { ...urls(base, r), status: 'IN_QUEUE', queue_position: 0 } };
        if (!done(r)) return { status: 200, body: { ...urls(base, r), status: 'IN_PROGRESS', logs: [] } };
        const failed = r.outcome === 'fails' || r.outcome === 'refused';
        return { status: 200, body: { ...urls(base, r), status: 'COMPLETED', logs: [], metrics: { inference_time: 12.5 }, ...(failed ? { error: 'Invalid status code: 422' } : {}) } };
      }
      if (!done(r)) return { status: 400, body: { detail: 'Request is still in progress' } };
      const reply = output(base, r);
      publish(r, reply);
      return reply;
    },
  });

  return {
    ...fake,
    apiKey,
    jwksUrl: `${fake.baseUrl}/.well-known/jwks.json`,
    /** How requests queued from now on end, and after how many status calls. */
    nextOutcome(next: FakeOutcome, polls = 2) {
      outcome = next;
      pollsBeforeDone = polls;
    },
    /** Finishes the request and POSTs its webhook, signed as fal signs it (or with a wrong signature, or an old timestamp). */
    async deliverWebhook(requestId: string, options: { signature?: 'good' | 'bad'; ageSeconds?: number } = {}) {
      const r = queue.get(requestId)!;
      r.statusCalls = r.pollsBeforeDone + 1;
      const reply = output(fake.baseUrl, r);
      publish(r, reply);
      const ok = reply.status === 200;
      const body = { request_id: r.id, gateway_request_id: r.id, status: ok ? 'OK' : 'ERROR', payload: reply.body, ...(ok ? {} : { error: `Invalid status code: ${reply.status}` }) };
      const rawBody = Buffer.from(JSON.stringify(body));
      const timestamp = String(Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0));
      const digest = createHash('sha256').update(rawBody).digest('hex');
      const signed = sign(null, Buffer.from([r.id, userId, timestamp, digest].join('\n')), privateKey).toString('hex');
      const signature = options.signature === 'bad' ? signed.replace(/^./, (c) => (c === '0' ? '1' : '0')) : signed;
      const headers = { 'x-fal-webhook-request-id': r.id, 'x-fal-webhook-user-id': userId, 'x-fal-webhook-timestamp': timestamp, 'x-fal-webhook-signature': signature };
      return postWebhook(r.webhookUrl!, headers, rawBody);
    },
    wasCancelled: (requestId: string) => queue.get(requestId)?.cancelled ?? false,
  };
}

export type FakeFal = Awaited<ReturnType<typeof startFakeFal>>;
