import { z } from 'zod';

/**
 * What one image-to-video model's input schema takes, so that a request carries only fields the schema has: a model
 * answers 422 to a field it does not know (Replicate's cog did, in a regression), and the same field means different
 * things across models. The defaults below are read from the vendors' published schemas (SOURCES.md); an operator
 * adds or corrects a model with VIDEO_GENERATION_MODEL_INPUTS instead of a code change.
 */
export interface ModelInputs {
  /** The field that takes the still. */
  image: string;
  /** How the clip length is sent as `duration`: fal's Kling takes "5", Replicate's 5; 'none' for a model without it. */
  duration: 'string' | 'number' | 'none';
  /** Fields sent as they are, e.g. `aspect_ratio: '9:16'` for a model whose schema has it. */
  fixed: Record<string, string | number | boolean>;
  /** The model reads a data URI in the image field (fal: only some models do; Replicate: every model, under 1 MB). */
  dataUri: boolean;
}

export type Vendor = 'fal' | 'replicate';

// Kling's image-to-video on fal: {prompt, image_url, duration "5" | "10", negative_prompt, cfg_scale}; the picture's
// own shape sets the clip's, so there is no aspect_ratio.
const falKling: ModelInputs = { image: 'image_url', duration: 'string', fixed: {}, dataUri: false };

export const defaultModelInputs: Record<Vendor, Record<string, ModelInputs>> = {
  fal: {
    'fal-ai/kling-video/v2.1/standard/image-to-video': falKling,
    'fal-ai/kling-video/v2.1/pro/image-to-video': falKling,
    'fal-ai/kling-video/v2.1/master/image-to-video': falKling,
    'fal-ai/kling-video/v2.5-turbo/pro/image-to-video': falKling,
  },
  replicate: {
    // {prompt, start_image (required), mode, duration 5 | 10, negative_prompt, end_image}: no aspect_ratio either.
    'kwaivgi/kling-v2.1': { image: 'start_image', duration: 'number', fixed: {}, dataUri: true },
  },
};

/** A model missing from the table gets the fields nearly every image-to-video model has, and nothing more. */
const fallback: Record<Vendor, ModelInputs> = {
  fal: { image: 'image_url', duration: 'string', fixed: {}, dataUri: false },
  replicate: { image: 'image', duration: 'number', fixed: {}, dataUri: true },
};

const inputName = z.string().regex(/^\w+$/);

/** VIDEO_GENERATION_MODEL_INPUTS: a JSON object from model to the fields that differ from the default. */
export const modelInputsOverrides = z.record(
  z.string(),
  z
    .object({
      image: inputName,
      duration: z.enum(['string', 'number', 'none']),
      fixed: z.record(inputName, z.union([z.string(), z.number(), z.boolean()])),
      dataUri: z.boolean(),
    })
    .partial()
    .strict(),
);
export type ModelInputsOverrides = z.infer<typeof modelInputsOverrides>;

/** The model's input map: the table's entry (a version pin `owner/name:version` reads the model's), then the operator's override. */
export function modelInputs(vendor: Vendor, model: string, overrides: ModelInputsOverrides = {}): ModelInputs {
  const name = model.split(':')[0]!;
  const base = defaultModelInputs[vendor][name] ?? fallback[vendor];
  const override = overrides[model] ?? overrides[name] ?? {};
  return { ...base, ...override, fixed: { ...base.fixed, ...override.fixed } };
}

/** The request's fields for the model: only those its map names. */
export function modelInput(inputs: ModelInputs, request: { prompt: string; image: string; seconds: number }): Record<string, unknown> {
  const duration = inputs.duration === 'none' ? {} : { duration: inputs.duration === 'string' ? String(request.seconds) : request.seconds };
  return { prompt: request.prompt, [inputs.image]: request.image, ...duration, ...inputs.fixed };
}
