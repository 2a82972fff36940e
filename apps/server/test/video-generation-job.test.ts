import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { aiVideoMessages } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeCore } from '../src/compose.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createRepositories, type Repositories } from '../src/db/repositories/index.ts';
import { user } from '../src/db/schema.ts';
import { JobCancelledError, PermanentJobError, type JobContext } from '../src/jobs/types.ts';
import { createVideoGenerationJob, type VideoGenerationInput } from '../src/jobs/video-generation-job.ts';
import { createMediaPort } from '../src/providers/media/index.ts';
import { createStorage } from '../src/providers/storage/index.ts';
import type { ObjectStorage } from '../src/providers/storage/types.ts';
import { createFalVideoGenerator } from '../src/providers/video-generation/fal.ts';
import { startFakeFal } from '../src/providers/video-generation/fake-fal.fixture.ts';
import { startFakeReplicate } from '../src/providers/video-generation/fake-replicate.fixture.ts';
import type { RecordedRequest } from '../src/providers/video-generation/fake-vendor.fixture.ts';
import { createReplicateVideoGenerator } from '../src/providers/video-generation/replicate.ts';
import { createMotionTemplates } from '../src/providers/video-generation/index.ts';
import type { VideoGenerator } from '../src/providers/video-generation/types.ts';
import { testConfig } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const quiet = { info: () => undefined, error: () => undefined };
const userId = 'user-ai-video';
const media = createMediaPort();
const scratch = mkdtempSync(join(tmpdir(), 'rs-ai-video-'));

/** A solid still with a darker box in it, so a camera move shows. */
async function storeStill(storage: ObjectStorage, name: string, colour: string): Promise<string> {
  const path = join(scratch, `${name}.png`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${colour}:s=400x600,drawbox=x=100:y=150:w=200:h=300:c=black@0.6:t=fill`, '-frames:v', '1', path]);
  const key = `users/${userId}/uploads/${name}.png`;
  await storage.putFile(key, path, 'image/png');
  return key;
}

/** The frame at `seconds`, small, as raw RGB bytes. */
function frame(path: string, seconds: number): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', path, '-frames:v', '1', '-vf', 'scale=54:96', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
}
const centre = (rgb: Buffer) => [...rgb.subarray((48 * 54 + 27) * 3, (48 * 54 + 27) * 3 + 3)];
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;

function context(jobId: string, signal: AbortSignal, attempt = 1): JobContext {
  return { jobId, userId, attempt, signal, progress: () => undefined };
}

let database: DatabaseHandle;
let repositories: Repositories;
beforeAll(async () => {
  const [pglite] = await testDatabaseTargets();
  database = await pglite!.open();
  repositories = createRepositories(database.db);
  await database.db.insert(user).values({ id: userId, name: 'AI', email: 'ai-video@example.com', emailVerified: true });
});
afterAll(() => database?.close());

describe('AI video with the offline generator, through the queue', () => {
  let core: ReturnType<typeof composeCore>;
  beforeAll(async () => {
    core = composeCore(testConfig(), database, quiet);
    await core.queue.startWorkers(1);
  });
  afterAll(() => core?.queue.stop());

  it('renders two scenes joined by a transition into one moving 1080x1920 H.264 video', async () => {
    expect(core.videoGenerator.name).toBe('local');
    const scenes = [
      { imageKey: await storeStill(core.storage, 'coral', '0xf97316'), prompt: 'slow zoom in on the product', seconds: 2 },
      { imageKey: await storeStill(core.storage, 'blue', '0x1e6fd9'), prompt: 'pan left across the table', seconds: 2.5 },
    ];
    const payload: VideoGenerationInput = { scenes, join: { transition: 'wipeleft' }, outputKey: `users/${userId}/renders/ai-local.mp4` };
    const record = await core.queue.enqueue(core.jobs.videoGeneration, payload, { userId });
    let state = record;
    for (let i = 0; i < 600 && (state.state === 'queued' || state.state === 'processing'); i++) {
      await sleep(200);
      state = await core.queue.status(userId, record.id);
    }
    expect(state).toMatchObject({ state: 'done', result: { key: payload.outputKey } });
    const output = await core.storage.localPath(payload.outputKey);
    const info = await media.probe(output);
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    expect(info.duration).toBeCloseTo(2 + 2.5 - 0.5, 1);
    const [early, later, second] = [frame(output, 0.2), frame(output, 1.3), frame(output, 3.6)];
    expect(difference(early, later)).toBeGreaterThan(1);
    // The first scene is coral-ish in the middle, the second blue-ish.
    expect(centre(early)[0]!).toBeGreaterThan(centre(early)[2]!);
    expect(centre(second)[2]!).toBeGreaterThan(centre(second)[0]!);
    // Nothing a hosted vendor billed: the offline renderer records no generation.
    expect(await repositories.videoGenerations.forJob(record.id)).toEqual([]);
  }, 180_000);

  it('draws a ugc scene again from the user’s own product photo, and refuses one whose photo is someone else’s', async () => {
    const settled = async (payload: VideoGenerationInput) => {
      const record = await core.queue.enqueue(core.jobs.videoGeneration, payload, { userId });
      let state = record;
      for (let i = 0; i < 600 && (state.state === 'queued' || state.state === 'processing'); i++) {
        await sleep(200);
        state = await core.queue.status(userId, record.id);
      }
      return state;
    };
    const imageKey = await storeStill(core.storage, 'ugc-still', '0x1e6fd9');
    const choices = { background: 'Cafe', placement: 'Held by person', person: { gender: 'Female', ethnicity: 'Indian', ageGroup: 'Adult', clothing: 'Traditional' } } as const;
    const scene = (productKey: string) => ({ imageKey, prompt: 'She shows it', seconds: 2, template: { name: 'ugc' as const, words: { headline: 'Lumi' }, ugc: { productKey, ...choices } } });
    const outputKey = `users/${userId}/renders/ai-ugc.mp4`;

    const foreign = await settled({ scenes: [scene('users/someone-else/uploads/photo.png')], outputKey });
    expect(foreign).toMatchObject({ state: 'error', error: aiVideoMessages.failed });

    const own = await settled({ scenes: [scene(await storeStill(core.storage, 'ugc-product', '0xf97316'))], outputKey });
    expect(own).toMatchObject({ state: 'done', result: { key: outputKey } });
    const output = await core.storage.localPath(outputKey);
    expect(await media.probe(output)).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    // The arm raises the product over the first second and a half.
    expect(difference(frame(output, 0.2), frame(output, 1.6))).toBeGreaterThan(2);
  }, 180_000);
});

interface Vendor {
  generator: VideoGenerator;
  submits(): RecordedRequest[];
  /** The still and the length a submit asked for. */
  asked(request: RecordedRequest): { image: string; seconds: number };
  nextOutcome(outcome: 'completes' | 'refused', polls?: number): void;
  wasCancelled(id: string): boolean;
  close(): Promise<void>;
}

const vendors: Record<string, () => Promise<Vendor>> = {
  fal: async () => {
    const fake = await startFakeFal();
    const model = 'fal-ai/kling-video/v2.1/standard/image-to-video';
    return {
      ...fake,
      generator: createFalVideoGenerator({ apiKey: fake.apiKey, model, baseUrl: fake.baseUrl, storageUrl: fake.baseUrl, webhookJwksUrl: fake.jwksUrl, timeoutMs: 3000, lengths: [5, 10] }),
      submits: () => fake.requests.filter((r) => r.method === 'POST' && r.path === `/${model}`),
      asked: (r) => ({ image: (r.body as { image_url: string }).image_url, seconds: Number((r.body as { duration: string }).duration) }),
    };
  },
  replicate: async () => {
    const fake = await startFakeReplicate();
    const settings = { apiToken: fake.apiToken, model: 'kwaivgi/kling-v2.1', baseUrl: `${fake.baseUrl}/v1`, timeoutMs: 3000, lengths: [5, 10] };
    return {
      ...fake,
      generator: createReplicateVideoGenerator(settings),
      submits: () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions')),
      asked: (r) => {
        const input = (r.body as { input: { start_image: string; duration: number } }).input;
        return { image: input.start_image, seconds: input.duration };
      },
    };
  },
};

describe.each(Object.keys(vendors))('AI video through %s', (name) => {
  let vendor: Vendor;
  let storage: ObjectStorage;
  let still: string;
  const job = (perDay = 20) =>
    createVideoGenerationJob({
      generator: vendor.generator,
      templates: createMotionTemplates({ media, localDir: join(scratch, 'motion') }),
      generations: repositories.videoGenerations,
      storage,
      media,
      tmpDir: join(scratch, 'tmp'),
      limits: { runningPerUser: 2, perDay, jobMinutes: 2 },
      pacing: { pollMs: 20, maxPollMs: 60, backoffMs: 20 },
      results: { allowPrivateHosts: true },
    });
  const payload = (seconds: number, output: string): VideoGenerationInput => ({
    scenes: [{ imageKey: still, prompt: 'the bottle turns slowly', seconds }],
    outputKey: `users/${userId}/renders/${name}-${output}.mp4`,
  });
  /** Waits until the job has recorded its first generation's vendor id. */
  async function recordedId(jobId: string): Promise<string> {
    for (let i = 0; i < 500; i++) {
      const [first] = await repositories.videoGenerations.forJob(jobId);
      if (first) return first.vendorId;
      await sleep(10);
    }
    throw new Error('the job never recorded a generation');
  }

  beforeAll(async () => {
    vendor = await vendors[name]!();
    storage = createStorage({ dataDir: join(scratch, name) });
    still = await storeStill(storage, `${name}-still`, '0x22aa66');
  });
  afterAll(() => vendor.close());

  it('chains two generations for a 14 s scene on lengths 5 and 10, the second from the first one’s last frame', async () => {
    vendor.nextOutcome('completes', 2);
    const before = vendor.submits().length;
    const input = payload(14, 'chain');
    const result = await job().handler(job().payload.parse(input), context(randomUUID(), new AbortController().signal));
    expect(result).toEqual({ key: input.outputKey });
    const asked = vendor.submits().slice(before).map((r) => vendor.asked(r));
    expect(asked.map((a) => a.seconds)).toEqual([10, 5]);
    // Local stills go to the vendor's file storage and are passed by URL.
    expect(asked[0]!.image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(asked[1]!.image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(asked[1]!.image).not.toBe(asked[0]!.image);
    const info = await media.probe(await storage.localPath(input.outputKey));
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    expect(info.duration).toBeCloseTo(14, 1);
  }, 180_000);

  it('makes motion templates here when the start asked for them: nothing sent to the vendor, nothing recorded against its cap', async () => {
    const before = vendor.submits().length;
    const jobId = randomUUID();
    const input = { ...payload(2, 'templates'), motionTemplates: true };
    const result = await job().handler(job().payload.parse(input), context(jobId, new AbortController().signal));
    expect(result).toEqual({ key: input.outputKey });
    expect(vendor.submits().length).toBe(before);
    expect(await repositories.videoGenerations.forJob(jobId)).toEqual([]);
    const info = await media.probe(await storage.localPath(input.outputKey));
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    expect(info.duration).toBeCloseTo(2, 1);
  }, 120_000);

  it('fails for good with the refusal message when the vendor refuses the image or prompt', async () => {
    vendor.nextOutcome('refused', 1);
    const error = await job()
      .handler(job().payload.parse(payload(5, 'refused')), context(randomUUID(), new AbortController().signal))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentJobError);
    expect((error as Error).message).toBe(aiVideoMessages.refused);
  }, 60_000);

  it('resumes the recorded generation after a takeover instead of submitting again', async () => {
    vendor.nextOutcome('completes', 30);
    const before = vendor.submits().length;
    const jobId = randomUUID();
    const input = job().payload.parse(payload(5, 'resumed'));
    const first = new AbortController();
    const run = job().handler(input, context(jobId, first.signal));
    const vendorId = await recordedId(jobId);
    first.abort(new Error('job taken over'));
    await expect(run).rejects.toThrow();
    expect(vendor.wasCancelled(vendorId)).toBe(false);
    const result = await job().handler(input, context(jobId, new AbortController().signal, 2));
    expect(result).toEqual({ key: input.outputKey });
    expect(vendor.submits().length - before).toBe(1);
    expect((await media.probe(await storage.localPath(input.outputKey))).duration).toBeCloseTo(5, 1);
  }, 120_000);

  it('cancels the vendor generation when the user cancels the job', async () => {
    vendor.nextOutcome('completes', 30);
    const jobId = randomUUID();
    const controller = new AbortController();
    const run = job().handler(job().payload.parse(payload(5, 'cancelled')), context(jobId, controller.signal));
    const vendorId = await recordedId(jobId);
    controller.abort(new JobCancelledError());
    await expect(run).rejects.toThrow();
    expect(vendor.wasCancelled(vendorId)).toBe(true);
  }, 60_000);

  it('refuses a job that would pass the daily cap before submitting anything', async () => {
    const before = vendor.submits().length;
    const used = await repositories.videoGenerations.countVendorSince(userId, new Date(Date.now() - 86_400_000));
    const error = await job(used + 1)
      .handler(job().payload.parse(payload(14, 'capped')), context(randomUUID(), new AbortController().signal))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentJobError);
    expect((error as Error).message).toBe(aiVideoMessages.dailyLimit(used + 1));
    expect(vendor.submits().length).toBe(before);
  }, 30_000);
});
