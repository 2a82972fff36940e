import { z } from 'zod';
import { VideoGenerationError, type GenerationStatus } from './types.ts';
import { callVendor } from './vendor-http.ts';

/**
 * fal.ai's queue API as every fal adapter uses it (video and image models alike): submit to the endpoint, then status,
 * result and cancel under the app. Each adapter says what its model's input is and where the result's file is.
 */
export interface FalQueueSettings {
  apiKey: string;
  model: string;
  baseUrl: string;
  timeoutMs: number;
}

const vendor = 'fal.ai';

const submitted = z.object({ request_id: z.string().min(1) });
const queueStatus = z.object({ status: z.enum(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED']), error: z.string().nullish() });

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

/**
 * `resultUrl` reads the file's URL from a completed request's output (null when the output has none); `product` names
 * what the model makes, for the operator log ('a video', 'an image').
 */
export function createFalQueue(settings: FalQueueSettings, model: { resultUrl(output: unknown): string | null; product: string }) {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const app = `${base}/${falAppPath(settings.model)}/requests`;
  const headers = { authorization: `Key ${settings.apiKey}`, accept: 'application/json' };

  const call = (url: string, init: RequestInit, signal?: AbortSignal) =>
    callVendor(url, { ...init, headers: { ...headers, ...init.headers } }, { vendor, timeoutMs: settings.timeoutMs, signal, isRefusal: isFalRefusal });

  const requestPath = (vendorId: string) => `${app}/${encodeURIComponent(vendorId)}`;

  async function result(vendorId: string, queueError: string | undefined, signal?: AbortSignal): Promise<GenerationStatus> {
    try {
      const url = model.resultUrl(await call(requestPath(vendorId), { method: 'GET' }, signal));
      return url ? { state: 'completed', resultUrl: url } : { state: 'failed', error: `${vendor} finished without ${model.product}` };
    } catch (error) {
      if (!(error instanceof VideoGenerationError)) throw error;
      if (error.kind === 'refused') return { state: 'refused', error: error.message };
      // A completed request whose result is an error is a failed generation; a flaky result call is worth another try.
      if (error.kind === 'permanent' || queueError) return { state: 'failed', error: queueError ?? error.message };
      throw error;
    }
  }

  return {
    /** Queues the model's input; the webhook, when given, is where fal announces the end. */
    async submit(input: Record<string, unknown>, signal?: AbortSignal, webhookUrl?: string): Promise<{ vendorId: string }> {
      const url = new URL(`${base}/${settings.model}`);
      if (webhookUrl) url.searchParams.set('fal_webhook', webhookUrl);
      const body = await call(url.href, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) }, signal);
      const parsed = submitted.safeParse(body);
      if (!parsed.success) throw new VideoGenerationError('transient', `${vendor} accepted the request without a request id`, { outcomeUnknown: true });
      return { vendorId: parsed.data.request_id };
    },

    async status(vendorId: string, signal?: AbortSignal): Promise<GenerationStatus> {
      const parsed = queueStatus.safeParse(await call(`${requestPath(vendorId)}/status?logs=0`, { method: 'GET' }, signal));
      if (!parsed.success) throw new VideoGenerationError('transient', `${vendor} sent a status in an unexpected shape`);
      if (parsed.data.status === 'IN_QUEUE') return { state: 'queued' };
      if (parsed.data.status === 'IN_PROGRESS') return { state: 'running' };
      return result(vendorId, parsed.data.error ?? undefined, signal);
    },

    async cancel(vendorId: string, signal?: AbortSignal): Promise<void> {
      try {
        await call(`${requestPath(vendorId)}/cancel`, { method: 'PUT' }, signal);
      } catch (error) {
        // fal answers {status: ALREADY_COMPLETED} (with a 4xx code) when the request has finished: nothing is left to stop.
        if (error instanceof VideoGenerationError && error.kind === 'permanent' && error.message.includes('ALREADY_COMPLETED')) return;
        throw error;
      }
    },
  };
}
