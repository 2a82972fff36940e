import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ugcAgeGroups, ugcBackgrounds, ugcClothing, ugcDefaults, ugcEthnicities, ugcGenders, ugcPlacements, ugcTexts } from '@reelsmith/contracts';
import { z } from 'zod';
import type { MediaPort } from '../providers/media/types.ts';
import { coverToStill } from '../providers/image-generation/still-format.ts';
import type { ImageGenerator } from '../providers/image-generation/types.ts';
import type { ObjectStorage } from '../providers/storage/types.ts';
import { isReadableBy, storageKeySchema } from './stored-composition.ts';
import { defineJob, PermanentJobError } from './types.ts';
import { vendorSession, type ResultFetch, type VendorPacing } from './video-generation-vendor.ts';

export const imageGenerationPayload = z.object({
  /** The user's product photo. */
  productKey: storageKeySchema,
  prompt: z.string().trim().min(1).max(4000),
  background: z.enum(ugcBackgrounds),
  placement: z.enum(ugcPlacements),
  // A job queued before the person was drawn offline has none: it gets the form's default person.
  person: z
    .object({ gender: z.enum(ugcGenders), ethnicity: z.enum(ugcEthnicities), ageGroup: z.enum(ugcAgeGroups), clothing: z.enum(ugcClothing) })
    .default({ gender: ugcDefaults.gender, ethnicity: ugcDefaults.ethnicity, ageGroup: ugcDefaults.ageGroup, clothing: ugcDefaults.clothing }),
  /** Fixed by the caller, so a retried job overwrites its own still. */
  outputKey: z.string().regex(/^users\/[^/]+\/renders\/[a-zA-Z0-9._-]+\.jpg$/),
});
export type ImageGenerationInput = z.input<typeof imageGenerationPayload>;
export type ImageGenerationResult = { key: string };

export interface ImageGenerationJobDeps {
  generator: ImageGenerator;
  storage: ObjectStorage;
  media: MediaPort;
  tmpDir: string;
  /** Tests shorten the waits. */
  pacing?: Partial<Omit<VendorPacing, 'deadline'>>;
  results?: Partial<ResultFetch>;
}

const jobMinutes = 10;

/**
 * The product photo and the prompt become a 1080x1920 JPEG at `outputKey`. A vendor's still (any size, PNG, JPEG or
 * WebP) is cover-cropped to that frame, so the video generation that follows always starts from the same shape. A still
 * costs a vendor cents, so a retried run asks again rather than recording the vendor's id.
 */
export function createImageGenerationJob(deps: ImageGenerationJobDeps) {
  const { generator, storage, media } = deps;
  const messages = { refused: ugcTexts.imageRefused, failed: ugcTexts.imageFailed };

  return defineJob({
    name: 'generate-image',
    payload: imageGenerationPayload,
    retryLimit: 1,
    retryDelaySeconds: 20,
    expireInSeconds: 60 * 60,
    failureMessage: ugcTexts.imageFailed,
    async handler(payload, context): Promise<ImageGenerationResult> {
      const { userId, signal } = context;
      if (!payload.outputKey.startsWith(`users/${userId}/`)) throw new PermanentJobError(ugcTexts.imageFailed);
      if (!isReadableBy(userId, payload.productKey) || !(await storage.stat(payload.productKey))) throw new PermanentJobError(ugcTexts.imageFailed);
      const work = join(deps.tmpDir, `image-${context.jobId}-${context.attempt}`);
      await mkdir(work, { recursive: true });
      try {
        const pacing = { pollMs: 2000, maxPollMs: 10_000, backoffMs: 5000, ...deps.pacing, deadline: Date.now() + jobMinutes * 60_000 };
        const vendor = vendorSession(generator, media, pacing, signal, messages);
        context.progress(5);
        const productImagePath = await storage.localPath(payload.productKey);
        const { vendorId } = await vendor.submit({ productImagePath, prompt: payload.prompt, background: payload.background, placement: payload.placement, person: payload.person });
        context.progress(50);
        const status = await vendor.settle(vendorId);
        const raw = join(work, 'still.source');
        await vendor.fetch(vendorId, status, raw, { maxBytes: 30 * 1024 * 1024, timeoutMs: 2 * 60_000, ...deps.results, expect: 'still' });
        context.progress(90);
        const output = join(work, 'still.jpg');
        try {
          await writeFile(output, await coverToStill(await readFile(raw)));
        } catch (error) {
          throw new PermanentJobError(ugcTexts.imageFailed, { cause: error });
        }
        const stored = await storage.putFile(payload.outputKey, output, 'image/jpeg');
        return { key: stored.key };
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
    // Each still has a name of its own: one cancelled after it was stored is nobody's.
    discard: (_payload, result) => storage.delete(result.key),
  });
}

export type ImageGenerationJob = ReturnType<typeof createImageGenerationJob>;
