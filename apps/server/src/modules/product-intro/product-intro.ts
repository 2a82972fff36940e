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
  type MotionTemplateName,
} from '@reelsmith/contracts';
import { crossedSceneSeconds } from '@reelsmith/media';
import { UserFacingError } from '../../errors.ts';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import type { FormFile } from '../../http/multipart-form.ts';
import type { TemplateLookOf, VideoGenerationInput } from '../../jobs/video-generation-job.ts';
import type { VideoGenerator } from '../../providers/video-generation/types.ts';
import type { BusinessOf } from '../../providers/video-generation/templates/template-words.ts';
import { inspectBuffer } from '../../core/files/upload-inspection.ts';
import type { GenerationStartDependencies } from '../../core/paid-jobs/paid-jobs.ts';

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
  /** Made as motion templates although a vendor is set up. */
  motionTemplate?: boolean;
}

export interface ProductIntroDependencies extends GenerationStartDependencies {
  generatorName: VideoGenerator['name'];
  /** The business profile: its name is set on the templates that have room for it. */
  business: BusinessOf;
  /** The project's brand on the motion templates' words (core/brand): read by core, never by this module. */
  templateLook: TemplateLookOf;
}

interface CheckedScene {
  type: IntroSceneType;
  extension: string;
  image: FormFile;
}

/** Offline, each scene type is a motion template of its own, so two types on one photo look clearly different. */
const introTemplates: Record<IntroSceneType, MotionTemplateName> = {
  'Hero Shot': 'hero',
  'Hand Showcase': 'hand',
  'Usage in Action': 'usage',
  'Lifestyle Context': 'lifestyle',
  'Exploded Features': 'features',
  'Social Proof Snap': 'social-proof',
  'Before/After Reveal': 'reveal',
  'Dynamic Outro': 'outro',
};

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

  return {
    async generate(userId: string, request: IntroRequest): Promise<GenerateIntroResponse> {
      const scenes = await checkScenes(request.scenes);
      const found = request.videoId ? await workflow.resolve(userId, request.videoId) : null;
      // Read before the start's transaction: the profile is not part of what the start decides.
      const business = (await deps.business(userId))?.businessName?.trim().slice(0, 200);
      return deps.paidJobs.start({
        userId,
        credit: 'aiVideos',
        motionTemplate: request.motionTemplate,
        underWay: async () => (found && (await deps.videoJobs.running(found, 'intro')) ? following(found) : null),
        async prepare(scope) {
          const project = found ?? (await scope.project(deps.quotas, userId, undefined, 'product-intro'));
          const keys: string[] = [];
          for (const scene of scenes) keys.push(await scope.store(userId, 'intro-image', scene.image));
          const payload: VideoGenerationInput = {
            scenes: scenes.map((scene, i) => ({
              imageKey: keys[i]!,
              prompt: introScenePrompt(scene.type, scene.extension),
              seconds: crossedSceneSeconds(i, scenes.length, introSceneSeconds),
              template: { name: introTemplates[scene.type], words: { ...(scene.extension ? { details: scene.extension } : {}), ...(business ? { business } : {}) }, variant: i },
            })),
            join: { transition: request.transition },
            ...(request.motionTemplate ? { motionTemplates: true } : {}),
            look: await deps.templateLook(userId, project.id),
            outputKey: deps.videoJobs.outputKey(project, 'intro'),
          };
          // Keyed by the job it follows: two starts at once on one project find the same key, and only one begins.
          const idempotencyKey = `product-intro:${project.id}:${workflow.document(project).videoJob?.jobId ?? 'first'}`;
          return { project, job: deps.job, payload, idempotencyKey };
        },
        async began(project, job) {
          // The generated video is the project's background once it exists: played once and kept whole, and silent.
          const clip = { key: deps.videoJobs.outputKey(project, 'intro'), duration: introSeconds };
          const saved = await workflow.save(project, { background: { kind: 'clips', clips: [clip], fit: 'trim', hasSpeech: false } });
          await deps.videoJobs.track(saved, 'intro', job.id);
          return { status: 'processing', video_id: saved.id, reconnected: false };
        },
        followed: following,
      });
    },

    settings: () => ({ generator: deps.generatorName }),
  };
}

export type ProductIntroService = ReturnType<typeof createProductIntroService>;
