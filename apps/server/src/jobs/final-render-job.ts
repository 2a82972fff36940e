import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { posterFrameArgs } from '@reelsmith/media';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { FinalVideosRepository } from '../db/repositories/final-videos.ts';
import type { MediaPort } from '../providers/media/types.ts';
import type { ObjectStorage } from '../providers/storage/types.ts';
import { createRenderJob, renderFailureMessage } from './render-job.ts';
import type { FinalVideoRenderer } from './segmented-render.ts';
import { compositionSeconds, storedCompositionSchema, typicalRenderSeconds } from './stored-composition.ts';
import { defineJob, JobCancelledError, PermanentJobError } from './types.ts';

export const finalRenderPayload = z.object({
  projectId: z.string().regex(/^[a-zA-Z0-9-]{1,100}$/),
  composition: storedCompositionSchema,
});
export type FinalRenderPayload = z.infer<typeof finalRenderPayload>;

/**
 * A place of its own per render: a cancelled or failed render removes only its own files, and the video the project
 * already has stays until a newer one is kept (then its files go).
 */
export function finalVideoKeys(userId: string, projectId: string, jobId: string) {
  const stem = `users/${userId}/renders/${projectId}-final-${jobId}`;
  return { video: `${stem}.mp4`, poster: `${stem}.jpg` };
}

const posterWidth = 540;

/**
 * The final video: the render job's one ffmpeg run at the final profile, a poster frame for the dashboard, and the
 * bookkeeping (project keys, completion, the voiceover it was made with) in the transaction that marks the job done,
 * so a cancel either comes first and keeps nothing, or comes too late. The video credit was held when the render
 * started (modules/final-video/final-video.ts) and comes back if the job does not end done.
 */
export function createFinalRenderJob(deps: {
  render: ReturnType<typeof createRenderJob>;
  /** The render job's single pass, or segments across workers for a long video. */
  renderVideo: FinalVideoRenderer;
  storage: ObjectStorage;
  media: MediaPort;
  /** The repository on the transaction that marks the job done. */
  finalVideosIn(tx: Database): FinalVideosRepository;
  tmpDir: string;
  rendersAtOnce(userId: string): Promise<number>;
}) {
  const { render, storage } = deps;
  const discardKeys = async (keys: ReturnType<typeof finalVideoKeys>) => {
    await Promise.all([storage.delete(keys.video), storage.delete(keys.poster)]);
  };
  return defineJob({
    name: 'render-final',
    payload: finalRenderPayload,
    retryLimit: render.retryLimit,
    retryDelaySeconds: render.retryDelaySeconds,
    expireInSeconds: render.expireInSeconds,
    failureMessage: renderFailureMessage,
    runningPerUser: deps.rendersAtOnce,
    sizeOf: (payload) => compositionSeconds(payload.composition),
    typicalSeconds: typicalRenderSeconds,
    async handler(payload, context) {
      const keys = finalVideoKeys(context.userId, payload.projectId, context.jobId);
      const clock = phaseClock();
      const rendered = await deps.renderVideo({ composition: payload.composition, profile: 'final', outputKey: keys.video }, context);
      const poster = join(deps.tmpDir, `poster-${context.jobId}-${context.attempt}.jpg`);
      let size: number;
      try {
        clock.lap('render');
        // The poster is cut from the file on this disk while the video goes up: no second download, no waiting.
        const [stored] = await Promise.all([
          storage.putFile(keys.video, rendered.path, 'video/mp4'),
          (async () => {
            // A second in, the first caption is usually on screen, which makes a telling thumbnail.
            const at = Math.min(1, (payload.composition.voiceover?.duration ?? 2) / 2);
            await deps.media.runFfmpeg(posterFrameArgs(rendered.path, poster, { width: posterWidth, at }), { duration: 1, signal: context.signal, timeoutMs: 60_000 });
            await storage.putFile(keys.poster, poster, 'image/jpeg');
          })(),
        ]);
        size = stored.size;
        clock.lap('store');
      } catch (error) {
        // A cancel while the files went up: whatever of them arrived is nobody's.
        if (context.signal.reason instanceof JobCancelledError) await discardKeys(keys);
        throw error;
      } finally {
        await Promise.all([rendered.discard(), rm(poster, { force: true })]);
      }
      return { key: keys.video, size, peakRssBytes: rendered.peakRssBytes, posterKey: keys.poster, seconds: clock.laps };
    },

    async commit(tx, payload, _result, context) {
      const keys = finalVideoKeys(context.userId, payload.projectId, context.jobId);
      const audioKey = payload.composition.voiceover?.key ?? null;
      const replaced = await deps.finalVideosIn(tx).complete(context.userId, payload.projectId, { finalVideoKey: keys.video, posterKey: keys.poster }, audioKey);
      // Nothing would point at these files: the project is gone (discard removes them).
      if (!replaced) throw new PermanentJobError(renderFailureMessage);
      const superseded = [replaced.finalVideoKey, replaced.posterKey].filter((key): key is string => key !== null && key !== keys.video && key !== keys.poster);
      return async () => {
        await Promise.all(superseded.map((key) => storage.delete(key)));
      };
    },

    discard: (payload, _result, context) => discardKeys(finalVideoKeys(context.userId, payload.projectId, context.jobId)),
  });
}

/** Seconds each phase took, kept with the job's result: where a click's wait goes (npm run bench). */
function phaseClock() {
  let last = performance.now();
  const laps: Record<string, number> = {};
  return {
    laps,
    lap(name: string) {
      const now = performance.now();
      laps[name] = Math.round(now - last) / 1000;
      last = now;
    },
  };
}

export type FinalRenderJob = ReturnType<typeof createFinalRenderJob>;
