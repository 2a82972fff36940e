/**
 * fal.ai's queue API for an image-to-video model (Kling, Wan, Veo...). Settings (settings.ts reads them):
 * - FAL_KEY: the API key, sent as `Authorization: Key <FAL_KEY>`.
 * - FAL_MODEL_IMAGE_TO_VIDEO: the endpoint id, e.g. fal-ai/kling-video/v2.1/standard/image-to-video.
 * - FAL_BASE_URL: https://queue.fal.run unless a stand-in answers for it (tests).
 * - FAL_WEBHOOK_JWKS_URL: where fal publishes its webhook signing keys (https://rest.alpha.fal.ai/.well-known/jwks.json).
 * - VIDEO_GENERATION_TIMEOUT_MS: the limit for each HTTP call; VIDEO_GENERATION_LENGTHS: the model's clip lengths.
 * The clip comes back in the model's own size (often 720x1280): the caller scales it to 1080x1920.
 */
import { z } from 'zod';
import { VideoGenerationError, WebhookRefused, type GenerationStatus, type VideoGenerator } from './types.ts';
import { callVendor, imageInput, parseJson, vendorMessage } from './vendor-http.ts';
import { createReplayGuard, verifyFalWebhook, type Ed25519Jwk } from './webhooks.ts';

export interface FalSettings {
  apiKey: string;
  model: string;
  baseUrl: string;
  webhookJwksUrl: string;
  timeoutMs: number;
  lengths: number[];
}

const vendor = 'fal.ai';
/** fal rotates its signing keys rarely; a signature no cached key matches fetches them again. */
const jwksCacheMs = 60 * 60 * 1000;

const submitted = z.object({ request_id: z.string().min(1) });
const queueStatus = z.object({ status: z.enum(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED']), error: z.string().nullish() });
const videoResult = z.object({ video: z.object({ url: z.string().min(1) }) });
const webhookBody = z.object({ request_id: z.string(), status: z.enum(['OK', 'ERROR']), payload: z.unknown(), error: z.string().nullish() });
const jwks = z.object({ keys: z.array(z.object({ kty: z.string(), crv: z.string(), x: z.string(), kid: z.string().optional() })) });

/** fal's model errors list one object per problem; a content checker's refusal has its own type. */
export function isFalRefusal(body: unknown): boolean {
  const detail = (body as { detail?: unknown } | null)?.detail;
  return Array.isArray(detail) && detail.some((d) => (d as { type?: unknown } | null)?.type === 'content_policy_violation');
}

/**
 * Status, result and cancel live under the app (owner/alias, after an optional namespace), not under the full
 * endpoint path: `fal-ai/kling-video/v2.1/standard/image-to-video` is asked about at `fal-ai/kling-video/requests/…`.
 */
export function falAppPath(model: string): string {
  const parts = model.split('/');
  const namespaced = parts[0] === 'workflows' || parts[0] === 'comfy';
  return (namespaced ? parts.slice(0, 3) : parts.slice(0, 2)).join('/');
}

export function createFalVideoGenerator(settings: FalSettings, clock: () => number = Date.now): VideoGenerator {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const app = `${base}/${falAppPath(settings.model)}/requests`;
  const headers = { authorization: `Key ${settings.apiKey}`, accept: 'application/json' };
  const replays = createReplayGuard(clock);
  let keys: { at: number; list: Ed25519Jwk[] } | null = null;

  const call = (url: string, init: RequestInit, signal?: AbortSignal) =>
    callVendor(url, { ...init, headers: { ...headers, ...init.headers } }, { vendor, timeoutMs: settings.timeoutMs, signal, isRefusal: isFalRefusal });

  const requestPath = (vendorId: string) => `${app}/${encodeURIComponent(vendorId)}`;

  async function result(vendorId: string, queueError: string | undefined, signal?: AbortSignal): Promise<GenerationStatus> {
    try {
      const parsed = videoResult.safeParse(await call(requestPath(vendorId), { method: 'GET' }, signal));
      return parsed.success ? { state: 'completed', resultUrl: parsed.data.video.url } : { state: 'failed', error: `${vendor} finished without a video` };
    } catch (error) {
      if (!(error instanceof VideoGenerationError)) throw error;
      if (error.kind === 'refused') return { state: 'refused', error: error.message };
      // A completed request whose result is an error is a failed generation; a flaky result call is worth another try.
      if (error.kind === 'permanent' || queueError) return { state: 'failed', error: queueError ?? error.message };
      throw error;
    }
  }

  async function signingKeys(refresh: boolean): Promise<Ed25519Jwk[]> {
    if (!refresh && keys && clock() - keys.at < jwksCacheMs) return keys.list;
    const parsed = jwks.safeParse(await callVendor(settings.webhookJwksUrl, { method: 'GET' }, { vendor, timeoutMs: settings.timeoutMs, isRefusal: () => false }));
    if (!parsed.success) throw new VideoGenerationError('transient', `${vendor} published signing keys in an unexpected shape`);
    keys = { at: clock(), list: parsed.data.keys };
    return keys.list;
  }

  const generator: VideoGenerator = {
    name: 'fal',
    lengths: settings.lengths,

    async submit(request, signal) {
      if (!settings.lengths.includes(request.seconds)) {
        throw new VideoGenerationError('permanent', `${settings.model} makes clips of ${settings.lengths.join(' or ')} s, not ${request.seconds} s`);
      }
      const url = new URL(`${base}/${settings.model}`);
      if (request.webhookUrl) url.searchParams.set('fal_webhook', request.webhookUrl);
      const input = { prompt: request.prompt, image_url: await imageInput(request.image), duration: String(request.seconds), aspect_ratio: '9:16' };
      const body = await call(url.href, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) }, signal);
      const parsed = submitted.safeParse(body);
      if (!parsed.success) throw new VideoGenerationError('transient', `${vendor} accepted the request without a request id`, { outcomeUnknown: true });
      return { vendorId: parsed.data.request_id };
    },

    async status(vendorId, signal) {
      const parsed = queueStatus.safeParse(await call(`${requestPath(vendorId)}/status?logs=0`, { method: 'GET' }, signal));
      if (!parsed.success) throw new VideoGenerationError('transient', `${vendor} sent a status in an unexpected shape`);
      if (parsed.data.status === 'IN_QUEUE') return { state: 'queued' };
      if (parsed.data.status === 'IN_PROGRESS') return { state: 'running' };
      return result(vendorId, parsed.data.error ?? undefined, signal);
    },

    async cancel(vendorId, signal) {
      try {
        await call(`${requestPath(vendorId)}/cancel`, { method: 'PUT' }, signal);
      } catch (error) {
        // fal answers {status: ALREADY_COMPLETED} (with a 4xx code) when the request has finished: nothing is left to stop.
        if (error instanceof VideoGenerationError && error.kind === 'permanent' && error.message.includes('ALREADY_COMPLETED')) return;
        throw error;
      }
    },

    async readWebhook(delivery) {
      let requestId: string;
      try {
        requestId = verifyFalWebhook(delivery, await signingKeys(false), clock());
      } catch (error) {
        if (!(error instanceof WebhookRefused) || !error.message.includes('published keys')) throw error;
        requestId = verifyFalWebhook(delivery, await signingKeys(true), clock());
      }
      if (!replays.firstSighting(`${requestId}.${String(delivery.headers['x-fal-webhook-timestamp'])}`)) {
        throw new WebhookRefused('this fal webhook was delivered before');
      }
      const parsed = webhookBody.safeParse(parseJson(delivery.rawBody.toString('utf8')));
      if (!parsed.success || parsed.data.request_id !== requestId) throw new WebhookRefused('the fal webhook body is not the signed request');
      const { status, payload, error } = parsed.data;
      if (status === 'ERROR') {
        if (isFalRefusal(payload)) return { vendorId: requestId, status: { state: 'refused', error: vendorMessage(payload, error ?? '') } };
        return { vendorId: requestId, status: { state: 'failed', error: error ?? vendorMessage(payload, '') } };
      }
      const video = videoResult.safeParse(payload);
      // fal leaves the payload out when it is too large to send; the queue still has it.
      return { vendorId: requestId, status: video.success ? { state: 'completed', resultUrl: video.data.video.url } : await generator.status(requestId) };
    },
  };
  return generator;
}
