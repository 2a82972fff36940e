/**
 * OpenAI image edits (gpt-image-1): the product photo and the prompt in, one portrait image out, in the same call.
 * Settings (settings.ts reads them): OPENAI_IMAGE_API_KEY, OPENAI_IMAGE_MODEL (gpt-image-1), OPENAI_IMAGE_BASE_URL
 * (https://api.openai.com/v1), IMAGE_GENERATION_TIMEOUT_MS. The answer is the image itself (base64), so submit
 * finishes it: the adapter crops OpenAI's 1024x1536 to 9:16, scales it to 1080x1920, and keeps the JPEG in its
 * directory until the caller releases it. OpenAI keeps nothing to poll or cancel.
 */
import { z } from 'zod';
import { VideoGenerationError } from '../video-generation/types.ts';
import { callVendor, readSendableImage } from '../video-generation/vendor-http.ts';
import { coverToStill } from './still-format.ts';
import { createStillStore } from './still-store.ts';
import type { ImageGenerator } from './types.ts';

export interface OpenAiImageSettings {
  apiKey: string;
  model: string;
  baseUrl: string;
  timeoutMs: number;
}

const vendor = 'OpenAI';
/** The portrait size the GPT image models make; the nearest to 9:16 they offer. */
export const openAiPortraitSize = '1024x1536';

const edited = z.object({ data: z.array(z.object({ b64_json: z.string().min(1) })).min(1) });

/** OpenAI's safety system answers 400 with its own code: a refusal, unlike the other 400s. */
function isOpenAiRefusal(body: unknown): boolean {
  const error = (body as { error?: { code?: unknown; type?: unknown } | null } | null)?.error;
  const refusals = ['moderation_blocked', 'content_policy_violation'];
  return refusals.includes(String(error?.code)) || refusals.includes(String(error?.type));
}

export function createOpenAiImageGenerator(settings: OpenAiImageSettings, deps: { dir: string }): ImageGenerator {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/images/edits`;
  const stills = createStillStore(deps.dir);

  return {
    name: 'openai',

    async submit(request, signal) {
      const photo = await readSendableImage(request.productImagePath);
      const form = new FormData();
      form.append('model', settings.model);
      form.append('image', new Blob([photo.bytes], { type: photo.mime }), `product.${photo.mime.split('/')[1]}`);
      form.append('prompt', request.prompt);
      form.append('size', openAiPortraitSize);
      form.append('input_fidelity', 'high');
      form.append('n', '1');
      const body = await callVendor(url, { method: 'POST', headers: { authorization: `Bearer ${settings.apiKey}` }, body: form }, {
        vendor,
        timeoutMs: settings.timeoutMs,
        signal,
        isRefusal: isOpenAiRefusal,
      });
      const parsed = edited.safeParse(body);
      if (!parsed.success) throw new VideoGenerationError('transient', `${vendor} answered without an image`);
      let still: Buffer;
      try {
        still = await coverToStill(Buffer.from(parsed.data.data[0]!.b64_json, 'base64'));
      } catch (error) {
        throw new VideoGenerationError('transient', `${vendor} sent an image that cannot be read: ${(error as Error).message}`, { cause: error });
      }
      return { vendorId: await stills.save(still) };
    },

    status: (vendorId) => stills.status(vendorId),

    async cancel(vendorId) {
      stills.assertId(vendorId);
    },

    release: (vendorId) => stills.release(vendorId),
  };
}
