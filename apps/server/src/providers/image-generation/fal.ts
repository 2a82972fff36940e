/**
 * fal.ai's queue API for an image-edit model. Settings (settings.ts reads them):
 * - FAL_KEY, FAL_BASE_URL and FAL_STORAGE_URL, shared with the video generator: the product photo is uploaded to
 *   fal's storage and passed by URL, which every fal model reads (data URIs only some do).
 * - FAL_MODEL_IMAGE_EDIT: the endpoint id. The input sent is the nano-banana edit schema ({prompt, image_urls,
 *   aspect_ratio, num_images, output_format}), which fal-ai/nano-banana/edit, nano-banana-pro/edit and
 *   nano-banana-2/edit share; a model with another input shape needs its own adapter.
 * - IMAGE_GENERATION_TIMEOUT_MS: the limit for each HTTP call.
 * The still stays at fal (`resultUrl`) in the model's own size (about 768x1344 at 9:16): the caller downloads it
 * and passes it through coverToStill (still-format.ts) for the 1080x1920 JPEG.
 */
import { z } from 'zod';
import { createFalQueue } from '../video-generation/fal-queue.ts';
import { createFalStorage } from '../video-generation/fal-storage.ts';
import { imageInput } from '../video-generation/vendor-http.ts';
import type { ImageGenerator } from './types.ts';

export interface FalImageSettings {
  apiKey: string;
  model: string;
  baseUrl: string;
  storageUrl: string;
  timeoutMs: number;
}

const imageResult = z.object({ images: z.array(z.object({ url: z.string().min(1) })).min(1) });

const resultUrl = (output: unknown) => {
  const parsed = imageResult.safeParse(output);
  return parsed.success ? parsed.data.images[0]!.url : null;
};

export function createFalImageGenerator(settings: FalImageSettings): ImageGenerator {
  const queue = createFalQueue(settings, { resultUrl, product: 'an image' });
  const photos = { dataUri: false, inlineMaxBytes: 0, upload: createFalStorage(settings) };
  return {
    name: 'fal',

    async submit(request, signal) {
      const input = {
        prompt: request.prompt,
        image_urls: [await imageInput({ path: request.productImagePath }, photos, signal)],
        aspect_ratio: '9:16',
        num_images: 1,
        output_format: 'jpeg',
      };
      return queue.submit(input, signal);
    },

    status: (vendorId, signal) => queue.status(vendorId, signal),
    cancel: (vendorId, signal) => queue.cancel(vendorId, signal),
  };
}
