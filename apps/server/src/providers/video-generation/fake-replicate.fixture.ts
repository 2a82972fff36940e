import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { decodeDataUri, fetchInputImage, postWebhook, sampleClip, startFakeVendorServer, type FakeOutcome, type FakeReply, type RecordedRequest } from './fake-vendor.fixture.ts';

/**
 * Test support: a stand-in for Replicate's HTTP API (api.replicate.com/v1), following the official client
 * (replicate/replicate-javascript lib/predictions.js, index.js, index.d.ts, lib/util.js); see SOURCES.md.
 * - POST /v1/predictions {version, input, webhook?, webhook_events_filter?} or POST /v1/models/{owner}/{name}/predictions
 *   {input, …} creates a prediction (201).
 * - GET /v1/predictions/{id}: status starting → processing → succeeded (output: the file URL) or failed (error).
 * - POST /v1/predictions/{id}/cancel: the prediction, canceled unless it had already finished.
 * - POST /v1/files (multipart `content` and `metadata`, lib/files.js): 201 with the file object (index.d.ts
 *   FileObject); its `urls.get` is what a prediction's input names it by.
 * Errors are problem+json ({title, detail, status}); every call needs `Authorization: Bearer <token>`.
 *
 * Inputs are checked at create as the API and the model would: a data URI over 1 MB is refused (Replicate takes
 * them only under 1 MB), a URL is fetched (its own files by id), and for the models it knows a field the model's
 * schema lacks is a 422 (`additional_property_not_allowed`, as cog answers).
 */
export type ReplicateRoute = 'submit' | 'status' | 'cancel' | 'upload';

/** The input fields of the models the stand-in knows (their schemas on replicate.com; see SOURCES.md). */
const knownModels: Record<string, string[]> = {
  'kwaivgi/kling-v2.1': ['prompt', 'start_image', 'mode', 'duration', 'negative_prompt', 'end_image'],
};
const dataUriMaxBytes = 1_000_000;

interface Prediction {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  webhook?: string;
  outcome: FakeOutcome;
  statusCalls: number;
  pollsBeforeDone: number;
  canceled: boolean;
  createdAt: string;
}

const apiToken = 'r8_fake_token_0123456789';
/** E005 is Replicate's code for flagged content. */
const flaggedError = 'The input or output was flagged as sensitive. Please try again with different inputs. (E005)';

const problem = (status: number, title: string, detail: string, extra: object = {}): FakeReply => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: { title, detail, status, ...extra },
});
const invalidInput = (description: string, field = 'input', type = 'invalid') =>
  problem(422, 'Input validation failed', `- ${field}: ${description}\n`, { invalid_fields: [{ type, field, description }] });

export async function startFakeReplicate() {
  const predictions = new Map<string, Prediction>();
  const webhookSecret = `whsec_${randomBytes(24).toString('base64')}`;
  let outcome: FakeOutcome = 'completes';
  let pollsBeforeDone = 2;

  const done = (p: Prediction) => p.statusCalls > p.pollsBeforeDone;

  const view = (base: string, p: Prediction) => {
    const finished = done(p) && !p.canceled;
    const status = p.canceled ? 'canceled' : !done(p) ? (p.statusCalls <= 1 ? 'starting' : 'processing') : p.outcome === 'fails' || p.outcome === 'refused' ? 'failed' : 'succeeded';
    if (status === 'succeeded' && p.outcome !== 'resultMissing') fake.serveFile(`/files/${p.id}/output.mp4`, sampleClip());
    return {
      id: p.id,
      model: p.model,
      version: p.version,
      input: p.input,
      logs: '',
      output: status === 'succeeded' ? `${base}/files/${p.id}/output.mp4` : null,
      data_removed: false,
      error: status !== 'failed' ? null : p.outcome === 'refused' ? flaggedError : 'CUDA out of memory while generating frames.',
      status,
      created_at: p.createdAt,
      ...(finished ? { started_at: p.createdAt, completed_at: new Date().toISOString(), metrics: { predict_time: 40.1, total_time: 41.2 } } : {}),
      source: 'api',
      urls: { cancel: `${base}/v1/predictions/${p.id}/cancel`, get: `${base}/v1/predictions/${p.id}`, web: `https://replicate.com/p/${p.id}` },
      ...(p.webhook ? { webhook: p.webhook, webhook_events_filter: ['completed'] } : {}),
    };
  };

  const files = new Map<string, Buffer>();

  /** A 422 for the first input the model would not take, or null when it takes them all. */
  async function checkInput(model: string | undefined, input: Record<string, unknown>, base: string): Promise<FakeReply | null> {
    const fields = model ? knownModels[model] : undefined;
    const extra = fields && Object.keys(input).find((field) => !fields.includes(field));
    if (extra) return invalidInput(`Additional property ${extra} is not allowed`, 'input', 'additional_property_not_allowed');
    for (const [field, value] of Object.entries(input)) {
      if (typeof value !== 'string') continue;
      const inline = decodeDataUri(value);
      if (inline && inline.bytes.length > dataUriMaxBytes) {
        return invalidInput(`data URI of ${inline.bytes.length} bytes is over the 1 MB limit; upload the file (POST /v1/files) or pass a URL`, `input.${field}`);
      }
      if (!/^https?:\/\//.test(value)) continue;
      const own = value.startsWith(`${base}/v1/files/`) ? value.slice(`${base}/v1/files/`.length) : undefined;
      const problemText = own !== undefined ? (files.has(own) ? null : `file ${own} does not exist`) : await fetchInputImage(value);
      if (problemText) return invalidInput(problemText, `input.${field}`);
    }
    return null;
  }

  async function storeFile(request: RecordedRequest, base: string): Promise<FakeReply> {
    const form = await new Response(new Uint8Array(request.rawBody), { headers: { 'content-type': String(request.headers['content-type']) } }).formData().catch(() => null);
    const content = form?.get('content');
    if (!(content instanceof Blob)) return problem(400, 'Bad request', 'content is required: a multipart form with the file as `content`');
    const bytes = Buffer.from(await content.arrayBuffer());
    const id = randomBytes(12).toString('hex');
    files.set(id, bytes);
    const created = new Date();
    return {
      status: 201,
      body: {
        id,
        content_type: content.type || 'application/octet-stream',
        size: bytes.length,
        checksums: { sha256: createHash('sha256').update(bytes).digest('hex') },
        metadata: JSON.parse((await (form!.get('metadata') as Blob | null)?.text()) || '{}') as unknown,
        created_at: created.toISOString(),
        expires_at: new Date(created.getTime() + 24 * 60 * 60 * 1000).toISOString(),
        urls: { get: `${base}/v1/files/${id}` },
      },
    };
  }

  const fake = await startFakeVendorServer<ReplicateRoute>({
    route(method, path) {
      if (method === 'POST' && path === '/v1/files') return 'upload';
      if (method === 'POST' && (path === '/v1/predictions' || /^\/v1\/models\/[^/]+\/[^/]+\/predictions$/.test(path))) return 'submit';
      if (method === 'POST' && /^\/v1\/predictions\/[^/]+\/cancel$/.test(path)) return 'cancel';
      if (method === 'GET' && /^\/v1\/predictions\/[^/]+$/.test(path)) return 'status';
      return null;
    },
    async answer(route, request: RecordedRequest, base) {
      if (request.headers.authorization !== `Bearer ${apiToken}`) return problem(401, 'Unauthenticated', 'You did not pass a valid authentication token');
      if (route === 'upload') return storeFile(request, base);
      if (route === 'submit') {
        const body = (request.body ?? {}) as { version?: unknown; input?: unknown; webhook?: unknown };
        const byModel = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(request.path)?.[1];
        if (!byModel && typeof body.version !== 'string') return problem(422, 'Input validation failed', 'version is required');
        if (typeof body.input !== 'object' || body.input === null) return problem(422, 'Input validation failed', 'input is required');
        const refused = await checkInput(byModel, body.input as Record<string, unknown>, base);
        if (refused) return refused;
        const p: Prediction = {
          id: randomUUID().replaceAll('-', '').slice(0, 26),
          model: byModel ?? 'owner/model',
          version: byModel ? 'hidden' : (body.version as string),
          input: body.input as Record<string, unknown>,
          webhook: typeof body.webhook === 'string' ? body.webhook : undefined,
          outcome,
          statusCalls: 0,
          pollsBeforeDone,
          canceled: false,
          createdAt: new Date().toISOString(),
        };
        predictions.set(p.id, p);
        return { status: 201, body: view(base, p) };
      }
      const p = predictions.get(request.path.split('/')[3]!);
      if (!p) return problem(404, 'Not found', 'The requested resource could not be found.');
      if (route === 'cancel') {
        if (!done(p)) p.canceled = true;
        return { status: 200, body: view(base, p) };
      }
      p.statusCalls += 1;
      return { status: 200, body: view(base, p) };
    },
  });

  return {
    ...fake,
    apiToken,
    webhookSecret,
    /** How predictions created from now on end, and after how many status calls. */
    nextOutcome(next: FakeOutcome, polls = 2) {
      outcome = next;
      pollsBeforeDone = polls;
    },
    /** Finishes the prediction and POSTs its `completed` webhook, signed as Replicate signs (or wrongly, or long ago). */
    async deliverWebhook(id: string, options: { signature?: 'good' | 'bad'; ageSeconds?: number } = {}) {
      const p = predictions.get(id)!;
      p.statusCalls = p.pollsBeforeDone + 1;
      const rawBody = Buffer.from(JSON.stringify(view(fake.baseUrl, p)));
      const webhookId = `msg_${randomBytes(12).toString('hex')}`;
      const timestamp = String(Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0));
      const key = options.signature === 'bad' ? randomBytes(24) : Buffer.from(webhookSecret.slice('whsec_'.length), 'base64');
      const signature = createHmac('sha256', key).update(`${webhookId}.${timestamp}.${rawBody.toString('utf8')}`).digest('base64');
      return postWebhook(p.webhook!, { 'webhook-id': webhookId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` }, rawBody);
    },
    wasCancelled: (id: string) => predictions.get(id)?.canceled ?? false,
  };
}

export type FakeReplicate = Awaited<ReturnType<typeof startFakeReplicate>>;
