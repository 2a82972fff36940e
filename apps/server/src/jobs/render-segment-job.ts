import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { MediaPort } from '../providers/media/types.ts';
import type { ObjectStorage } from '../providers/storage/types.ts';
import { localComposition, renderFailureMessage } from './render-job.ts';
import { storedCompositionSchema } from './stored-composition.ts';
import { defineJob, PermanentJobError } from './types.ts';

const frames = z.number().int().nonnegative();

export const renderSegmentPayload = z.object({
  composition: storedCompositionSchema,
  profile: z.enum(['preview', 'final']),
  bounds: z.object({ index: frames, startFrame: frames, endFrame: frames.optional(), leadIn: frames, leadOut: frames }),
  outputKey: z.string().regex(/^users\/[^/]+\/renders\/segments\/[a-zA-Z0-9._-]+\.mp4$/),
});
export type RenderSegmentPayload = z.infer<typeof renderSegmentPayload>;

/**
 * One time segment of a long render (jobs/segmented-render.ts), taken by whichever worker is free. It stores the
 * segment's video under the key the render that queued it chose, and charges nothing: that render holds the credit.
 */
export function createRenderSegmentJob(deps: { storage: ObjectStorage; media: MediaPort; tmpDir: string; timeoutMs?: number }) {
  return defineJob({
    name: 'render-segment',
    payload: renderSegmentPayload,
    retryLimit: 2,
    retryDelaySeconds: 5,
    expireInSeconds: 60 * 60,
    failureMessage: renderFailureMessage,
    async handler(payload, context) {
      if (!payload.outputKey.startsWith(`users/${context.userId}/`)) throw new PermanentJobError(renderFailureMessage);
      const composition = await localComposition(deps, context.userId, payload.composition);
      await mkdir(deps.tmpDir, { recursive: true });
      const output = join(deps.tmpDir, `segment-${context.jobId}-${context.attempt}.mp4`);
      try {
        await deps.media.renderSegment(composition, {
          profile: payload.profile,
          outputPath: output,
          bounds: payload.bounds,
          onProgress: context.progress,
          signal: context.signal,
          timeoutMs: deps.timeoutMs ?? 30 * 60 * 1000,
        });
        const stored = await deps.storage.putFile(payload.outputKey, output, 'video/mp4');
        return { key: stored.key, size: stored.size };
      } finally {
        await rm(output, { force: true });
      }
    },
    // A piece stored as the cancel came (after the final render removed its pieces) is nobody's: it goes too.
    discard: (payload) => deps.storage.delete(payload.outputKey),
  });
}

export type RenderSegmentJob = ReturnType<typeof createRenderSegmentJob>;
