import type { TemplateLookOf } from '../../jobs/video-generation-job.ts';
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
import type { VideoGenerationInput } from '../../jobs/video-generation-job.ts';
import type { VideoGenerator } from '../../providers/video-generation/types.ts';
import { inspectBuffer } from '../../core/files/upload-inspection.ts';
import type { GenerationStartDependencies } from '../../core/paid-jobs/paid-jobs.ts';

/** One side of the form as it came: its type, its prompt (trimmed, maybe empty) and its file, if one was sent. */
export interface SideInput {
  side: BeforeAfterSide;
  type: BeforeAfterSideType;
  prompt: string;
  file?: { content: Buffer; filename: string };
}

export interface BeforeAfterDependencies extends GenerationStartDependencies {
  generatorName: VideoGenerator['name'];
  /** The project's brand look, which the motion templates set the sides' words in. */
  templateLook: TemplateLookOf;
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

  /**
   * The generator is asked only for 'image to video'; anything else is made on the worker, free. Each side carries
   * its name in the corner, so a viewer who joins mid-video knows which half they are seeing.
   */
  function sceneOf(side: CheckedSide, key: string): VideoGenerationInput['scenes'][number] {
    const [seconds, label] = [sceneSeconds[side.side], beforeAfterTexts.sideLabel(side.side)];
    // A side is a scene in itself: offline, its picture fills the frame under a camera move, labelled, never a
    // template's own reveal inside one side.
    if (side.type === 'image-to-video') return { imageKey: key, prompt: side.prompt, seconds, label, template: { name: 'photo' as const } };
    // Without a prompt the side's name picks the camera move, so the two stills need not move alike.
    if (side.type === 'image') return { local: 'still', key, prompt: side.prompt || side.side, seconds, label };
    return { local: 'video', key, seconds, label };
  }

  return {
    async generate(userId: string, request: { videoId?: string; transition: AiVideoTransition; sides: SideInput[] }): Promise<GenerateBeforeAfterResponse> {
      const sides = await checkSides(request.sides);
      const named = request.videoId ? await workflow.resolve(userId, request.videoId) : undefined;
      const answer = (project: { id: string }): GenerateBeforeAfterResponse => ({ status: 'processing', video_id: project.id });
      return deps.paidJobs.start({
        userId,
        credit: sides.some((side) => side.type === 'image-to-video') ? 'aiVideos' : null,
        // A start while this project's video is being made follows it: no second generation, no second credit.
        underWay: async () => (named && (await deps.videoJobs.running(named, 'before-after')) ? answer(named) : null),
        async prepare(scope) {
          const project = await scope.project(deps.quotas, userId, request.videoId, 'before-after');
          const scenes = [];
          for (const side of sides) scenes.push(sceneOf(side, await scope.store(userId, 'before-after', side.file)));
          const outputKey = deps.videoJobs.outputKey(project, 'before-after');
          // The generated video is the project's background from here on: the shared steps after it play it once.
          const saved = await workflow.save(project, { background: { kind: 'clips', clips: [{ key: outputKey, duration: beforeAfterSeconds }], fit: 'trim' } });
          // Keyed by the job it follows: two starts at once on one project find the same key, and only one begins.
          const idempotencyKey = `before-after:${project.id}:${workflow.document(project).videoJob?.jobId ?? 'first'}`;
          const look = await deps.templateLook(userId, project.id);
          return { project: saved, job: deps.job, payload: { scenes, join: { transition: request.transition }, outputKey, look }, idempotencyKey };
        },
        async began(project, job) {
          await deps.videoJobs.track(project, 'before-after', job.id);
          return answer(project);
        },
        followed: answer,
      });
    },

    async options(userId: string): Promise<BeforeAfterOptions> {
      await deps.paidJobs.settleUser(userId);
      const subscription = await deps.quotas.current(userId);
      return { ai_credits_left: !deps.paidJobs.takesAiCredit() || subscription.aiVideosUsed < subscription.aiVideosAllowed, generator: deps.generatorName };
    },
  };
}

export type BeforeAfterService = ReturnType<typeof createBeforeAfterService>;
