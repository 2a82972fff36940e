/**
 * Replicate's predictions API for an image-to-video model. Settings (settings.ts reads them):
 * - REPLICATE_API_TOKEN: sent as `Authorization: Bearer <token>`.
 * - REPLICATE_MODEL_IMAGE_TO_VIDEO: `owner/name` (the model's latest version, e.g. kwaivgi/kling-v2.1), or a
 *   version: `owner/name:<version id>` or the bare version id.
 * - REPLICATE_IMAGE_INPUT: the model's input that takes the still (start_image for Kling, image for most others).
 * - REPLICATE_BASE_URL: https://api.replicate.com/v1 unless a stand-in answers for it (tests).
 * - REPLICATE_WEBHOOK_SECRET: the `whsec_…` signing secret; without it webhooks are not taken (polling still works).
 * - VIDEO_GENERATION_TIMEOUT_MS: the limit for each HTTP call; VIDEO_GENERATION_LENGTHS: the model's clip lengths.
 */
import { z } from 'zod';
import { VideoGenerationError, WebhookRefused, type GenerationStatus, type VideoGenerator } from './types.ts';
import { callVendor, imageInput, parseJson } from './vendor-http.ts';
import { createReplayGuard, verifyReplicateWebhook } from './webhooks.ts';

export interface ReplicateSettings {
  apiToken: string;
  model: string;
  imageInput: string;
  baseUrl: string;
  webhookSecret?: string;
  timeoutMs: number;
  lengths: number[];
}

const vendor = 'Replicate';

const prediction = z.object({
  id: z.string().min(1),
  status: z.enum(['starting', 'processing', 'succeeded', 'failed', 'canceled', 'aborted']),
  output: z.unknown(),
  error: z.unknown(),
});
type Prediction = z.infer<typeof prediction>;

/**
 * Replicate has no typed refusal: a flagged input or output fails the prediction (or the request) with a message
 * naming it, E005 being its code for sensitive content.
 */
const refusalWords = /\bE005\b|flagged as sensitive|content policy|nsfw|safety (filter|checker|system)/i;

const isReplicateRefusal = (_body: unknown, text: string) => refusalWords.test(text);

/** `owner/name` runs the model's latest version; `owner/name:version` or a bare version id pins one. */
export function replicateTarget(model: string): { path: string; version?: string } {
  const [name, version] = model.split(':');
  if (version) return { path: '/predictions', version };
  if (!name!.includes('/')) return { path: '/predictions', version: name };
  return { path: `/models/${name}/predictions` };
}

/** Video models answer with the file's URL, or a list of URLs (one per clip) of which the first is the clip. */
function outputUrl(output: unknown): string | undefined {
  const first = Array.isArray(output) ? (output as unknown[])[0] : output;
  return typeof first === 'string' && first.length > 0 ? first : undefined;
}

function statusOf(p: Prediction): GenerationStatus {
  switch (p.status) {
    case 'starting':
      return { state: 'queued' };
    case 'processing':
      return { state: 'running' };
    case 'succeeded': {
      const resultUrl = outputUrl(p.output);
      return resultUrl ? { state: 'completed', resultUrl } : { state: 'failed', error: `${vendor} finished without a video` };
    }
    case 'failed': {
      const error = typeof p.error === 'string' ? p.error : JSON.stringify(p.error ?? 'no details');
      return { state: refusalWords.test(error) ? 'refused' : 'failed', error };
    }
    default:
      return { state: 'failed', error: `the prediction was ${p.status}` };
  }
}

export function createReplicateVideoGenerator(settings: ReplicateSettings, clock: () => number = Date.now): VideoGenerator {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const target = replicateTarget(settings.model);
  const replays = createReplayGuard(clock);
  const headers = { authorization: `Bearer ${settings.apiToken}`, 'content-type': 'application/json' };

  async function call(path: string, method: string, signal?: AbortSignal, body?: unknown): Promise<Prediction> {
    const init = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    const answer = await callVendor(`${base}${path}`, init, { vendor, timeoutMs: settings.timeoutMs, signal, isRefusal: isReplicateRefusal });
    const parsed = prediction.safeParse(answer);
    if (!parsed.success) throw new VideoGenerationError('transient', `${vendor} sent a prediction in an unexpected shape`, { outcomeUnknown: method === 'POST' });
    return parsed.data;
  }

  const predictionPath = (vendorId: string) => `/predictions/${encodeURIComponent(vendorId)}`;

  const generator: VideoGenerator = {
    name: 'replicate',
    lengths: settings.lengths,

    async submit(request, signal) {
      if (!settings.lengths.includes(request.seconds)) {
        throw new VideoGenerationError('permanent', `${settings.model} makes clips of ${settings.lengths.join(' or ')} s, not ${request.seconds} s`);
      }
      const input = { prompt: request.prompt, [settings.imageInput]: await imageInput(request.image), duration: request.seconds, aspect_ratio: '9:16' };
      const body = {
        ...(target.version ? { version: target.version } : {}),
        input,
        ...(request.webhookUrl ? { webhook: request.webhookUrl, webhook_events_filter: ['completed'] } : {}),
      };
      const created = await call(target.path, 'POST', signal, body);
      return { vendorId: created.id };
    },

    async status(vendorId, signal) {
      return statusOf(await call(predictionPath(vendorId), 'GET', signal));
    },

    async cancel(vendorId, signal) {
      // Replicate answers a finished prediction's cancel with the prediction as it is: nothing to tell apart.
      await call(`${predictionPath(vendorId)}/cancel`, 'POST', signal);
    },

    ...(settings.webhookSecret
      ? {
          async readWebhook(delivery) {
            const id = verifyReplicateWebhook(delivery, settings.webhookSecret!, clock());
            if (!replays.firstSighting(`${id}.${String(delivery.headers['webhook-timestamp'])}`)) {
              throw new WebhookRefused('this Replicate webhook was delivered before');
            }
            const parsed = prediction.safeParse(parseJson(delivery.rawBody.toString('utf8')));
            if (!parsed.success) throw new WebhookRefused('the Replicate webhook body is not a prediction');
            return { vendorId: parsed.data.id, status: statusOf(parsed.data) };
          },
        }
      : {}),
  };
  return generator;
}
