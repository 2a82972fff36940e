import {
  beforeAfterSceneSeconds,
  beforeAfterTexts,
  beforeAfterUploadPolicy,
  type AiVideoTransition,
  type BeforeAfterOptions,
  type BeforeAfterSide,
  type BeforeAfterSideType,
  type GenerateBeforeAfterResponse,
} from '@reelsmith/contracts';
import { sceneTransitionSeconds } from '@reelsmith/media';
import { UserFacingError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { VideoGenerationInput, VideoGenerationJob } from '../../jobs/video-generation-job.ts';
import type { VideoGenerator } from '../../providers/video-generation/types.ts';
import type { ProjectVideoJobs } from '../../core/project/project-video-jobs.ts';
import type { QuotaService } from '../../core/credits/quotas.ts';
import { inspectBuffer, type MediaProber } from '../../core/files/upload-inspection.ts';
import type { UploadService } from '../../core/files/uploads.ts';
import { startScope } from '../../core/project/start-scope.ts';
import type { VideoJobCredits } from '../../core/paid-jobs/video-job-credits.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

/** One side of the form as it came: its type, its prompt (trimmed, maybe empty) and its file, if one was sent. */
export interface SideInput {
  side: BeforeAfterSide;
  type: BeforeAfterSideType;
  prompt: string;
  file?: { content: Buffer; filename: string };
}

export interface BeforeAfterDependencies {
  workflow: WorkflowProjects;
  uploads: UploadService;
  quotas: QuotaService;
  videoJobs: ProjectVideoJobs;
  credits: VideoJobCredits;
  queue: JobQueue;
  job: VideoGenerationJob;
  generatorName: VideoGenerator['name'];
  probe: MediaProber;
  tmpDir: string;
}

type CheckedSide = SideInput & { file: NonNullable<SideInput['file']> };

const expectedKind = (type: BeforeAfterSideType) => (type === 'video' ? 'video' : 'image');

/**
 * The before scene is longer by the transition, which plays over its end: each side is on screen its full 7 s and
 * the joined video lasts exactly 14 s (SPEC §9).
 */
const sceneSeconds: Record<BeforeAfterSide, number> = { before: beforeAfterSceneSeconds + sceneTransitionSeconds, after: beforeAfterSceneSeconds };
export const beforeAfterSeconds = 2 * beforeAfterSceneSeconds;

/**
 * SPEC §7 generate-before-after: two 7 s scenes (a clip cut or held, a still animated offline, or a still generated
 * by the configured video generator) joined with the transition, as one generation job the page polls through
 * check-video-status. 'image to video' on either side costs one AI credit, held until the job's outcome is known.
 */
export function createBeforeAfterService(deps: BeforeAfterDependencies) {
  const { workflow } = deps;

  /** Every rule the form can break, checked before anything is stored, so a refusal leaves nothing behind. */
  async function checkSides(sides: SideInput[]): Promise<CheckedSide[]> {
    if (sides.some((side) => !side.file)) throw new UserFacingError(400, beforeAfterTexts.missingFiles);
    for (const side of sides) {
      if (side.type === 'image-to-video' && !side.prompt) throw new UserFacingError(400, beforeAfterTexts.missingPrompt(side.side), `${side.side}_prompt`);
    }
    for (const side of sides as CheckedSide[]) {
      try {
        const inspected = await inspectBuffer(side.file.content, beforeAfterUploadPolicy, deps.probe, deps.tmpDir);
        if (inspected.kind !== expectedKind(side.type)) throw new UserFacingError(415, beforeAfterTexts.wrongKind(expectedKind(side.type)));
      } catch (error) {
        if (error instanceof UserFacingError) throw new UserFacingError(error.statusCode, beforeAfterTexts.badFile(side.side, error.message), `${side.side}_file`);
        throw error;
      }
    }
    return sides as CheckedSide[];
  }

  /** The generator is asked only for 'image to video'; anything else is made on the worker, free. */
  function sceneOf(side: CheckedSide, key: string): VideoGenerationInput['scenes'][number] {
    const seconds = sceneSeconds[side.side];
    if (side.type === 'image-to-video') return { imageKey: key, prompt: side.prompt, seconds };
    // Without a prompt the side's name picks the camera move, so the two stills need not move alike.
    if (side.type === 'image') return { local: 'still', key, prompt: side.prompt || side.side, seconds };
    return { local: 'video', key, seconds };
  }

  return {
    async generate(userId: string, request: { videoId?: string; transition: AiVideoTransition; sides: SideInput[] }): Promise<GenerateBeforeAfterResponse> {
      const sides = await checkSides(request.sides);
      const named = request.videoId ? await workflow.resolve(userId, request.videoId) : undefined;
      // A start while this project's video is being made follows it: no second generation, no second credit.
      if (named && (await deps.videoJobs.running(named, 'before-after'))) return { status: 'processing', video_id: named.id };
      const usesAi = sides.some((side) => side.type === 'image-to-video');

      const scope = startScope(deps.uploads, workflow);
      const start = () => scope.run(async (): Promise<GenerateBeforeAfterResponse> => {
        const project = await scope.project(deps.quotas, userId, request.videoId, 'before-after');
        const scenes = [];
        for (const side of sides) scenes.push(sceneOf(side, await scope.store(userId, 'before-after', side.file)));
        const outputKey = deps.videoJobs.outputKey(project, 'before-after');
        // The generated video is the project's background from here on: the shared steps after it play it once.
        const saved = await workflow.save(project, { background: { kind: 'clips', clips: [{ key: outputKey, duration: beforeAfterSeconds }], fit: 'trim' } });
        // Keyed by the job it follows: two starts at once on one project find the same key, and only one begins.
        const idempotencyKey = `before-after:${project.id}:${workflow.document(project).videoJob?.jobId ?? 'first'}`;
        const { record: job, created } = await deps.queue.enqueueOnce(deps.job, { scenes, join: { transition: request.transition }, outputKey }, { userId, idempotencyKey });
        if (!created) {
          if (usesAi) await deps.quotas.refund(userId, 'aiVideos');
          await scope.takeBack();
          return { status: 'processing', video_id: project.id };
        }
        await deps.videoJobs.track(saved, 'before-after', job.id);
        if (usesAi) await deps.credits.hold(saved, job.id, 'aiVideos');
        return { status: 'processing', video_id: saved.id };
      });
      if (!usesAi) return start();
      // A failed earlier generation's credit comes back first, so it can pay for this one.
      await deps.credits.settleUser(userId);
      return deps.quotas.withCredit(userId, 'aiVideos', start);
    },

    async options(userId: string): Promise<BeforeAfterOptions> {
      await deps.credits.settleUser(userId);
      const subscription = await deps.quotas.current(userId);
      return { ai_credits_left: subscription.aiVideosUsed < subscription.aiVideosAllowed, generator: deps.generatorName };
    },
  };
}

export type BeforeAfterService = ReturnType<typeof createBeforeAfterService>;
