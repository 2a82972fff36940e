import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { planSegments, renderFps as fps, type CompositionInput, type SegmentBounds } from '@reelsmith/media';
import type { MediaPort } from '../providers/media/types.ts';
import type { ObjectStorage } from '../providers/storage/types.ts';
import type { JobQueue } from './queue.ts';
import { localComposition, type RenderJob, type RenderJobPayload } from './render-job.ts';
import type { RenderSegmentJob } from './render-segment-job.ts';
import { JobCancelledError, type JobContext } from './types.ts';

export interface SegmentSettings {
  /** How many segments a long render is split into; 1 renders every video in a single pass. */
  parts: number;
  /** Shorter renders are not worth the split: each segment re-runs the graph up to its start. */
  minSeconds: number;
}

/** The video in a temporary file on this worker: the final job stores it (and cuts its poster), then discards it. */
type Rendered = Awaited<ReturnType<RenderJob['renderToFile']>>;
type Child = { id: string; bounds: SegmentBounds };

/**
 * Renders a final video in one pass, or, when it is long enough, in time segments that free workers take from the
 * queue (see render-segment-job.ts): this job renders the first segment and the soundtrack itself, then takes back
 * every segment no worker has started and renders it too (so one worker alone never waits for itself), collects the
 * others from storage, and joins the pieces without re-encoding.
 */
export function createFinalVideoRenderer(deps: {
  render: RenderJob;
  segment: RenderSegmentJob;
  /** Bound late: the queue is built from the job definitions, the one this serves among them. */
  queue: () => JobQueue;
  storage: ObjectStorage;
  media: MediaPort;
  tmpDir: string;
  settings: SegmentSettings;
  pollMs?: number;
  timeoutMs?: number;
}) {
  const { storage, media, settings } = deps;

  async function segmented(payload: RenderJobPayload, context: JobContext, composition: CompositionInput, plan: ReturnType<typeof planSegments>): Promise<Rendered> {
    const queue = deps.queue();
    const { userId, signal } = context;
    const run = { signal, timeoutMs: deps.timeoutMs ?? 30 * 60 * 1000 };
    const keyOf = (b: SegmentBounds) => `users/${userId}/renders/segments/${context.jobId}-${b.index}.mp4`;
    await mkdir(deps.tmpDir, { recursive: true });
    const work = join(deps.tmpDir, `segmented-${context.jobId}-${context.attempt}`);
    const pathOf = (b: SegmentBounds) => join(work, `segment-${b.index}.mp4`);
    const audioPath = join(work, 'soundtrack.m4a');

    // Progress by frames: each segment its own, the soundtrack a tenth of the whole; the join is the last percent.
    const weights = [...plan.bounds.map((b) => (b.endFrame ?? plan.total * fps) - b.startFrame), (plan.total * fps) / 10];
    const percents = weights.map(() => 0);
    const report = (piece: number, percent: number) => {
      percents[piece] = percent;
      context.progress((weights.reduce((sum, w, i) => sum + w * percents[i]!, 0) / weights.reduce((a, b) => a + b)) * 0.99);
    };
    let peak = 0;
    const renderHere = async (b: SegmentBounds) => {
      const result = await media.renderSegment(composition, { ...run, profile: payload.profile, outputPath: pathOf(b), bounds: b, onProgress: (p) => report(b.index, p) });
      peak = Math.max(peak, result.peakRssBytes ?? 0);
    };
    const fetched = async (b: SegmentBounds) => {
      if (!(await storage.stat(keyOf(b)))) return false;
      await pipeline(await storage.read(keyOf(b)), createWriteStream(pathOf(b)));
      return true;
    };

    const children: Child[] = [];
    let joined = false;
    try {
      await mkdir(work, { recursive: true });
      // A fixed key per segment: an attempt that carries on after a shutdown finds the segments already under way.
      for (const bounds of plan.bounds.slice(1)) {
        const child = { composition: payload.composition, profile: payload.profile, bounds, outputKey: keyOf(bounds) };
        const record = await queue.enqueue(deps.segment, child, { userId, idempotencyKey: `${context.jobId}-segment-${bounds.index}` });
        children.push({ id: record.id, bounds });
      }
      await renderHere(plan.bounds[0]!);
      const soundtrack = await media.renderSoundtrack(composition, { ...run, profile: payload.profile, outputPath: audioPath, onProgress: (p) => report(weights.length - 1, p) });
      peak = Math.max(peak, soundtrack.peakRssBytes ?? 0);

      const pending = new Set(children);
      while (pending.size > 0) {
        let waiting = true;
        for (const child of pending) {
          const record = await queue.status(userId, child.id);
          report(child.bounds.index, record.percent);
          if (record.state === 'processing') continue;
          if (record.state === 'queued' && !(await queue.cancelIfQueued(userId, child.id))) continue;
          // Taken back, failed, cancelled, or done but its file is gone: this worker renders it.
          if (!(record.state === 'done' && (await fetched(child.bounds)))) await renderHere(child.bounds);
          pending.delete(child);
          waiting = false;
        }
        if (waiting) await sleep(deps.pollMs ?? 500, undefined, { signal });
      }

      const output = join(work, 'final.mp4');
      const segments = plan.bounds.map((bounds) => ({ path: pathOf(bounds), bounds }));
      await media.joinSegments({ ...run, segments, audioPath, outputPath: output, total: plan.total });
      joined = true;
      return { path: output, peakRssBytes: peak || null, discard: () => rm(work, { recursive: true, force: true }) };
    } finally {
      // A shutdown or a takeover hands the render on: the attempt that carries on uses the segments and cleans up.
      const handedOn = signal.aborted && !(signal.reason instanceof JobCancelledError);
      if (!handedOn) {
        await Promise.all(children.map((child) => queue.cancel(userId, child.id).catch(() => undefined)));
        // A piece left in storage costs less than failing a video that is already stored.
        await Promise.all(children.map((child) => storage.delete(keyOf(child.bounds)).catch(() => undefined)));
      }
      if (!joined) await rm(work, { recursive: true, force: true });
    }
  }

  return async function renderFinalVideo(payload: RenderJobPayload, context: JobContext): Promise<Rendered> {
    if (settings.parts <= 1) return deps.render.renderToFile(payload, context);
    const composition = await localComposition(deps, context.userId, payload.composition);
    const plan = planSegments(composition, { profile: payload.profile, segments: settings.parts });
    if (plan.total < settings.minSeconds || plan.bounds.length === 1) return deps.render.renderToFile(payload, context, composition);
    return segmented(payload, context, composition, plan);
  };
}

export type FinalVideoRenderer = ReturnType<typeof createFinalVideoRenderer>;
