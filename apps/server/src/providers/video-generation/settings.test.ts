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
        storageUrl: 'https://rest.fal.ai',
        webhookJwksUrl: 'https://rest.alpha.fal.ai/.well-known/jwks.json',
        inputs: { image: 'image_url', duration: 'string', fixed: {}, dataUri: false },
        timeoutMs: 30_000,
        lengths: [5, 10],
        inlineImageMaxBytes: 0,
      },
    });
  });

  it("asks for webhooks at the app's public address, Replicate's only with the secret that checks them", () => {
    const fal = { FAL_KEY: 'k', FAL_MODEL_IMAGE_TO_VIDEO: 'fal-ai/kling-video/v2.1/pro/image-to-video', PUBLIC_URL: 'https://reels.example.com/' };
    expect(videoGenerationSettingsFromEnv(fal).fal?.webhookUrl).toBe('https://reels.example.com/api/webhooks/fal');
    expect(videoGenerationSettingsFromEnv({ ...fal, PUBLIC_URL: undefined }).fal?.webhookUrl).toBeUndefined();
    const replicate = { REPLICATE_API_TOKEN: 't', REPLICATE_MODEL_IMAGE_TO_VIDEO: 'kwaivgi/kling-v2.1', PUBLIC_URL: 'https://reels.example.com' };
    expect(videoGenerationSettingsFromEnv({ ...replicate, REPLICATE_WEBHOOK_SECRET: 'whsec_c2VjcmV0' }).replicate?.webhookUrl).toBe('https://reels.example.com/api/webhooks/replicate');
  });

  it("takes a model's input map from the table, overridden field by field from VIDEO_GENERATION_MODEL_INPUTS", () => {
    const env = { REPLICATE_API_TOKEN: 't', REPLICATE_MODEL_IMAGE_TO_VIDEO: 'kwaivgi/kling-v2.1:0123456789abcdef01' };
    expect(videoGenerationSettingsFromEnv(env).replicate?.inputs).toEqual({ image: 'start_image', duration: 'number', fixed: {}, dataUri: true });
    const overrides = JSON.stringify({ 'kwaivgi/kling-v2.1': { fixed: { mode: 'pro' } }, 'acme/wan': { image: 'first_frame', duration: 'none' } });
    expect(videoGenerationSettingsFromEnv({ ...env, VIDEO_GENERATION_MODEL_INPUTS: overrides }).replicate?.inputs).toEqual({ image: 'start_image', duration: 'number', fixed: { mode: 'pro' }, dataUri: true });
    const other = { ...env, REPLICATE_MODEL_IMAGE_TO_VIDEO: 'acme/wan', VIDEO_GENERATION_MODEL_INPUTS: overrides };
    expect(videoGenerationSettingsFromEnv(other).replicate?.inputs).toEqual({ image: 'first_frame', duration: 'none', fixed: {}, dataUri: true });
    expect(() => videoGenerationSettingsFromEnv({ ...env, VIDEO_GENERATION_MODEL_INPUTS: '{"a/b": {"imag": "x"}}' })).toThrow(VideoGenerationSettingsError);
    expect(() => videoGenerationSettingsFromEnv({ ...env, VIDEO_GENERATION_MODEL_INPUTS: 'not json' })).toThrow(/VIDEO_GENERATION_MODEL_INPUTS/);
  });

  it('reads a Replicate set-up with the shared settings', () => {
    const settings = videoGenerationSettingsFromEnv({
      REPLICATE_API_TOKEN: 'r8_token',
      REPLICATE_MODEL_IMAGE_TO_VIDEO: 'wan-video/wan-2.2-i2v-fast',
      REPLICATE_IMAGE_INPUT: 'first_frame',
      REPLICATE_WEBHOOK_SECRET: 'whsec_c2VjcmV0',
      VIDEO_GENERATION_TIMEOUT_MS: '5000',
      VIDEO_GENERATION_LENGTHS: '10, 5, 5',
      VENDOR_INLINE_IMAGE_MAX_BYTES: '200000',
    });
    expect(settings.replicate).toEqual({
      apiToken: 'r8_token',
      model: 'wan-video/wan-2.2-i2v-fast',
      inputs: { image: 'first_frame', duration: 'number', fixed: {}, dataUri: true },
      baseUrl: 'https://api.replicate.com/v1',
      webhookSecret: 'whsec_c2VjcmV0',
      timeoutMs: 5000,
      lengths: [5, 10],
      inlineImageMaxBytes: 200_000,
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
      // Over Replicate's 1 MB a data URI is refused: the fallback is for small stills only.
      { ...fal, VENDOR_INLINE_IMAGE_MAX_BYTES: '2000000' },
      { REPLICATE_API_TOKEN: 't', REPLICATE_MODEL_IMAGE_TO_VIDEO: 'a/b', REPLICATE_WEBHOOK_SECRET: 'not-a-secret' },
    ]) {
      expect(() => videoGenerationSettingsFromEnv(bad), JSON.stringify(bad)).toThrow(VideoGenerationSettingsError);
    }
  });
});
