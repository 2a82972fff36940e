/**
 * fal.ai's queue API for an image-to-video model (Kling, Wan, Veo...). Settings (settings.ts reads them):
 * - FAL_KEY: the API key, sent as `Authorization: Key <FAL_KEY>`.
 * - FAL_MODEL_IMAGE_TO_VIDEO: the endpoint id, e.g. fal-ai/kling-video/v2.1/standard/image-to-video.
 * - FAL_BASE_URL: https://queue.fal.run unless a stand-in answers for it (tests).
 * - FAL_STORAGE_URL: https://rest.fal.ai, where a local still is uploaded (fal-storage.ts) to be passed by URL.
 * - FAL_WEBHOOK_JWKS_URL: where fal publishes its webhook signing keys (https://rest.alpha.fal.ai/.well-known/jwks.json).
 * - VIDEO_GENERATION_TIMEOUT_MS: the limit for each HTTP call; VIDEO_GENERATION_LENGTHS: the model's clip lengths.
 * - VIDEO_GENERATION_MODEL_INPUTS, VENDOR_INLINE_IMAGE_MAX_BYTES: the model's input map (model-inputs.ts), and the
 *   size under which a still goes inline where the model reads data URIs.
 * - The webhook URL (PUBLIC_URL's /api/webhooks/fal) when the app is reachable: fal announces the end there.
 * The clip comes back in the model's own size (often 720x1280): the caller scales it to 1080x1920.
 */
import { z } from 'zod';
import { createFalQueue, isFalRefusal } from './fal-queue.ts';
import { createFalStorage } from './fal-storage.ts';
import { modelInput, modelInputs, type ModelInputs } from './model-inputs.ts';
import { VideoGenerationError, WebhookRefused, type VideoGenerator } from './types.ts';
import { callVendor, imageInput, parseJson, vendorMessage } from './vendor-http.ts';
import { createReplayGuard, verifyFalWebhook, type Ed25519Jwk } from './webhooks.ts';

export interface FalSettings {
  apiKey: string;
  model: string;
  baseUrl: string;
  storageUrl: string;
  webhookJwksUrl: string;
  timeoutMs: number;
  lengths: number[];
  /** The model's input map; absent, the default table's entry for the model. */
  inputs?: ModelInputs;
  /** A local still up to this size goes inline where the model reads data URIs; absent or 0, every still is uploaded. */
  inlineImageMaxBytes?: number;
  /** Where fal announces a generation's end; absent, the job polls alone. */
  webhookUrl?: string;
}

const vendor = 'fal.ai';
/** fal rotates its signing keys rarely; a signature no cached key matches fetches them again. */
const jwksCacheMs = 60 * 60 * 1000;

const videoResult = z.object({ video: z.object({ url: z.string().min(1) }) });
const webhookBody = z.object({ request_id: z.string(), status: z.enum(['OK', 'ERROR']), payload: z.unknown(), error: z.string().nullish() });
const jwks = z.object({ keys: z.array(z.object({ kty: z.string(), crv: z.string(), x: z.string(), kid: z.string().optional() })) });

const resultUrl = (output: unknown) => {
  const parsed = videoResult.safeParse(output);
  return parsed.success ? parsed.data.video.url : null;
};

export function createFalVideoGenerator(settings: FalSettings, clock: () => number = Date.now): VideoGenerator {
  const queue = createFalQueue(settings, { resultUrl, product: 'a video' });
  const inputs = settings.inputs ?? modelInputs('fal', settings.model);
  const images = { dataUri: inputs.dataUri, inlineMaxBytes: settings.inlineImageMaxBytes ?? 0, upload: createFalStorage(settings) };
  const replays = createReplayGuard(clock);
  let keys: { at: number; list: Ed25519Jwk[] } | null = null;

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
      const image = await imageInput(request.image, images, signal);
      return queue.submit(modelInput(inputs, { prompt: request.prompt, image, seconds: request.seconds }), signal, settings.webhookUrl);
    },

    status: (vendorId, signal) => queue.status(vendorId, signal),
    cancel: (vendorId, signal) => queue.cancel(vendorId, signal),

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
      const url = resultUrl(payload);
      // fal leaves the payload out when it is too large to send; the queue still has it.
      return { vendorId: requestId, status: url ? { state: 'completed', resultUrl: url } : await generator.status(requestId) };
    },
  };
  return generator;
}
