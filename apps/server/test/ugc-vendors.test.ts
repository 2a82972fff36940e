import { readFileSync } from 'node:fs';
import { generateUgcImageResponse, ugcImagePrompt, ugcTexts, type UgcConfig } from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config.ts';
import { startFakeFalImages } from '../src/providers/image-generation/fake-fal-images.fixture.ts';
import { readForm, startFakeOpenAiImages } from '../src/providers/image-generation/fake-openai-images.fixture.ts';
import { startFakeFal } from '../src/providers/video-generation/fake-fal.fixture.ts';
import { startFakeReplicate } from '../src/providers/video-generation/fake-replicate.fixture.ts';
import { localVendorTuning, startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { bottle, form, ugcAccount, ugcClient } from './ugc-client.ts';

/**
 * UGC through the vendors' local protocol servers, via the app and its worker: the still from OpenAI image edits (then
 * the video from fal.ai), or from fal.ai's image edit (then the video from Replicate).
 */
const [target] = await testDatabaseTargets();
const config = form as UgcConfig;
const falImageModel = 'fal-ai/nano-banana/edit';

const setups = {
  'OpenAI images and fal.ai video': async () => {
    const images = await startFakeOpenAiImages();
    const video = await startFakeFal();
    video.nextOutcome('completes', 1);
    const fal = { apiKey: video.apiKey, model: 'fal-ai/kling-video/v2.1/standard/image-to-video', baseUrl: video.baseUrl, storageUrl: video.baseUrl, webhookJwksUrl: video.jwksUrl, timeoutMs: 3000, lengths: [5, 10] };
    return {
      name: 'openai' as const,
      config: { imageGeneration: { openai: { apiKey: images.apiKey, model: 'gpt-image-1', baseUrl: images.baseUrl, timeoutMs: 5000 } }, videoGeneration: { fal } },
      refuseNextImage: () => images.refuseNext(),
      acceptImages: () => undefined,
      async imageAsked() {
        const forms = await Promise.all(images.requests.filter((r) => r.path === '/v1/images/edits').map(readForm));
        return Promise.all(
          forms.map(async (sent) => ({
            prompt: sent!.get('prompt'),
            fields: [sent!.get('model'), sent!.get('size'), sent!.get('input_fidelity')],
            image: Buffer.from(await (sent!.get('image') as Blob).arrayBuffer()),
          })),
        );
      },
      videoAsked: () => video.requests.filter((r) => r.method === 'POST' && r.path === `/${fal.model}`).map((r) => (r.body as { duration: string }).duration),
      close: () => Promise.all([images.close(), video.close()]),
    };
  },
  'fal.ai images and Replicate video': async () => {
    const images = await startFakeFalImages();
    images.nextOutcome('completes', 1);
    const video = await startFakeReplicate();
    video.nextOutcome('completes', 1);
    const replicate = { apiToken: video.apiToken, model: 'kwaivgi/kling-v2.1', baseUrl: `${video.baseUrl}/v1`, timeoutMs: 3000, lengths: [5, 10] };
    return {
      name: 'fal' as const,
      config: { imageGeneration: { fal: { apiKey: images.apiKey, model: falImageModel, baseUrl: images.baseUrl, storageUrl: images.baseUrl, timeoutMs: 5000 } }, videoGeneration: { replicate } },
      refuseNextImage: () => images.nextOutcome('refused', 1),
      acceptImages: () => images.nextOutcome('completes', 1),
      async imageAsked() {
        const bodies = images.requests.filter((r) => r.method === 'POST' && r.path === `/${falImageModel}`).map((r) => r.body as { prompt: string; image_urls: string[] });
        // The photo is passed by the URL fal's storage gave it.
        return Promise.all(bodies.map(async (body) => ({ prompt: body.prompt, fields: [], image: Buffer.from(await (await fetch(body.image_urls[0]!)).arrayBuffer()) })));
      },
      videoAsked: () => video.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions')).map((r) => String((r.body as { input: { duration: number } }).input.duration)),
      close: () => Promise.all([images.close(), video.close()]),
    };
  },
};

describe.each(Object.keys(setups) as (keyof typeof setups)[])('UGC through %s', (setupName) => {
  let t: TestApp;
  let vendor: Awaited<ReturnType<(typeof setups)[typeof setupName]>>;
  let api: ReturnType<typeof ugcClient>;
  let account: Awaited<ReturnType<typeof ugcAccount>>;

  beforeAll(async () => {
    vendor = await setups[setupName]();
    t = await startTestApp(target!, { videoGenerationTuning: localVendorTuning, ...(vendor.config as Partial<AppConfig>) });
    await t.composed.queue.startWorkers(1);
    account = await ugcAccount(t, `ugc-${vendor.name}@example.com`);
    api = ugcClient(t, account);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await vendor?.close();
  });

  it('sends the photo and the prompt built from every choice, keeps a refusal’s words, and turns the still into a 14 s video', async () => {
    expect(await api.settings()).toMatchObject({ image_generator: vendor.name });
    vendor.refuseNextImage();
    const refused = generateUgcImageResponse.parse((await api.generateImage(form)).json());
    expect(await api.image(refused.video_id)).toMatchObject({ status: 'error', ugc_image: null, error: ugcTexts.imageRefused });
    vendor.acceptImages();

    const { video_id } = generateUgcImageResponse.parse((await api.generateImage(form)).json());
    const done = await api.image(video_id);
    expect(done.status, JSON.stringify(done)).toBe('done');
    const asked = await vendor.imageAsked();
    expect(asked.at(-1)!.prompt).toBe(ugcImagePrompt(config));
    for (const words of ['Glow Serum', 'Indian', 'teenage', 'man', 'sportswear', 'holds', 'kitchen']) expect(asked.at(-1)!.prompt).toContain(words);
    if (vendor.name === 'openai') expect(asked.at(-1)!.fields).toEqual(['gpt-image-1', '1024x1536', 'high']);
    // The vendor gets the photo as it was stored: upright and fitted (issue 29 §4), byte for byte the kept copy.
    const kept = (await t.composed.repositories.uploads.listForUser(account.userId)).filter((upload) => upload.purpose === 'ugc-product').at(-1)!;
    expect(asked.at(-1)!.image.equals(readFileSync(await t.composed.storage.localPath(kept.storageKey)))).toBe(true);
    const sent = await sharp(asked.at(-1)!.image).metadata();
    const original = await sharp(bottle).metadata();
    expect([sent.width, sent.height]).toEqual([original.width, original.height]);
    // Whatever size the vendor made, the still is the 9:16 frame the video generators start from.
    const still = await sharp(readFileSync(await api.download(done.ugc_image!, `ugc-${vendor.name}.jpg`))).metadata();
    expect([still.format, still.width, still.height]).toEqual(['jpeg', 1080, 1920]);

    const started = await api.generateVideo({ video_id, prompt: 'He shows the serum to the camera', video_length: '14' });
    expect(started.statusCode, started.body).toBe(200);
    const video = await api.video(video_id);
    expect(video, JSON.stringify(video)).toMatchObject({ status: 'done' });
    // 14 s from a vendor that makes 5 and 10 s clips: a 10 s piece chained with a 5 s one.
    expect(vendor.videoAsked()).toEqual(['10', '5']);
    const info = await probe(await api.download(video.user_video_url!, `ugc-${vendor.name}.mp4`));
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    expect(info.duration).toBeCloseTo(14, 1);

    // The same still as a motion template, asked for beside the vendor: nothing sent to it, no AI credit.
    const used = await api.aiVideosUsed();
    const template = await api.generateVideo({ video_id, prompt: 'He shows the serum to the camera', video_length: '7', motion_template: true });
    expect(template.statusCode, template.body).toBe(200);
    expect(await api.video(video_id)).toMatchObject({ status: 'done' });
    expect(vendor.videoAsked()).toEqual(['10', '5']);
    expect(await api.aiVideosUsed()).toBe(used);
  }, 240_000);
});
