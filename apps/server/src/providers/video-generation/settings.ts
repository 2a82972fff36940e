import { vendorWebhookEndpoints } from '@reelsmith/contracts';
import { z } from 'zod';
import type { FalSettings } from './fal.ts';
import { modelInputs, modelInputsOverrides } from './model-inputs.ts';
import { replicateDataUriMaxBytes, type ReplicateSettings } from './replicate.ts';

/** The hosted generators that are set up; neither means the local renderer makes the clips. */
export interface VideoGenerationSettings {
  fal?: FalSettings;
  replicate?: ReplicateSettings;
}

const falVariables = ['FAL_KEY', 'FAL_MODEL_IMAGE_TO_VIDEO', 'FAL_BASE_URL', 'FAL_WEBHOOK_JWKS_URL'] as const;
const falRequired = ['FAL_KEY', 'FAL_MODEL_IMAGE_TO_VIDEO'] as const;
const replicateVariables = ['REPLICATE_API_TOKEN', 'REPLICATE_MODEL_IMAGE_TO_VIDEO', 'REPLICATE_IMAGE_INPUT', 'REPLICATE_BASE_URL', 'REPLICATE_WEBHOOK_SECRET'] as const;
const replicateRequired = ['REPLICATE_API_TOKEN', 'REPLICATE_MODEL_IMAGE_TO_VIDEO'] as const;

const text = z.string().trim().min(1);
const httpUrl = z.url({ protocol: /^https?$/ });

const schema = z.object({
  FAL_KEY: text.optional(),
  FAL_MODEL_IMAGE_TO_VIDEO: text.regex(/^[\w.-]+(\/[\w.-]+)+$/, 'an endpoint id like fal-ai/kling-video/v2.1/standard/image-to-video').optional(),
  FAL_BASE_URL: httpUrl.default('https://queue.fal.run'),
  // Shared with fal's image model (image-generation/settings.ts): where local stills are uploaded.
  FAL_STORAGE_URL: httpUrl.default('https://rest.fal.ai'),
  FAL_WEBHOOK_JWKS_URL: httpUrl.default('https://rest.alpha.fal.ai/.well-known/jwks.json'),
  REPLICATE_API_TOKEN: text.optional(),
  REPLICATE_MODEL_IMAGE_TO_VIDEO: text.regex(/^([\w.-]+\/[\w.-]+(:[0-9a-f]{16,})?|[0-9a-f]{16,})$/, 'owner/name, owner/name:version or a version id').optional(),
  // Older than VIDEO_GENERATION_MODEL_INPUTS, still honoured: the field that takes the still.
  REPLICATE_IMAGE_INPUT: text.regex(/^\w+$/).optional(),
  REPLICATE_BASE_URL: httpUrl.default('https://api.replicate.com/v1'),
  REPLICATE_WEBHOOK_SECRET: text.regex(/^whsec_[A-Za-z0-9+/=]+$/, 'the whsec_… secret Replicate gives').optional(),
  VIDEO_GENERATION_MODEL_INPUTS: z
    .string()
    .transform((value, context) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'a JSON object from model to its inputs' });
        return z.NEVER;
      }
    })
    .pipe(modelInputsOverrides)
    .default({}),
  // Replicate's data URI ceiling is the most any vendor is sent inline.
  VENDOR_INLINE_IMAGE_MAX_BYTES: z.coerce.number().int().min(0).max(replicateDataUriMaxBytes).default(0),
  // The app's public address: given, the vendors are asked to announce each generation's end at its webhooks.
  PUBLIC_URL: httpUrl.optional(),
  VIDEO_GENERATION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  VIDEO_GENERATION_LENGTHS: z
    .string()
    .default('5,10')
    .transform((value) => value.split(',').map((part) => Number(part.trim())))
    .pipe(z.array(z.number().positive().max(60)).min(1))
    .transform((lengths) => [...new Set(lengths)].sort((a, b) => a - b)),
});

export class VideoGenerationSettingsError extends Error {
  override name = 'VideoGenerationSettingsError';
}

function missing(env: Record<string, string | undefined>, all: readonly string[], required: readonly string[]): string[] {
  const given = all.filter((name) => env[name]?.trim());
  return given.length === 0 ? [] : required.filter((name) => !env[name]?.trim());
}

/**
 * Reads the video generation settings from the environment. A vendor is set up when any of its variables is given,
 * and then all its required ones must be: a half set-up is refused with the missing names, rather than quietly
 * falling back to the local renderer.
 */
export function videoGenerationSettingsFromEnv(env: Record<string, string | undefined>): VideoGenerationSettings {
  // FAL_KEY with fal's image model and no video model sets up fal images only (image-generation/settings.ts).
  const falImagesOnly = Boolean(env.FAL_MODEL_IMAGE_EDIT?.trim()) && !falVariables.some((name) => name !== 'FAL_KEY' && env[name]?.trim());
  const falSetUp = falImagesOnly ? [] : missing(env, falVariables, falRequired);
  const absent = [...falSetUp, ...missing(env, replicateVariables, replicateRequired)];
  if (absent.length > 0) throw new VideoGenerationSettingsError(`video generation is half set up: ${absent.join(', ')} missing`);
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new VideoGenerationSettingsError(`video generation settings are invalid: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const common = { timeoutMs: e.VIDEO_GENERATION_TIMEOUT_MS, lengths: e.VIDEO_GENERATION_LENGTHS, inlineImageMaxBytes: e.VENDOR_INLINE_IMAGE_MAX_BYTES };
  const webhook = (path: string) => (e.PUBLIC_URL ? { webhookUrl: `${e.PUBLIC_URL.replace(/\/+$/, '')}${path}` } : {});
  const replicateInputs = (model: string) => {
    const inputs = modelInputs('replicate', model, e.VIDEO_GENERATION_MODEL_INPUTS);
    return e.REPLICATE_IMAGE_INPUT ? { ...inputs, image: e.REPLICATE_IMAGE_INPUT } : inputs;
  };
  return {
    ...(e.FAL_KEY && e.FAL_MODEL_IMAGE_TO_VIDEO
      ? {
          fal: {
            apiKey: e.FAL_KEY,
            model: e.FAL_MODEL_IMAGE_TO_VIDEO,
            baseUrl: e.FAL_BASE_URL,
            storageUrl: e.FAL_STORAGE_URL,
            webhookJwksUrl: e.FAL_WEBHOOK_JWKS_URL,
            inputs: modelInputs('fal', e.FAL_MODEL_IMAGE_TO_VIDEO, e.VIDEO_GENERATION_MODEL_INPUTS),
            ...webhook(vendorWebhookEndpoints.fal.path),
            ...common,
          },
        }
      : {}),
    ...(e.REPLICATE_API_TOKEN && e.REPLICATE_MODEL_IMAGE_TO_VIDEO
      ? {
          replicate: {
            apiToken: e.REPLICATE_API_TOKEN,
            model: e.REPLICATE_MODEL_IMAGE_TO_VIDEO,
            inputs: replicateInputs(e.REPLICATE_MODEL_IMAGE_TO_VIDEO),
            baseUrl: e.REPLICATE_BASE_URL,
            ...(e.REPLICATE_WEBHOOK_SECRET ? { webhookSecret: e.REPLICATE_WEBHOOK_SECRET } : {}),
            ...webhook(vendorWebhookEndpoints.replicate.path),
            ...common,
          },
        }
      : {}),
  };
}
