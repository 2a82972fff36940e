import { createFalImageGenerator } from './fal.ts';
import { createLocalImageGenerator } from './local.ts';
import { createOpenAiImageGenerator } from './openai.ts';
import type { ImageGenerationSettings } from './settings.ts';
import type { ImageGenerator } from './types.ts';

export type { ImageGenerator, ImageRequest, ImageStatus } from './types.ts';
export { imageGenerationSettingsFromEnv, ImageGenerationSettingsError, type ImageGenerationSettings } from './settings.ts';
export { coverToStill } from './still-format.ts';

/**
 * OpenAI image edits when set up, else fal.ai when it is, else the offline compositor. The stills that are made
 * inside submit (OpenAI's and the compositor's) are kept in `localDir` until released.
 */
export function createImageGenerator(settings: ImageGenerationSettings, deps: { localDir: string }): ImageGenerator {
  if (settings.openai) return createOpenAiImageGenerator(settings.openai, { dir: deps.localDir });
  if (settings.fal) return createFalImageGenerator(settings.fal);
  return createLocalImageGenerator({ dir: deps.localDir });
}
