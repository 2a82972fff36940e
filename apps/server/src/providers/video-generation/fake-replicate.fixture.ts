import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { postWebhook, sampleClip, startFakeVendorServer, type FakeOutcome, type RecordedRequest } from './fake-vendor.fixture.ts';

/**
 * Test support: a stand-in for Replicate's HTTP API (api.replicate.com/v1), following the official client
 * (replicate/replicate-javascript lib/predictions.js, index.js, index.d.ts, lib/util.js); see SOURCES.md.
 * - POST /v1/predictions {version, input, webhook?, webhook_events_filter?} or POST /v1/models/{owner}/{name}/predictions
 *   {input, …} creates a prediction (201).
 * - GET /v1/predictions/{id}: status starting → processing → succeeded (output: the file URL) or failed (error).
 * - POST /v1/predictions/{id}/cancel: the prediction, canceled unless it had already finished.
 * Errors are problem+json ({title, detail, status}); every call needs `Authorization: Bearer <token>`.
 */
export type ReplicateRoute = 'submit' | 'status' | 'cancel';

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

const problem = (status: number, title: string, detail: string) => ({ status, headers: { 'content-type': 'application/problem+json' }, body: { title, detail, status } });

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

  const fake = await startFakeVendorServer<ReplicateRoute>({
    route(method, path) {
      if (method === 'POST' && (path === '/v1/predictions' || /^\/v1\/models\/[^/]+\/[^/]+\/predictions$/.test(path))) return 'submit';
      if (method === 'POST' && /^\/v1\/predictions\/[^/]+\/cancel$/.test(path)) return 'cancel';
      if (method === 'GET' && /^\/v1\/predictions\/[^/]+$/.test(path)) return 'status';
      return null;
    },
    answer(route, request: RecordedRequest, base) {
      if (request.headers.authorization !== `Bearer ${apiToken}`) return problem(401, 'Unauthenticated', 'You did not pass a valid authentication token');
      if (route === 'submit') {
        const body = (request.body ?? {}) as { version?: unknown; input?: unknown; webhook?: unknown };
        const byModel = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(request.path)?.[1];
        if (!byModel && typeof body.version !== 'string') return problem(422, 'Input validation failed', 'version is required');
        if (typeof body.input !== 'object' || body.input === null) return problem(422, 'Input validation failed', 'input is required');
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
