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
import type { VideoGenerator } from '../../providers/video-generation/types.ts';
import type { BusinessOf } from '../../providers/video-generation/templates/template-words.ts';
import { UserFacingError } from '../../errors.ts';
import type { TemplateLookOf, VideoGenerationInput } from '../../jobs/video-generation-job.ts';
import { inspectBuffer } from '../../core/files/upload-inspection.ts';
import type { GenerationStartDependencies } from '../../core/paid-jobs/paid-jobs.ts';

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
  /** Made as motion templates although a vendor is set up. */
  motionTemplate?: boolean;
}

export interface ProductShowcaseDependencies extends GenerationStartDependencies {
  generatorName: VideoGenerator['name'];
  /** The business profile: its name is the kicker over each scene's headline. */
  business: BusinessOf;
  /** The project's brand on the motion templates' words (core/brand): read by core, never by this module. */
  templateLook: TemplateLookOf;
}

const refuse = (status: number, message: string, field: string) => new UserFacingError(status, message, field);

/** The first scene is longer by the transition the two share, so 14 s are 14 s and each scene is seen for 7. */
export const sceneSeconds = (i: number, count: number) => crossedSceneSeconds(i, count, showcaseSceneSeconds);

/**
 * SPEC §5 Product Showcase, in the page's order: every text within 200 characters and every image within the upload
 * limit (the spec's 1.8 MB is met by the copy kept), then what the length needs (7 s: scene 1's text and image; 14 s:
 * both scenes' and a transition).
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
      const answer = (project: { id: string }): GenerateShowcaseResponse => ({ status: 'processing', error: null, video_id: project.id });
      // Read before the start's transaction: the profile is not part of what the start decides.
      const business = (await deps.business(userId))?.businessName?.trim().slice(0, 200);
      const templates = deps.generatorName === 'local' || request.motionTemplate === true;
      return deps.paidJobs.start({
        userId,
        credit: 'aiVideos',
        motionTemplate: request.motionTemplate,
        // A start while this project's showcase is being made follows it: no second generation, no second credit.
        underWay: async () => (named && (await deps.videoJobs.running(named, 'showcase')) ? answer(named) : null),
        async prepare(scope) {
          const project = await scope.project(deps.quotas, userId, request.videoId, 'product-showcase');
          const keys: string[] = [];
          for (const scene of scenes) keys.push(await scope.store(userId, 'showcase-image', { content: scene.image!.content!, filename: scene.image!.filename }));
          const outputKey = deps.videoJobs.outputKey(project, 'showcase');
          const payload: VideoGenerationInput = {
            scenes: scenes.map((scene, i) => ({
              imageKey: keys[i]!,
              prompt: scene.text.trim(),
              seconds: sceneSeconds(i, scenes.length),
              caption: scene.text.trim(),
              template: { name: 'showcase' as const, ...(business ? { words: { business } } : {}), variant: i },
            })),
            ...(scenes.length === 2 && request.transition ? { join: { transition: request.transition } } : {}),
            ...(request.motionTemplate ? { motionTemplates: true } : {}),
            look: await deps.templateLook(userId, project.id),
            outputKey,
          };
          // Keyed by the job it follows: two starts at once on one project find the same key, and only one begins.
          const idempotencyKey = `showcase:${project.id}:${workflow.document(project).videoJob?.jobId ?? 'first'}`;
          return { project, job: deps.job, payload, idempotencyKey };
        },
        async began(project, job) {
          // The generated video is the project's background once it exists (the page goes on only then): played once
          // and kept whole however short the voiceover, and silent, so no sound of its own is listened for.
          const clip = { key: deps.videoJobs.outputKey(project, 'showcase'), duration: showcaseSceneSeconds * scenes.length };
          // A vendor's clips get the scene texts as captions at the bottom, where subtitles would otherwise go; a motion
          // template sets them as its headline at the top, clear of every subtitle position.
          const textAt = templates ? {} : { textAt: 'bottom' as const };
          const background = { kind: 'clips' as const, clips: [clip], fit: 'trim' as const, hasSpeech: false, ...textAt };
          const started = await workflow.save(project, { background });
          await deps.videoJobs.track(started, 'showcase', job.id);
          return { ...answer(project), ...(await deps.videoJobs.estimate(job)) };
        },
        followed: answer,
      });
    },
  };
}

export type ProductShowcaseService = ReturnType<typeof createProductShowcaseService>;
