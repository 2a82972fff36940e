import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import {
  decodeDataUri,
  fetchInputImage,
  postWebhook,
  sampleClip,
  startFakeVendorServer,
  type FakeOutcome,
  type FakeReply,
  type RecordedRequest,
} from './fake-vendor.fixture.ts';

/**
 * Test support: a stand-in for fal.ai's queue (queue.fal.run), following the official client (fal-ai/fal-js
 * libs/client/src/queue.ts, request.ts, types/common.ts) and fal's webhook documentation; see SOURCES.md.
 * - POST /{endpoint id}[?fal_webhook=url] queues a request: {request_id, response_url, status_url, cancel_url, status: IN_QUEUE}.
 * - GET /{owner}/{alias}/requests/{id}/status: IN_QUEUE (with queue_position), IN_PROGRESS, COMPLETED (with logs).
 * - GET /{owner}/{alias}/requests/{id}: the model's output (the product's: {video: {url, …}} unless told otherwise) or its error
 *   ({detail: [...]}) with its status code.
 * - PUT /{owner}/{alias}/requests/{id}/cancel: 202 CANCELLATION_REQUESTED, 400 ALREADY_COMPLETED, 404 NOT_FOUND.
 * - GET /.well-known/jwks.json: the Ed25519 key its webhooks are signed with.
 * - POST /storage/upload/initiate {content_type, file_name} (rest.fal.ai): {file_url, upload_url}; PUT upload_url with
 *   the bytes (no key: the URL is signed) publishes them at file_url (libs/client/src/storage.ts).
 * Every other call needs `Authorization: Key <apiKey>`.
 *
 * For the models it knows, a submit is checked as the model's schema would check it, before it is queued: a field
 * the schema lacks is a 422 (`extra_forbidden`), and each file input is fetched the way the runner fetches it, a
 * data URI being refused (`file_download_error`) since these models read URLs only (fal: "some models also accept
 * data URIs"; none of these is documented to).
 */
export type FalRoute = 'submit' | 'status' | 'result' | 'cancel' | 'jwks' | 'initiateUpload' | 'upload';

/** The input fields of the models the stand-in knows (fal-ai/fal-js libs/client/src/types/endpoints.ts), and which take files. */
const knownModels: Record<string, { fields: string[]; files: string[] }> = {
  'fal-ai/kling-video/v2.1/standard/image-to-video': { fields: ['prompt', 'image_url', 'duration', 'negative_prompt', 'cfg_scale'], files: ['image_url'] },
  'fal-ai/nano-banana/edit': {
    fields: ['prompt', 'image_urls', 'aspect_ratio', 'num_images', 'output_format', 'safety_tolerance', 'seed', 'sync_mode', 'limit_generations'],
    files: ['image_urls'],
  },
};

const invalid = (field: string, msg: string, type: string): FakeReply => ({ status: 422, body: { detail: [{ loc: ['body', field], msg, type }] } });

/** A 422 for the first input the model would refuse, or null when it takes them all. */
async function checkInput(model: string, input: Record<string, unknown>): Promise<FakeReply | null> {
  const schema = knownModels[model];
  if (!schema) return null;
  const extra = Object.keys(input).find((field) => !schema.fields.includes(field));
  if (extra) return invalid(extra, 'Extra inputs are not permitted', 'extra_forbidden');
  for (const field of schema.files) {
    for (const value of [input[field]].flat()) {
      if (typeof value !== 'string') return invalid(field, 'Field required', 'missing');
      if (decodeDataUri(value)) return invalid(field, 'Failed to download the file: this model takes a URL, not a data URI.', 'file_download_error');
      const problem = await fetchInputImage(value);
      if (problem) return invalid(field, `Failed to download the file: ${problem}`, 'file_download_error');
    }
  }
  return null;
}

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

  const uploads = new Map<string, { fileUrl: string; contentType: string }>();
  const fake = await startFakeVendorServer<FalRoute>({
    route(method, path) {
      if (method === 'GET' && path === '/.well-known/jwks.json') return 'jwks';
      if (method === 'POST' && path === '/storage/upload/initiate') return 'initiateUpload';
      if (method === 'PUT' && path.startsWith('/storage/uploads/')) return 'upload';
      if (method === 'PUT' && /\/requests\/[^/]+\/cancel$/.test(path)) return 'cancel';
      if (method === 'GET' && /\/requests\/[^/]+\/status$/.test(path)) return 'status';
      if (method === 'GET' && /\/requests\/[^/]+$/.test(path)) return 'result';
      if (method === 'POST' && path.split('/').length >= 3) return 'submit';
      return null;
    },
    async answer(route, request: RecordedRequest, base) {
      if (route === 'jwks') return { status: 200, body: { keys: [{ ...jwk, kid: 'fake-key-1' }] } };
      if (route === 'upload') {
        const upload = uploads.get(request.path.split('/').at(-1)!);
        if (!upload || request.query.signature !== 'fake-signed') return { status: 403, body: { detail: 'Forbidden' } };
        fake.serveFile(new URL(upload.fileUrl).pathname, request.rawBody, upload.contentType);
        return { status: 200, body: {} };
      }
      if (request.headers.authorization !== `Key ${apiKey}`) return { status: 401, body: { detail: 'Unauthorized' } };
      if (route === 'initiateUpload') {
        const { content_type: contentType, file_name: fileName } = (request.body ?? {}) as { content_type?: string; file_name?: string };
        if (!contentType || !fileName) return invalid('content_type', 'Field required', 'missing');
        const id = randomUUID();
        const fileUrl = `${base}/cdn/${id}/${encodeURIComponent(fileName)}`;
        uploads.set(id, { fileUrl, contentType });
        return { status: 200, body: { file_url: fileUrl, upload_url: `${base}/storage/uploads/${id}?signature=fake-signed` } };
      }
      if (route === 'submit') {
        const refused = await checkInput(request.path.slice(1), (request.body ?? {}) as Record<string, unknown>);
        if (refused) return refused;
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
