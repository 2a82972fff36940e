import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeReply, RecordedRequest } from '../video-generation/fake-vendor.fixture.ts';
import { VideoGenerationError } from '../video-generation/types.ts';
import { startFakeFalImages } from './fake-fal-images.fixture.ts';
import { readForm, startFakeOpenAiImages } from './fake-openai-images.fixture.ts';
import { createFalImageGenerator } from './fal.ts';
import { createLocalImageGenerator } from './local.ts';
import { createOpenAiImageGenerator } from './openai.ts';
import { samplePackshot } from './sample-product.ts';
import type { ImageGenerator, ImageRequest, ImageStatus } from './types.ts';

const scratch = mkdtempSync(join(tmpdir(), 'rs-image-generation-'));
const productPath = join(scratch, 'product.jpg');
writeFileSync(productPath, await samplePackshot());
const productBytes = readFileSync(productPath);
// Long enough for a busy two-core machine to answer in time; the slow-answer test waits past it on purpose.
const timeoutMs = 3000;

const request: ImageRequest = {
  productImagePath: productPath,
  prompt: 'Authentic vertical 9:16 photo: the Lumi serum from the photo stands on a counter in a clean modern kitchen.',
  background: 'Kitchen',
  placement: 'Placed on the counter',
  person: { gender: 'Male', ethnicity: 'Indian', ageGroup: 'Elderly', clothing: 'Traditional' },
};

/** What the contract needs from a vendor stand-in, whichever protocol it speaks. */
interface StandIn {
  generator: ImageGenerator;
  requests: RecordedRequest[];
  /** How the next request ends (for OpenAI only the next; fal keeps it until told otherwise). */
  nextOutcome(outcome: 'completes' | 'refused'): void;
  /** The size the completed still comes in: OpenAI's adapter normalises it, fal's stays at the vendor as made. */
  stillSize: { width: number; height: number };
  /** Whether cancel asks the vendor (a queue) or has nothing to stop (an answer that came with the submit). */
  sendsCancel: boolean;
  /** Answers the next submit with `reply` instead of the protocol's answer. */
  interruptSubmit(reply: FakeReply): void;
  /** Checks the vendor-specific shape of the submit request this stand-in received. */
  checkSubmit(request: RecordedRequest): Promise<void>;
  close(): Promise<void>;
}

const vendors: Record<string, () => Promise<StandIn>> = {
  openai: async () => {
    const fake = await startFakeOpenAiImages();
    const generator = createOpenAiImageGenerator({ apiKey: fake.apiKey, model: 'gpt-image-1', baseUrl: fake.baseUrl, timeoutMs }, { dir: join(scratch, 'openai') });
    return {
      ...fake,
      generator,
      nextOutcome(outcome) {
        if (outcome === 'refused') fake.refuseNext();
      },
      stillSize: { width: 1080, height: 1920 },
      sendsCancel: false,
      interruptSubmit: (reply) => fake.interruptNext('edits', reply),
      async checkSubmit(sent) {
        expect(sent).toMatchObject({ method: 'POST', path: '/v1/images/edits' });
        expect(sent.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
        const form = (await readForm(sent))!;
        expect(Object.fromEntries(['model', 'prompt', 'size', 'input_fidelity', 'n'].map((name) => [name, form.get(name)]))).toEqual({
          model: 'gpt-image-1',
          prompt: request.prompt,
          size: '1024x1536',
          input_fidelity: 'high',
          n: '1',
        });
        const image = form.get('image') as File;
        expect(image.type).toBe('image/jpeg');
        expect(Buffer.from(await image.arrayBuffer()).equals(productBytes)).toBe(true);
      },
    };
  },
  fal: async () => {
    const fake = await startFakeFalImages();
    const model = 'fal-ai/nano-banana/edit';
    const generator = createFalImageGenerator({ apiKey: fake.apiKey, model, baseUrl: fake.baseUrl, storageUrl: fake.baseUrl, timeoutMs });
    return {
      ...fake,
      generator,
      nextOutcome: (outcome) => fake.nextOutcome(outcome, 1),
      stillSize: { width: 768, height: 1344 },
      sendsCancel: true,
      interruptSubmit: (reply) => fake.interruptNext('submit', reply),
      async checkSubmit(sent) {
        expect(sent).toMatchObject({ method: 'POST', path: `/${model}` });
        expect(sent.headers).toMatchObject({ authorization: `Key ${fake.apiKey}`, 'content-type': 'application/json' });
        // The photo went to fal's storage (the stand-in fetched it back to check): the model is given its URL.
        const photoUrl = (sent.body as { image_urls: string[] }).image_urls[0]!;
        expect(sent.body).toEqual({ prompt: request.prompt, image_urls: [expect.stringMatching(new RegExp(`^${fake.baseUrl}/cdn/.+\\.jpeg$`))], aspect_ratio: '9:16', num_images: 1, output_format: 'jpeg' });
        expect(Buffer.from(await (await fetch(photoUrl)).arrayBuffer()).equals(productBytes)).toBe(true);
      },
    };
  },
};

async function errorOf(promise: Promise<unknown>): Promise<VideoGenerationError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VideoGenerationError);
  return error as VideoGenerationError;
}

async function settle(generator: ImageGenerator, vendorId: string): Promise<{ seen: string[]; final: ImageStatus }> {
  const seen: string[] = [];
  for (let i = 0; i < 10; i++) {
    const status = await generator.status(vendorId);
    seen.push(status.state);
    if (status.state !== 'queued' && status.state !== 'running') return { seen, final: status };
  }
  throw new Error(`still not settled after 10 polls: ${seen.join(', ')}`);
}

/** The still a completed status points at, whether kept on this machine or at the vendor. */
async function stillOf(status: ImageStatus): Promise<Buffer> {
  if (status.resultPath) return readFileSync(status.resultPath);
  const response = await fetch(status.resultUrl!);
  expect(response.ok).toBe(true);
  return Buffer.from(await response.arrayBuffer());
}

describe.each(Object.keys(vendors))('image generation contract: %s', (name) => {
  let vendor: StandIn;

  beforeAll(async () => {
    vendor = await vendors[name]!();
  });
  afterAll(async () => {
    await vendor.close();
  });

  it('sends the photo and prompt in the vendor shape, and completes with a portrait still that decodes', async () => {
    vendor.nextOutcome('completes');
    const before = vendor.requests.length;
    const { vendorId } = await vendor.generator.submit(request);
    await vendor.checkSubmit(vendor.requests.slice(before).find((r) => r.method === 'POST' && !r.path.startsWith('/storage/'))!);
    const { final } = await settle(vendor.generator, vendorId);
    expect(final.state).toBe('completed');
    expect(await sharp(await stillOf(final)).metadata()).toMatchObject(vendor.stillSize);
  });

  it('reports a content-policy refusal as refused, apart from failures', async () => {
    vendor.nextOutcome('refused');
    const outcome = await vendor.generator.submit(request).then(
      async ({ vendorId }) => (await settle(vendor.generator, vendorId)).final,
      (error: unknown) => error,
    );
    // OpenAI refuses in the submit call itself; fal accepts the request and reports the refusal as its outcome.
    if (outcome instanceof VideoGenerationError) expect(outcome.kind).toBe('refused');
    else expect(outcome).toMatchObject({ state: 'refused', error: expect.stringMatching(/safety|flagged/) });
  });

  it('passes a 429 on as rate-limited with the Retry-After seconds, and a 5xx as transient', async () => {
    vendor.interruptSubmit({ status: 429, headers: { 'retry-after': '7' }, body: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' }, detail: 'Too many requests' } });
    expect(await errorOf(vendor.generator.submit(request))).toMatchObject({ kind: 'rateLimited', retryAfterSeconds: 7, httpStatus: 429 });
    vendor.interruptSubmit({ status: 503, body: { error: { message: 'The server is overloaded', type: 'server_error', code: null }, detail: 'upstream unavailable' } });
    expect(await errorOf(vendor.generator.submit(request))).toMatchObject({ kind: 'transient', outcomeUnknown: false, httpStatus: 503 });
  });

  it('calls a request with no answer transient with an unknown outcome', async () => {
    vendor.interruptSubmit({ status: 200, body: {}, delayMs: timeoutMs + 700 });
    expect(await errorOf(vendor.generator.submit(request))).toMatchObject({ kind: 'transient', outcomeUnknown: true });
  });

  it('calls a rejected key permanent', async () => {
    vendor.interruptSubmit({ status: 401, body: { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' }, detail: 'Unauthorized' } });
    expect((await errorOf(vendor.generator.submit(request))).kind).toBe('permanent');
  });

  it('takes a cancel and a release more than once, before and after the end', async () => {
    vendor.nextOutcome('completes');
    const { vendorId } = await vendor.generator.submit(request);
    const before = vendor.requests.length;
    await expect(vendor.generator.cancel(vendorId)).resolves.toBeUndefined();
    const asked = vendor.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(asked).toEqual(vendor.sendsCancel ? [expect.stringMatching(new RegExp(`^PUT .*/requests/${vendorId}/cancel$`))] : []);
    await settle(vendor.generator, vendorId);
    await expect(vendor.generator.cancel(vendorId)).resolves.toBeUndefined();
    await vendor.generator.release?.(vendorId);
    await vendor.generator.release?.(vendorId);
  });
});

/** The offline compositor against the same promises where they apply; vendor protocol has no local counterpart. */
describe('image generation contract: local', () => {
  const generator = createLocalImageGenerator({ dir: join(scratch, 'local') });

  it('makes a 1080x1920 JPEG inside submit that status reports completed, and frees it on release', async () => {
    const { vendorId } = await generator.submit(request);
    const status = await generator.status(vendorId);
    expect(status).toMatchObject({ state: 'completed', resultPath: expect.stringMatching(/\.jpg$/) });
    expect(await sharp(await stillOf(status)).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1920 });
    await expect(generator.cancel(vendorId)).resolves.toBeUndefined();
    await expect(generator.cancel(vendorId)).resolves.toBeUndefined();
    await generator.release!(vendorId);
    await generator.release!(vendorId);
    expect(existsSync(status.resultPath!)).toBe(false);
    expect((await generator.status(vendorId)).state).toBe('failed');
  });

  it("draws the request's person: another skin tone and clothing change the presenter's pixels", async () => {
    const presenter = async (person: ImageRequest['person']) => {
      const { vendorId } = await generator.submit({ ...request, person });
      const pixels = await sharp(await stillOf(await generator.status(vendorId))).extract({ left: 620, top: 440, width: 420, height: 780 }).raw().toBuffer();
      await generator.release!(vendorId);
      return pixels;
    };
    const a = await presenter(request.person);
    const b = await presenter({ ...request.person, ethnicity: 'Caucasian', clothing: 'Sportswear' });
    expect(a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length).toBeGreaterThan(15);
  });

  it('refuses an id it cannot have made, and a product file that is not an image', async () => {
    expect((await errorOf(generator.status('../../etc/passwd'))).kind).toBe('permanent');
    expect((await errorOf(generator.cancel('not-an-id'))).kind).toBe('permanent');
    const notImage = join(scratch, 'notes.txt');
    writeFileSync(notImage, 'not a photo');
    expect((await errorOf(generator.submit({ ...request, productImagePath: notImage }))).kind).toBe('permanent');
  });
});
