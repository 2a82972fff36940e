import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { posterFrameArgs } from '@reelsmith/media';
import { z } from 'zod';
import type { FinalVideosRepository } from '../db/repositories/final-videos.ts';
import type { MediaPort } from '../providers/media/types.ts';
import type { ObjectStorage } from '../providers/storage/types.ts';
import { createRenderJob, renderFailureMessage } from './render-job.ts';
import type { FinalVideoRenderer } from './segmented-render.ts';
import { storedCompositionSchema } from './stored-composition.ts';
import { defineJob, PermanentJobError } from './types.ts';

export const finalRenderPayload = z.object({
  projectId: z.string().regex(/^[a-zA-Z0-9-]{1,100}$/),
  composition: storedCompositionSchema,
});
export type FinalRenderPayload = z.infer<typeof finalRenderPayload>;

/** One fixed place per project: a re-render replaces the file the dashboard already points at. */
export function finalVideoKeys(userId: string, projectId: string) {
  return { video: `users/${userId}/renders/${projectId}-final.mp4`, poster: `users/${userId}/renders/${projectId}-final.jpg` };
}

const posterWidth = 540;

/**
 * The final video: the render job's one ffmpeg run at the final profile, a poster frame for the dashboard, and the
 * bookkeeping (project keys, completion, the voiceover it was made with) once both files are stored. The video
 * credit was held when the render started (modules/final-video/final-video.ts) and comes back if it fails.
 */
export function createFinalRenderJob(deps: {
  render: ReturnType<typeof createRenderJob>;
  /** The render job's single pass, or segments across workers for a long video. */
  renderVideo: FinalVideoRenderer;
  storage: ObjectStorage;
  media: MediaPort;
  finalVideos: FinalVideosRepository;
  tmpDir: string;
  rendersAtOnce(userId: string): Promise<number>;
}) {
  const { render, storage } = deps;
  return defineJob({
    name: 'render-final',
    payload: finalRenderPayload,
    retryLimit: render.retryLimit,
    retryDelaySeconds: render.retryDelaySeconds,
    expireInSeconds: render.expireInSeconds,
    failureMessage: renderFailureMessage,
    runningPerUser: deps.rendersAtOnce,
    async handler(payload, context) {
      const keys = finalVideoKeys(context.userId, payload.projectId);
      const rendered = await deps.renderVideo({ composition: payload.composition, profile: 'final', outputKey: keys.video }, context);

      await mkdir(deps.tmpDir, { recursive: true });
      const scratch = join(deps.tmpDir, `poster-${context.jobId}-${context.attempt}`);
      try {
        // Read back what was stored rather than asking for a local path: a storage that caches downloads by key
        // would hand a re-render the previous video.
        await pipeline(await storage.read(keys.video), createWriteStream(`${scratch}.mp4`));
        // A second in, the first caption is usually on screen, which makes a telling thumbnail.
        const at = Math.min(1, (payload.composition.voiceover?.duration ?? 2) / 2);
        await deps.media.runFfmpeg(posterFrameArgs(`${scratch}.mp4`, `${scratch}.jpg`, { width: posterWidth, at }), {
          duration: 1,
          signal: context.signal,
          timeoutMs: 60_000,
        });
        await storage.putFile(keys.poster, `${scratch}.jpg`, 'image/jpeg');
      } finally {
        await Promise.all([rm(`${scratch}.mp4`, { force: true }), rm(`${scratch}.jpg`, { force: true })]);
      }

      const audioKey = payload.composition.voiceover?.key ?? null;
      if (!(await deps.finalVideos.complete(context.userId, payload.projectId, { finalVideoKey: keys.video, posterKey: keys.poster }, audioKey))) {
        // Nothing points at these files: the project is gone.
        await Promise.all([storage.delete(keys.video), storage.delete(keys.poster)]);
        throw new PermanentJobError(renderFailureMessage);
      }
      return { ...rendered, posterKey: keys.poster };
    },
  });
}

export type FinalRenderJob = ReturnType<typeof createFinalRenderJob>;
