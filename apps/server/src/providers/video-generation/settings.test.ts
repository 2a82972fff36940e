import { describe, expect, it } from 'vitest';
import { videoGenerationSettingsFromEnv, VideoGenerationSettingsError } from './settings.ts';

describe('videoGenerationSettingsFromEnv', () => {
  it('sets up nothing when no vendor variable is given', () => {
    expect(videoGenerationSettingsFromEnv({ PATH: '/usr/bin', FAL_KEY: '  ' })).toEqual({});
  });

  it('reads a fal set-up with its defaults', () => {
    const settings = videoGenerationSettingsFromEnv({ FAL_KEY: 'key-1', FAL_MODEL_IMAGE_TO_VIDEO: 'fal-ai/kling-video/v2.1/standard/image-to-video' });
    expect(settings).toEqual({
      fal: {
        apiKey: 'key-1',
        model: 'fal-ai/kling-video/v2.1/standard/image-to-video',
        baseUrl: 'https://queue.fal.run',
        webhookJwksUrl: 'https://rest.alpha.fal.ai/.well-known/jwks.json',
        timeoutMs: 30_000,
        lengths: [5, 10],
      },
    });
  });

  it('reads a Replicate set-up with the shared settings', () => {
    const settings = videoGenerationSettingsFromEnv({
      REPLICATE_API_TOKEN: 'r8_token',
      REPLICATE_MODEL_IMAGE_TO_VIDEO: 'wan-video/wan-2.2-i2v-fast',
      REPLICATE_IMAGE_INPUT: 'image',
      REPLICATE_WEBHOOK_SECRET: 'whsec_c2VjcmV0',
      VIDEO_GENERATION_TIMEOUT_MS: '5000',
      VIDEO_GENERATION_LENGTHS: '10, 5, 5',
    });
    expect(settings.replicate).toEqual({
      apiToken: 'r8_token',
      model: 'wan-video/wan-2.2-i2v-fast',
      imageInput: 'image',
      baseUrl: 'https://api.replicate.com/v1',
      webhookSecret: 'whsec_c2VjcmV0',
      timeoutMs: 5000,
      lengths: [5, 10],
    });
    expect(settings.fal).toBeUndefined();
  });

  it('refuses a half set-up, naming what is missing', () => {
    expect(() => videoGenerationSettingsFromEnv({ FAL_MODEL_IMAGE_TO_VIDEO: 'fal-ai/wan-i2v' })).toThrow(/FAL_KEY missing/);
    expect(() => videoGenerationSettingsFromEnv({ REPLICATE_WEBHOOK_SECRET: 'whsec_c2VjcmV0' })).toThrow(
      /REPLICATE_API_TOKEN, REPLICATE_MODEL_IMAGE_TO_VIDEO missing/,
    );
  });

  it('leaves video to the motion renderer when fal is set up for images only, but not when its key stands alone', () => {
    expect(videoGenerationSettingsFromEnv({ FAL_KEY: 'k', FAL_MODEL_IMAGE_EDIT: 'fal-ai/nano-banana/edit' })).toEqual({});
    expect(() => videoGenerationSettingsFromEnv({ FAL_KEY: 'k' })).toThrow(/FAL_MODEL_IMAGE_TO_VIDEO missing/);
  });

  it('refuses values that cannot work', () => {
    const fal = { FAL_KEY: 'k', FAL_MODEL_IMAGE_TO_VIDEO: 'fal-ai/wan-i2v' };
    for (const bad of [
      { ...fal, FAL_BASE_URL: 'ftp://queue.fal.run' },
      { ...fal, FAL_MODEL_IMAGE_TO_VIDEO: 'no slash' },
      { ...fal, VIDEO_GENERATION_LENGTHS: '5,ten' },
      { ...fal, VIDEO_GENERATION_TIMEOUT_MS: '10' },
      { REPLICATE_API_TOKEN: 't', REPLICATE_MODEL_IMAGE_TO_VIDEO: 'a/b', REPLICATE_WEBHOOK_SECRET: 'not-a-secret' },
    ]) {
      expect(() => videoGenerationSettingsFromEnv(bad), JSON.stringify(bad)).toThrow(VideoGenerationSettingsError);
    }
  });
});
