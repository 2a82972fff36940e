/**
 * Replicate's predictions API for an image-to-video model. Settings (settings.ts reads them):
 * - REPLICATE_API_TOKEN: sent as `Authorization: Bearer <token>`.
 * - REPLICATE_MODEL_IMAGE_TO_VIDEO: `owner/name` (the model's latest version, e.g. kwaivgi/kling-v2.1), or a
 *   version: `owner/name:<version id>` or the bare version id.
 * - VIDEO_GENERATION_MODEL_INPUTS (and the older REPLICATE_IMAGE_INPUT): the model's input map (model-inputs.ts).
 * - REPLICATE_BASE_URL: https://api.replicate.com/v1 unless a stand-in answers for it (tests); its /files takes uploads.
 * - REPLICATE_WEBHOOK_SECRET: the `whsec_…` signing secret; without it webhooks are neither asked for nor taken.
 * - VIDEO_GENERATION_TIMEOUT_MS: the limit for each HTTP call; VIDEO_GENERATION_LENGTHS: the model's clip lengths.
 * - VENDOR_INLINE_IMAGE_MAX_BYTES: a local still up to this size goes inline as a data URI (never over Replicate's 1 MB).
 */
import { z } from 'zod';
import { modelInput, modelInputs, type ModelInputs } from './model-inputs.ts';
import { VideoGenerationError, WebhookRefused, type GenerationStatus, type VideoGenerator } from './types.ts';
import { callVendor, imageInput, parseJson, type ImageUploader } from './vendor-http.ts';
import { createReplayGuard, verifyReplicateWebhook } from './webhooks.ts';

export interface ReplicateSettings {
  apiToken: string;
  model: string;
  baseUrl: string;
  webhookSecret?: string;
  timeoutMs: number;
  lengths: number[];
  /** The model's input map; absent, the default table's entry for the model. */
  inputs?: ModelInputs;
  /** A local still up to this size goes inline as a data URI; absent or 0, every still is uploaded. */
  inlineImageMaxBytes?: number;
  /** Where Replicate announces a prediction's end; asked for only with the secret that checks it. */
  webhookUrl?: string;
}

const vendor = 'Replicate';

/** Replicate's documentation recommends a data URI only under 1 MB; a larger file goes through its files API. */
export const replicateDataUriMaxBytes = 1_000_000;

const uploaded = z.object({ urls: z.object({ get: z.string().url() }) });

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
  const inputs = settings.inputs ?? modelInputs('replicate', settings.model);
  // Without the secret a webhook could not be told from a forgery: none is asked for.
  const webhookUrl = settings.webhookSecret ? settings.webhookUrl : undefined;

  /** The files API as the client uses it (lib/files.js): a multipart `content` and `metadata`; the model is given `urls.get`. */
  const upload: ImageUploader = async (still, signal) => {
    const form = new FormData();
    form.append('content', new Blob([new Uint8Array(still.bytes)], { type: still.mime }), `still.${still.mime.split('/')[1]!}`);
    form.append('metadata', new Blob([JSON.stringify({})], { type: 'application/json' }));
    const init = { method: 'POST', headers: { authorization: headers.authorization }, body: form };
    const parsed = uploaded.safeParse(await callVendor(`${base}/files`, init, { vendor, timeoutMs: settings.timeoutMs, signal, isRefusal: isReplicateRefusal }));
    if (!parsed.success) throw new VideoGenerationError('transient', `${vendor} stored the still without its URL`);
    return parsed.data.urls.get;
  };
  const images = { dataUri: inputs.dataUri, inlineMaxBytes: Math.min(settings.inlineImageMaxBytes ?? 0, replicateDataUriMaxBytes), upload };

  const generator: VideoGenerator = {
    name: 'replicate',
    lengths: settings.lengths,

    async submit(request, signal) {
      if (!settings.lengths.includes(request.seconds)) {
        throw new VideoGenerationError('permanent', `${settings.model} makes clips of ${settings.lengths.join(' or ')} s, not ${request.seconds} s`);
      }
      const image = await imageInput(request.image, images, signal);
      const body = {
        ...(target.version ? { version: target.version } : {}),
        input: modelInput(inputs, { prompt: request.prompt, image, seconds: request.seconds }),
        ...(webhookUrl ? { webhook: webhookUrl, webhook_events_filter: ['completed'] } : {}),
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
