import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../storage/s3.ts';
import { createFalVideoGenerator, type FalSettings } from './fal.ts';
import { startFakeFal, type FakeFal } from './fake-fal.fixture.ts';
import { startFakeReplicate, type FakeReplicate } from './fake-replicate.fixture.ts';
import type { RecordedRequest } from './fake-vendor.fixture.ts';
import { createReplicateVideoGenerator, type ReplicateSettings } from './replicate.ts';
import { VideoGenerationError } from './types.ts';

/**
 * How a still reaches the vendors, against stand-ins that refuse what the vendors refuse: fal reads URLs with every
 * model and data URIs with some only; Replicate reads data URIs under 1 MB; a field the model's schema lacks is a 422.
 */
const scratch = mkdtempSync(join(tmpdir(), 'rs-image-inputs-'));
const small = join(scratch, 'small.png');
const large = join(scratch, 'large.png');
const model = { fal: 'fal-ai/kling-video/v2.1/standard/image-to-video', replicate: 'kwaivgi/kling-v2.1' };
const timeoutMs = 3000;

let fal: FakeFal;
let replicate: FakeReplicate;
beforeAll(async () => {
  writeFileSync(small, await sharp({ create: { width: 90, height: 160, channels: 3, background: '#2f6f6a' } }).png().toBuffer());
  // Noise does not compress: a chained scene's last frame is a PNG of about this size.
  const noise = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 70 } } }).png().toBuffer();
  expect(noise.length).toBeGreaterThan(2_000_000);
  writeFileSync(large, noise);
  [fal, replicate] = await Promise.all([startFakeFal(), startFakeReplicate()]);
});
afterAll(async () => {
  await Promise.all([fal.close(), replicate.close()]);
});

const falGenerator = (extra: Partial<FalSettings> = {}) =>
  createFalVideoGenerator({ apiKey: fal.apiKey, model: model.fal, baseUrl: fal.baseUrl, storageUrl: fal.baseUrl, webhookJwksUrl: fal.jwksUrl, timeoutMs, lengths: [5, 10], ...extra });
const replicateGenerator = (extra: Partial<ReplicateSettings> = {}) =>
  createReplicateVideoGenerator({ apiToken: replicate.apiToken, model: model.replicate, baseUrl: `${replicate.baseUrl}/v1`, timeoutMs, lengths: [5, 10], ...extra });

async function errorOf(promise: Promise<unknown>): Promise<VideoGenerationError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(VideoGenerationError);
  return error as VideoGenerationError;
}

/** The submit a call made, after any upload. */
const submitted = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.method === 'POST' && r.path === path).at(-1)!;

async function post(url: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("fal.ai's rules", () => {
  it('refuses a data URI for a model that reads URLs only, and a field its schema lacks, with 422', async () => {
    const auth = { authorization: `Key ${fal.apiKey}` };
    const inline = await post(`${fal.baseUrl}/${model.fal}`, auth, { prompt: 'p', image_url: 'data:image/png;base64,iVBORw0KGgo=', duration: '5' });
    expect(inline).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'image_url'], type: 'file_download_error' }] } });
    const missing = await post(`${fal.baseUrl}/${model.fal}`, auth, { prompt: 'p', image_url: `${fal.baseUrl}/cdn/none.png`, duration: '5' });
    expect(missing).toMatchObject({ status: 422, body: { detail: [{ type: 'file_download_error' }] } });

    const withAspect = falGenerator({ inputs: { image: 'image_url', duration: 'string', fixed: { aspect_ratio: '9:16' }, dataUri: false } });
    const error = await errorOf(withAspect.submit({ image: { path: small }, prompt: 'p', seconds: 5 }));
    expect(error).toMatchObject({ kind: 'permanent', httpStatus: 422, message: expect.stringMatching(/Extra inputs are not permitted/) });
  });

  it('uploads a local still of any size to its storage and passes the URL, which it fetches', async () => {
    for (const path of [small, large]) {
      const before = fal.requests.length;
      await falGenerator({ inlineImageMaxBytes: 1_000_000 }).submit({ image: { path }, prompt: 'p', seconds: 5 }, undefined);
      const calls = fal.requests.slice(before);
      const initiate = calls.find((r) => r.path === '/storage/upload/initiate')!;
      expect(initiate.headers).toMatchObject({ authorization: `Key ${fal.apiKey}`, 'x-fal-object-lifecycle': '{"expiration_duration_seconds":86400}' });
      expect(initiate.body).toEqual({ content_type: 'image/png', file_name: expect.stringMatching(/\.png$/) });
      const put = calls.find((r) => r.method === 'PUT')!;
      expect(put.headers.authorization).toBeUndefined();
      const imageUrl = (submitted(calls, `/${model.fal}`).body as { image_url: string }).image_url;
      expect(calls.some((r) => r.method === 'GET' && imageUrl.endsWith(r.path))).toBe(true);
    }
  });
});

describe("Replicate's rules", () => {
  const path = `/v1/models/${model.replicate}/predictions`;

  it('refuses a 2 MB data URI and a field the schema lacks with problem+json 422', async () => {
    const auth = { authorization: `Bearer ${replicate.apiToken}` };
    const dataUri = `data:image/png;base64,${readFileSync(large).toString('base64')}`;
    const big = await post(`${replicate.baseUrl}${path}`, auth, { input: { prompt: 'p', start_image: dataUri } });
    expect(big).toMatchObject({ status: 422, body: { title: 'Input validation failed', detail: expect.stringMatching(/1 MB/), status: 422 } });

    const withAspect = replicateGenerator({ inputs: { image: 'start_image', duration: 'number', fixed: { aspect_ratio: '9:16' }, dataUri: true } });
    const error = await errorOf(withAspect.submit({ image: { path: small }, prompt: 'p', seconds: 5 }));
    expect(error).toMatchObject({ kind: 'permanent', httpStatus: 422, message: expect.stringMatching(/Additional property aspect_ratio is not allowed/) });
  });

  it('sends a small still inline under the configured size, and a large one through the files API', async () => {
    const generator = replicateGenerator({ inlineImageMaxBytes: 1_000_000 });
    await generator.submit({ image: { path: small }, prompt: 'p', seconds: 5 });
    expect((submitted(replicate.requests, path).body as { input: { start_image: string } }).input.start_image).toMatch(/^data:image\/png;base64,/);

    const before = replicate.requests.length;
    await generator.submit({ image: { path: large }, prompt: 'p', seconds: 5 });
    const upload = replicate.requests.slice(before).find((r) => r.path === '/v1/files')!;
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.headers.authorization).toBe(`Bearer ${replicate.apiToken}`);
    expect((submitted(replicate.requests, path).body as { input: { start_image: string } }).input.start_image).toMatch(new RegExp(`^${replicate.baseUrl}/v1/files/\\w+$`));
  });

  it('uploads every local still when no inline size is set', async () => {
    await replicateGenerator().submit({ image: { path: small }, prompt: 'p', seconds: 5 });
    expect((submitted(replicate.requests, path).body as { input: { start_image: string } }).input.start_image).toMatch(/\/v1\/files\//);
  });
});

describe('a still in the S3 bucket', () => {
  let s3rver: S3rver;
  let port: number;
  beforeAll(async () => {
    s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(scratch, 's3'), configureBuckets: [{ name: 'reelsmith', configs: [] }] });
    ({ port } = await s3rver.run());
  });
  afterAll(() => s3rver.close());

  it('reaches both vendors by its presigned URL, with nothing uploaded; a URL of nothing is refused', async () => {
    const storage = createS3Storage(
      { bucket: 'reelsmith', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
      join(scratch, 's3cache'),
    );
    await storage.putFile('users/u1/uploads/still.png', large, 'image/png');
    const url = await storage.presignGet!('users/u1/uploads/still.png', 600);
    expect(url).toMatch(/X-Amz-Signature=/);

    const before = { fal: fal.requests.length, replicate: replicate.requests.length };
    await falGenerator().submit({ image: { url }, prompt: 'p', seconds: 5 });
    await replicateGenerator().submit({ image: { url }, prompt: 'p', seconds: 5 });
    expect(fal.requests.slice(before.fal).map((r) => r.path)).toEqual([`/${model.fal}`]);
    expect(replicate.requests.slice(before.replicate).map((r) => r.path)).toEqual([`/v1/models/${model.replicate}/predictions`]);

    const gone = await storage.presignGet!('users/u1/uploads/gone.png', 600);
    expect(await errorOf(falGenerator().submit({ image: { url: gone }, prompt: 'p', seconds: 5 }))).toMatchObject({ kind: 'permanent', httpStatus: 422 });
    expect(await errorOf(replicateGenerator().submit({ image: { url: gone }, prompt: 'p', seconds: 5 }))).toMatchObject({ kind: 'permanent', httpStatus: 422 });
  });
});
