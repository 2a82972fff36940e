import {
  showcaseImagePolicy,
  showcaseSceneSeconds,
  showcaseScenes,
  showcaseTextMaxLength,
  showcaseTexts,
  type AiVideoTransition,
  type GenerateShowcaseResponse,
  type ShowcaseLength,
} from '@reelsmith/contracts';
import { crossedSceneSeconds } from '@reelsmith/media';
import { UserFacingError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { VideoGenerationInput, VideoGenerationJob } from '../../jobs/video-generation-job.ts';
import type { ProjectVideoJobs } from '../../core/project/project-video-jobs.ts';
import type { QuotaService } from '../../core/credits/quotas.ts';
import { inspectBuffer, type MediaProber } from '../../core/files/upload-inspection.ts';
import type { UploadService } from '../../core/files/uploads.ts';
import { startScope } from '../../core/project/start-scope.ts';
import type { VideoJobCredits } from '../../core/paid-jobs/video-job-credits.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

/** A product image as the form sent it: its whole size, and its bytes when they are within the limit. */
export interface ShowcaseImage {
  filename: string;
  size: number;
  /** Null when the file was over the limit: only its size was counted. */
  content: Buffer | null;
}

export interface ShowcaseScene {
  text: string;
  image?: ShowcaseImage;
}

export interface ShowcaseRequest {
  videoId?: string;
  length: ShowcaseLength;
  /** Scene 1 and scene 2 as sent; a 7 s video reads only the first. */
  scenes: ShowcaseScene[];
  transition: AiVideoTransition | '';
}

export interface ProductShowcaseDependencies {
  workflow: WorkflowProjects;
  uploads: UploadService;
  quotas: QuotaService;
  queue: JobQueue;
  job: VideoGenerationJob;
  videoJobs: ProjectVideoJobs;
  credits: VideoJobCredits;
  probe: MediaProber;
  tmpDir: string;
}

const refuse = (status: number, message: string, field: string) => new UserFacingError(status, message, field);

/** The first scene is longer by the transition the two share, so 14 s are 14 s and each scene is seen for 7. */
export const sceneSeconds = (i: number, count: number) => crossedSceneSeconds(i, count, showcaseSceneSeconds);

/**
 * SPEC §5 Product Showcase, in the page's order: every text within 200 characters and every image within 1.8 MB, then
 * what the length needs (7 s: scene 1's text and image; 14 s: both scenes' and a transition).
 */
export function checkShowcase(request: ShowcaseRequest): ShowcaseScene[] {
  const scenes = request.scenes.slice(0, showcaseScenes[request.length]);
  scenes.forEach((scene, i) => {
    if (scene.text.length > showcaseTextMaxLength) throw refuse(400, showcaseTexts.textTooLong(i + 1), `text${i + 1}`);
  });
  scenes.forEach((scene, i) => {
    if (scene.image && scene.image.size > showcaseImagePolicy.maxBytes) throw refuse(413, showcaseTexts.imageTooLarge(scene.image.size), `image${i + 1}`);
  });
  scenes.forEach((scene, i) => {
    if (!scene.text.trim() || !scene.image) throw refuse(400, showcaseTexts.needsScene(i + 1), scene.text.trim() ? `image${i + 1}` : `text${i + 1}`);
  });
  if (scenes.length === 2 && !request.transition) throw refuse(400, showcaseTexts.needsTransition, 'transition');
  return scenes;
}

/**
 * SPEC §7 generate-product-showcase: each scene's product image is animated by the video generation job with its
 * text as the direction and set on it as a caption; two scenes are joined with the chosen transition. The job is the
 * project's video job, so check-video-status reports on it and its video becomes the project's; one AI credit is
 * taken at the start and held, so a failed generation gives it back.
 */
export function createProductShowcaseService(deps: ProductShowcaseDependencies) {
  const { workflow } = deps;

  /** Checks every image as an upload (sniffed and decoded) before any is stored, so a refused one leaves nothing behind. */
  async function checkImages(scenes: ShowcaseScene[]): Promise<void> {
    for (const [i, scene] of scenes.entries()) {
      try {
        await inspectBuffer(scene.image!.content!, showcaseImagePolicy, deps.probe, deps.tmpDir);
      } catch (error) {
        if (error instanceof UserFacingError) throw refuse(error.statusCode, showcaseTexts.badImage(i + 1, error.message), `image${i + 1}`);
        throw error;
      }
    }
  }

  return {
    async generate(userId: string, request: ShowcaseRequest): Promise<GenerateShowcaseResponse> {
      const scenes = checkShowcase(request);
      await checkImages(scenes);
      const named = request.videoId ? await workflow.resolve(userId, request.videoId) : undefined;
      // A start while this project's showcase is being made follows it: no second generation, no second credit.
      if (named && (await deps.videoJobs.running(named, 'showcase'))) return { status: 'processing', error: null, video_id: named.id };
      await deps.credits.settleUser(userId);

      const scope = startScope(deps.uploads, workflow);
      return deps.quotas.withCredit(userId, 'aiVideos', () => scope.run(async () => {
        const project = await scope.project(deps.quotas, userId, request.videoId, 'product-showcase');
        const keys: string[] = [];
        for (const scene of scenes) keys.push(await scope.store(userId, 'showcase-image', { content: scene.image!.content!, filename: scene.image!.filename }));
        const outputKey = deps.videoJobs.outputKey(project, 'showcase');
        const payload: VideoGenerationInput = {
          scenes: scenes.map((scene, i) => ({ imageKey: keys[i]!, prompt: scene.text.trim(), seconds: sceneSeconds(i, scenes.length), caption: scene.text.trim() })),
          ...(scenes.length === 2 && request.transition ? { join: { transition: request.transition } } : {}),
          outputKey,
        };
        // Keyed by the job it follows: two starts at once on one project find the same key, and only one begins.
        const idempotencyKey = `showcase:${project.id}:${workflow.document(project).videoJob?.jobId ?? 'first'}`;
        const { record: job, created } = await deps.queue.enqueueOnce(deps.job, payload, { userId, idempotencyKey });
        if (!created) {
          await deps.quotas.refund(userId, 'aiVideos');
          await scope.takeBack();
          return { status: 'processing', error: null, video_id: project.id };
        }
        // The generated video is the project's background once it exists (the page goes on only then): played once
        // and kept whole however short the voiceover, and silent, so no sound of its own is listened for.
        const clip = { key: outputKey, duration: showcaseSceneSeconds * scenes.length };
        const started = await workflow.save(project, { background: { kind: 'clips', clips: [clip], fit: 'trim', hasSpeech: false } });
        await deps.videoJobs.track(started, 'showcase', job.id);
        await deps.credits.hold(started, job.id, 'aiVideos');
        return { status: 'processing', error: null, video_id: project.id };
      }));
    },
  };
}

export type ProductShowcaseService = ReturnType<typeof createProductShowcaseService>;
