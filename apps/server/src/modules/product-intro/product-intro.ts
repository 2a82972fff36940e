import {
  introExtensionMax,
  introImagePolicy,
  introSceneCount,
  introScenePrompt,
  introScenes,
  introSceneSeconds,
  introSeconds,
  introTexts,
  isIntroSceneType,
  type AiVideoTransition,
  type GenerateIntroResponse,
  type IntroSceneType,
} from '@reelsmith/contracts';
import { crossedSceneSeconds } from '@reelsmith/media';
import { UserFacingError } from '../../errors.ts';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import type { FormFile } from '../../http/multipart-form.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { VideoGenerationInput, VideoGenerationJob } from '../../jobs/video-generation-job.ts';
import type { VideoGenerator } from '../../providers/video-generation/types.ts';
import type { ProjectVideoJobs } from '../../core/project/project-video-jobs.ts';
import type { QuotaService } from '../../core/credits/quotas.ts';
import { inspectBuffer, type MediaProber } from '../../core/files/upload-inspection.ts';
import type { UploadService } from '../../core/files/uploads.ts';
import { startScope, type StartScope } from '../../core/project/start-scope.ts';
import type { VideoJobCredits } from '../../core/paid-jobs/video-job-credits.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

/** One scene of the form as it came: its type and extension as typed, and its image if one was sent. */
export interface IntroSceneInput {
  type: string;
  extension: string;
  image?: FormFile;
}

export interface IntroRequest {
  videoId?: string;
  transition: AiVideoTransition;
  /** Scenes 1 to 4, in order. */
  scenes: IntroSceneInput[];
}

export interface ProductIntroDependencies {
  workflow: WorkflowProjects;
  uploads: UploadService;
  quotas: QuotaService;
  queue: JobQueue;
  job: VideoGenerationJob;
  videoJobs: ProjectVideoJobs;
  credits: VideoJobCredits;
  generatorName: VideoGenerator['name'];
  probe: MediaProber;
  tmpDir: string;
}

interface CheckedScene {
  type: IntroSceneType;
  extension: string;
  image: FormFile;
}

const refuse = (status: number, message: string, field: string) => new UserFacingError(status, message, field);
const fieldOf = (n: number, part: 'prompt1' | 'prompt2' | 'image') => `scene${n}_${part}`;

/**
 * SPEC §5 Product Intro, in the page's order: each scene's type is one of the eight; a custom type's details are
 * given and at most 90 characters, a fixed type has none; every scene has an image. The images are checked after.
 */
export function checkIntroTexts(scenes: IntroSceneInput[]): void {
  if (scenes.length !== introSceneCount) throw new UserFacingError(400, introTexts.tooManyScenes);
  scenes.forEach((scene, i) => {
    const n = i + 1;
    if (!scene.type.trim()) throw refuse(400, introTexts.needsType(n), fieldOf(n, 'prompt1'));
    if (!isIntroSceneType(scene.type)) throw refuse(400, introTexts.unknownType(n), fieldOf(n, 'prompt1'));
    if (!introScenes[scene.type].custom) {
      if (scene.extension.trim()) throw refuse(400, introTexts.extensionNotAllowed(n, scene.type), fieldOf(n, 'prompt2'));
      return;
    }
    if (scene.extension.length > introExtensionMax) throw refuse(400, introTexts.extensionTooLong(n), fieldOf(n, 'prompt2'));
    if (!scene.extension.trim()) throw refuse(400, introTexts.needsExtension(n), fieldOf(n, 'prompt2'));
  });
  scenes.forEach((scene, i) => {
    if (!scene.image) throw refuse(400, introTexts.needsImage(i + 1), fieldOf(i + 1, 'image'));
  });
}

/**
 * SPEC §7 generate-product-intro: four scenes, each the product image brought to life by the video generator with
 * its type's fixed prompt (and the user's details for a custom type), 3.5 s each and joined with the transition into
 * 14 s. The job is the project's video job, so check-video-status reports on it and its video becomes the project's.
 * One AI credit, taken at the start and held until the outcome is known: a failed generation gives it back. A start
 * while the project's generation still runs follows that one, and costs nothing.
 */
export function createProductIntroService(deps: ProductIntroDependencies) {
  const { workflow } = deps;

  /** Every rule of the form, the images sniffed and decoded too, before anything is stored or charged. */
  async function checkScenes(scenes: IntroSceneInput[]): Promise<CheckedScene[]> {
    checkIntroTexts(scenes);
    for (const [i, scene] of scenes.entries()) {
      try {
        await inspectBuffer(scene.image!.content, introImagePolicy, deps.probe, deps.tmpDir);
      } catch (error) {
        if (error instanceof UserFacingError) throw refuse(error.statusCode, introTexts.badImage(i + 1, error.message), fieldOf(i + 1, 'image'));
        throw error;
      }
    }
    return scenes.map((scene) => ({ type: scene.type as IntroSceneType, extension: scene.extension.trim(), image: scene.image! }));
  }

  const following = (project: ProjectRecord): GenerateIntroResponse => ({ status: 'processing', video_id: project.id, reconnected: true });

  async function start(userId: string, found: ProjectRecord | null, scenes: CheckedScene[], transition: AiVideoTransition, scope: StartScope): Promise<GenerateIntroResponse> {
    const project = found ?? (await scope.project(deps.quotas, userId, undefined, 'product-intro'));
    const keys: string[] = [];
    for (const scene of scenes) keys.push(await scope.store(userId, 'intro-image', scene.image));
    const outputKey = deps.videoJobs.outputKey(project, 'intro');
    const payload: VideoGenerationInput = {
      scenes: scenes.map((scene, i) => ({
        imageKey: keys[i]!,
        prompt: introScenePrompt(scene.type, scene.extension),
        seconds: crossedSceneSeconds(i, scenes.length, introSceneSeconds),
      })),
      join: { transition },
      outputKey,
    };
    // Keyed by the job it follows: two starts at once on one project find the same key, and only one begins.
    const idempotencyKey = `product-intro:${project.id}:${workflow.document(project).videoJob?.jobId ?? 'first'}`;
    const { record, created } = await deps.queue.enqueueOnce(deps.job, payload, { userId, idempotencyKey });
    if (!created) {
      await deps.quotas.refund(userId, 'aiVideos');
      await scope.takeBack();
      return following(project);
    }
    // The generated video is the project's background once it exists: played once and kept whole, and silent.
    const saved = await workflow.save(project, { background: { kind: 'clips', clips: [{ key: outputKey, duration: introSeconds }], fit: 'trim', hasSpeech: false } });
    await deps.videoJobs.track(saved, 'intro', record.id);
    await deps.credits.hold(saved, record.id, 'aiVideos');
    return { status: 'processing', video_id: saved.id, reconnected: false };
  }

  return {
    async generate(userId: string, request: IntroRequest): Promise<GenerateIntroResponse> {
      const scenes = await checkScenes(request.scenes);
      const found = request.videoId ? await workflow.resolve(userId, request.videoId) : null;
      if (found && (await deps.videoJobs.running(found, 'intro'))) return following(found);
      // A failed earlier generation's credit comes back first, so it can pay for this one.
      await deps.credits.settleUser(userId);
      const scope = startScope(deps.uploads, workflow);
      return deps.quotas.withCredit(userId, 'aiVideos', () => scope.run(() => start(userId, found, scenes, request.transition, scope)));
    },

    settings: () => ({ generator: deps.generatorName }),
  };
}

export type ProductIntroService = ReturnType<typeof createProductIntroService>;
