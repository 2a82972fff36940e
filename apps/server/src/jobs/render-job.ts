import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { posterFrameArgs, type CompositionInput, type EndCardSpec } from '@reelsmith/media';
import { z } from 'zod';
import type { MediaPort } from '../providers/media/types.ts';
import type { ObjectStorage } from '../providers/storage/types.ts';
import { compositionSeconds, isReadableBy, localPathSchema, resolveCompositionPaths, storedCompositionSchema, typicalRenderSeconds, type StoredComposition } from './stored-composition.ts';
import { defineJob, PermanentJobError, type JobContext } from './types.ts';

export const renderJobPayload = z.object({
  composition: storedCompositionSchema,
  profile: z.enum(['preview', 'final']),
  outputKey: z.string().regex(/^users\/[^/]+\/renders\/[a-zA-Z0-9._-]+\.mp4$/),
});
export type RenderJobPayload = z.infer<typeof renderJobPayload>;

export const renderFailureMessage = 'Video generation failed.';

/** Where the renderers of one worker find what they share: local copies, fonts, and end cards drawn once. */
export interface RenderWorkshop {
  storage: ObjectStorage;
  media: MediaPort;
  tmpDir: string;
}

/**
 * The end card drawn once per worker: its picture is named by what it shows, so the segments of one render (and a
 * re-render of the same brand) find it drawn already.
 */
export function endCardDrawer(workshop: Omit<RenderWorkshop, 'storage'>) {
  return async (spec: EndCardSpec) => {
    const path = join(workshop.tmpDir, 'end-cards', `${createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 32)}.png`);
    if (!(await stat(path).catch(() => null))) {
      await mkdir(dirname(path), { recursive: true });
      const drawing = `${path}.${randomUUID()}.png`;
      await workshop.media.renderEndCard(spec, drawing);
      await rename(drawing, path);
    }
    return localPathSchema.parse(path);
  };
}

/**
 * One frame of a short composition of the user's (a brand's preview), rendered at the preview profile and kept by what
 * it shows, so the same look asked again is answered from disk.
 */
export async function drawFrame(workshop: RenderWorkshop, userId: string, stored: StoredComposition, at: number): Promise<string> {
  const name = createHash('sha256').update(JSON.stringify([userId, stored, at])).digest('hex').slice(0, 32);
  const path = join(workshop.tmpDir, 'frames', `${name}.jpg`);
  if (await stat(path).catch(() => null)) return path;
  await mkdir(dirname(path), { recursive: true });
  const video = join(workshop.tmpDir, 'frames', `${name}.${randomUUID()}.mp4`);
  const drawing = `${path}.${randomUUID()}.jpg`;
  try {
    const composition = await localComposition(workshop, userId, stored);
    await workshop.media.renderComposition(composition, { profile: 'preview', outputPath: video, timeoutMs: 60_000 });
    await workshop.media.runFfmpeg(posterFrameArgs(video, drawing, { width: 540, at }), { duration: 1, timeoutMs: 30_000 });
    await rename(drawing, path);
    return path;
  } finally {
    await rm(video, { force: true });
    await rm(drawing, { force: true });
  }
}

/** The user's stored composition with local copies of its files; a file that is not the user's or is gone fails for good. */
export function localComposition(workshop: RenderWorkshop, userId: string, stored: StoredComposition): Promise<CompositionInput> {
  const { storage, media } = workshop;
  return resolveCompositionPaths(
    stored,
    async (key) => {
      if (!isReadableBy(userId, key) || !(await storage.stat(key))) throw new PermanentJobError(renderFailureMessage);
      return localPathSchema.parse(await storage.localPath(key));
    },
    { draw: endCardDrawer(workshop), fontFile: (family, bold) => media.fontFileOf(family, { bold }) },
  );
}

/**
 * Renders a stored composition in one ffmpeg run and stores the MP4 under a key fixed by the caller, so a retried
 * or taken-over job overwrites its own output instead of leaving a second copy.
 */
export function createRenderJob(deps: { storage: ObjectStorage; media: MediaPort; tmpDir: string; timeoutMs?: number }) {
  /**
   * The one ffmpeg run, into a temporary file the caller stores (and may read from first, like the final render's
   * poster) and then removes with `discard`.
   */
  async function renderToFile(payload: RenderJobPayload, context: JobContext, resolved?: CompositionInput) {
    if (!payload.outputKey.startsWith(`users/${context.userId}/`)) throw new PermanentJobError(renderFailureMessage);
    // `resolved`: the payload's composition already turned into local files by localComposition (no second look-up).
    const composition = resolved ?? (await localComposition(deps, context.userId, payload.composition));
    await mkdir(deps.tmpDir, { recursive: true });
    const path = join(deps.tmpDir, `render-${context.jobId}-${context.attempt}.mp4`);
    const discard = () => rm(path, { force: true });
    try {
      const result = await deps.media.renderComposition(composition, {
        profile: payload.profile,
        outputPath: path,
        onProgress: context.progress,
        signal: context.signal,
        timeoutMs: deps.timeoutMs ?? 30 * 60 * 1000,
      });
      return { path, peakRssBytes: result.peakRssBytes ?? null, discard };
    } catch (error) {
      await discard();
      throw error;
    }
  }

  return {
    renderToFile,
    ...defineJob({
      name: 'render-composition',
      payload: renderJobPayload,
      retryLimit: 2,
      retryDelaySeconds: 5,
      expireInSeconds: 60 * 60,
      failureMessage: renderFailureMessage,
      sizeOf: (payload) => compositionSeconds(payload.composition),
      typicalSeconds: typicalRenderSeconds,
      async handler(payload, context) {
        const rendered = await renderToFile(payload, context);
        try {
          const stored = await deps.storage.putFile(payload.outputKey, rendered.path, 'video/mp4');
          return { key: stored.key, size: stored.size, peakRssBytes: rendered.peakRssBytes };
        } finally {
          await rendered.discard();
        }
      },
    }),
  };
}

export type RenderJob = ReturnType<typeof createRenderJob>;
