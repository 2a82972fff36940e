import { describe, expect, it } from 'vitest';
import { imageGenerationSettingsFromEnv, ImageGenerationSettingsError } from './settings.ts';

describe('imageGenerationSettingsFromEnv', () => {
  it('sets up nothing when no image vendor variable is given, even with a fal key there for video', () => {
    expect(imageGenerationSettingsFromEnv({ PATH: '/usr/bin', OPENAI_IMAGE_API_KEY: '  ', FAL_KEY: 'video-key', OPENAI_API_KEY: 'sk-voices' })).toEqual({});
  });

  it('reads an OpenAI set-up with its defaults', () => {
    expect(imageGenerationSettingsFromEnv({ OPENAI_IMAGE_API_KEY: 'sk-images' })).toEqual({
      openai: { apiKey: 'sk-images', model: 'gpt-image-1', baseUrl: 'https://api.openai.com/v1', timeoutMs: 180_000 },
    });
  });

  it('reads a fal set-up from the shared key and the image model, with the shared timeout', () => {
    const settings = imageGenerationSettingsFromEnv({ FAL_KEY: 'fal-key', FAL_MODEL_IMAGE_EDIT: 'fal-ai/nano-banana/edit', IMAGE_GENERATION_TIMEOUT_MS: '60000' });
    expect(settings).toEqual({ fal: { apiKey: 'fal-key', model: 'fal-ai/nano-banana/edit', baseUrl: 'https://queue.fal.run', storageUrl: 'https://rest.fal.ai', timeoutMs: 60_000 } });
  });

  it('refuses a half set-up, naming what is missing', () => {
    expect(() => imageGenerationSettingsFromEnv({ OPENAI_IMAGE_MODEL: 'gpt-image-1' })).toThrow(/OPENAI_IMAGE_API_KEY missing/);
    expect(() => imageGenerationSettingsFromEnv({ FAL_MODEL_IMAGE_EDIT: 'fal-ai/nano-banana/edit' })).toThrow(/FAL_KEY missing/);
  });

  it('refuses values that cannot work', () => {
    for (const bad of [
      { OPENAI_IMAGE_API_KEY: 'k', OPENAI_IMAGE_BASE_URL: 'ftp://api.openai.com' },
      { FAL_KEY: 'k', FAL_MODEL_IMAGE_EDIT: 'no slash' },
      { OPENAI_IMAGE_API_KEY: 'k', IMAGE_GENERATION_TIMEOUT_MS: '10' },
    ]) {
      expect(() => imageGenerationSettingsFromEnv(bad), JSON.stringify(bad)).toThrow(ImageGenerationSettingsError);
    }
  });
});
