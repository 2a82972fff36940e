/**
 * fal.ai's queue API for an image-edit model. Settings (settings.ts reads them):
 * - FAL_KEY and FAL_BASE_URL, shared with the video generator.
 * - FAL_MODEL_IMAGE_EDIT: the endpoint id. The input sent is the nano-banana edit schema ({prompt, image_urls,
 *   aspect_ratio, num_images, output_format}), which fal-ai/nano-banana/edit, nano-banana-pro/edit and
 *   nano-banana-2/edit share; a model with another input shape needs its own adapter.
 * - IMAGE_GENERATION_TIMEOUT_MS: the limit for each HTTP call.
 * The still stays at fal (`resultUrl`) in the model's own size (about 768x1344 at 9:16): the caller downloads it
 * and passes it through coverToStill (still-format.ts) for the 1080x1920 JPEG.
 */
import { z } from 'zod';
import { falAppPath, isFalRefusal } from '../video-generation/fal.ts';
import { VideoGenerationError } from '../video-generation/types.ts';
import { callVendor, imageInput } from '../video-generation/vendor-http.ts';
import type { ImageGenerator, ImageStatus } from './types.ts';

export interface FalImageSettings {
  apiKey: string;
  model: string;
  baseUrl: string;
  timeoutMs: number;
}

const vendor = 'fal.ai';

const submitted = z.object({ request_id: z.string().min(1) });
const queueStatus = z.object({ status: z.enum(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED']), error: z.string().nullish() });
const imageResult = z.object({ images: z.array(z.object({ url: z.string().min(1) })).min(1) });

export function createFalImageGenerator(settings: FalImageSettings): ImageGenerator {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const app = `${base}/${falAppPath(settings.model)}/requests`;
  const headers = { authorization: `Key ${settings.apiKey}`, accept: 'application/json' };

  const call = (url: string, init: RequestInit, signal?: AbortSignal) =>
    callVendor(url, { ...init, headers: { ...headers, ...init.headers } }, { vendor, timeoutMs: settings.timeoutMs, signal, isRefusal: isFalRefusal });

  const requestPath = (vendorId: string) => `${app}/${encodeURIComponent(vendorId)}`;

  async function result(vendorId: string, queueError: string | undefined, signal?: AbortSignal): Promise<ImageStatus> {
    try {
      const parsed = imageResult.safeParse(await call(requestPath(vendorId), { method: 'GET' }, signal));
      return parsed.success ? { state: 'completed', resultUrl: parsed.data.images[0]!.url } : { state: 'failed', error: `${vendor} finished without an image` };
    } catch (error) {
      if (!(error instanceof VideoGenerationError)) throw error;
      if (error.kind === 'refused') return { state: 'refused', error: error.message };
      // A completed request whose result is an error is a failed generation; a flaky result call is worth another try.
      if (error.kind === 'permanent' || queueError) return { state: 'failed', error: queueError ?? error.message };
      throw error;
    }
  }

  return {
    name: 'fal',
    drawsPeople: true,

    async submit(request, signal) {
      const input = {
        prompt: request.prompt,
        image_urls: [await imageInput({ path: request.productImagePath })],
        aspect_ratio: '9:16',
        num_images: 1,
        output_format: 'jpeg',
      };
      const body = await call(`${base}/${settings.model}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) }, signal);
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
  };
}
