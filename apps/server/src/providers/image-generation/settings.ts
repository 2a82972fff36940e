import { z } from 'zod';
import type { FalImageSettings } from './fal.ts';
import type { OpenAiImageSettings } from './openai.ts';

/** The image vendors that are set up; neither means the local compositor makes the stills. */
export interface ImageGenerationSettings {
  openai?: OpenAiImageSettings;
  fal?: FalImageSettings;
}

// A dedicated key rather than OPENAI_API_KEY: that one turns on OpenAI voices, and must not quietly start billing images too.
const openaiVariables = ['OPENAI_IMAGE_API_KEY', 'OPENAI_IMAGE_MODEL', 'OPENAI_IMAGE_BASE_URL'] as const;
const openaiRequired = ['OPENAI_IMAGE_API_KEY'] as const;
// FAL_KEY alone sets up nothing here: it may be there for video only. The image model is what asks for fal images.
const falVariables = ['FAL_MODEL_IMAGE_EDIT'] as const;
const falRequired = ['FAL_KEY', 'FAL_MODEL_IMAGE_EDIT'] as const;

const text = z.string().trim().min(1);
const httpUrl = z.url({ protocol: /^https?$/ });

const schema = z.object({
  OPENAI_IMAGE_API_KEY: text.optional(),
  OPENAI_IMAGE_MODEL: text.default('gpt-image-1'),
  OPENAI_IMAGE_BASE_URL: httpUrl.default('https://api.openai.com/v1'),
  FAL_KEY: text.optional(),
  FAL_MODEL_IMAGE_EDIT: text.regex(/^[\w.-]+(\/[\w.-]+)+$/, 'an endpoint id like fal-ai/nano-banana/edit').optional(),
  FAL_BASE_URL: httpUrl.default('https://queue.fal.run'),
  FAL_STORAGE_URL: httpUrl.default('https://rest.fal.ai'),
  // OpenAI answers only once the image is made, which can take minutes at high input fidelity.
  IMAGE_GENERATION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(180_000),
});

export class ImageGenerationSettingsError extends Error {
  override name = 'ImageGenerationSettingsError';
}

function missing(env: Record<string, string | undefined>, all: readonly string[], required: readonly string[]): string[] {
  const given = all.filter((name) => env[name]?.trim());
  return given.length === 0 ? [] : required.filter((name) => !env[name]?.trim());
}

/**
 * Reads the image generation settings from the environment. A vendor is set up when any of its variables is given,
 * and then all its required ones must be: a half set-up is refused with the missing names, rather than quietly
 * falling back to the local compositor.
 */
export function imageGenerationSettingsFromEnv(env: Record<string, string | undefined>): ImageGenerationSettings {
  const absent = [...missing(env, openaiVariables, openaiRequired), ...missing(env, falVariables, falRequired)];
  if (absent.length > 0) throw new ImageGenerationSettingsError(`image generation is half set up: ${absent.join(', ')} missing`);
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ImageGenerationSettingsError(`image generation settings are invalid: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const timeoutMs = e.IMAGE_GENERATION_TIMEOUT_MS;
  return {
    ...(e.OPENAI_IMAGE_API_KEY ? { openai: { apiKey: e.OPENAI_IMAGE_API_KEY, model: e.OPENAI_IMAGE_MODEL, baseUrl: e.OPENAI_IMAGE_BASE_URL, timeoutMs } } : {}),
    ...(e.FAL_KEY && e.FAL_MODEL_IMAGE_EDIT ? { fal: { apiKey: e.FAL_KEY, model: e.FAL_MODEL_IMAGE_EDIT, baseUrl: e.FAL_BASE_URL, storageUrl: e.FAL_STORAGE_URL, timeoutMs } } : {}),
  };
}
