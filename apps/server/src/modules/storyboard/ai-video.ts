import {
  maxAiVideoScenes,
  maxSceneChars,
  maxVideoSeconds,
  storyboardAiVideoTexts as texts,
  storyboardTexts,
  uploadPolicies,
  type AiVideoStateResponse,
  type GenerateAiVideoResponse,
  type VideoGeneratorName,
} from '@reelsmith/contracts';
import { maxMotionSeconds } from '@reelsmith/media';
import { UserFacingError } from '../../errors.ts';
import type { TemplateLookOf, VideoGenerationJob } from '../../jobs/video-generation-job.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { ownerOfKey, type FileUrlSigner } from '../../core/files/file-urls.ts';
import type { ProjectVideoJobs } from '../../core/project/project-video-jobs.ts';
import { keyOfSignedUrl } from '../../core/project/projects.ts';
import { inspectBuffer, type MediaProber } from '../../core/files/upload-inspection.ts';
import type { PaidJobs } from '../../core/paid-jobs/paid-jobs.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';
import type { BusinessBrief } from '../../providers/writer/types.ts';
import { pickStills, stillQueries, type StockStills } from './ai-video-stills.ts';
import { renderTitleCard } from './title-card.ts';
import { sceneLengths } from './storyboard-timing.ts';

/** Scene N's still as the form sent it: a file, or the signed URL of one of the user's images (a stock pick). */
export interface SceneImageInput {
  n: number;
  file?: { content: Buffer; filename: string };
  url?: string;
}

export interface AiVideoDependencies {
  workflow: WorkflowProjects;
  storage: ObjectStorage;
  signer: FileUrlSigner;
  paidJobs: PaidJobs;
  videoJobs: ProjectVideoJobs;
  job: VideoGenerationJob;
  generatorName: VideoGeneratorName;
  stock: StockStills;
  /** The user's business profile: its category is searched for a scene nothing else matches, its name is on a title card. */
  business: (userId: string) => Promise<BusinessBrief | undefined>;
  /** ffprobe plus a decode check, as uploads use: every file is checked before any is stored. */
  probe: MediaProber;
  tmpDir: string;
  /** The project's brand on the motion templates' words (core/brand): read by core, never by this module. */
  templateLook: TemplateLookOf;
}

const policy = uploadPolicies['scene-image'];
/** A scene's clip is between a second (a transition-free cut still reads) and the motion renderer's longest. */
const clipSeconds = (length: number) => Math.min(Math.max(length, 1), maxMotionSeconds);

/**
 * SPEC §7 generate-ai-video: every scene's still (the user's, else a stock picture chosen from its text) animated by
 * the video generator for as long as the voiceover says that scene, the clips cut together into the project's
 * background. One AI credit, held until the generation's outcome is known: a failed one gives it back.
 */
export function createAiVideoService(deps: AiVideoDependencies) {
  const { workflow, signer, storage } = deps;

  /** The scene texts in order: numbered from 1 with none left out, each with words in it. */
  function sceneTexts(fields: Map<number, string>): string[] {
    const highest = Math.max(0, ...fields.keys());
    if (highest === 0) throw new UserFacingError(400, texts.noScenes);
    return Array.from({ length: highest }, (_, i) => {
      const text = fields.get(i + 1)?.trim();
      if (!text) throw new UserFacingError(400, texts.missingScene(i + 1));
      return text.slice(0, maxSceneChars);
    });
  }

  async function ownImageKey(userId: string, image: SceneImageInput): Promise<string> {
    const key = keyOfSignedUrl(image.url!.trim(), signer);
    const object = key && ownerOfKey(key) === userId ? await storage.stat(key) : null;
    if (!key || !object?.contentType.startsWith('image/')) throw new UserFacingError(400, texts.notYourImage(image.n));
    return key;
  }

  /**
   * Sniffs and probes every file as an image upload before any is stored, so a refused one leaves nothing behind;
   * every image's problem is told at once, not one per try.
   */
  async function checkFiles(images: SceneImageInput[]): Promise<void> {
    const problems: UserFacingError[] = [];
    for (const image of images) {
      if (!image.file) continue;
      try {
        await inspectBuffer(image.file.content, policy, deps.probe, deps.tmpDir);
      } catch (error) {
        if (!(error instanceof UserFacingError)) throw error;
        problems.push(new UserFacingError(error.statusCode, texts.badImage(image.n, error.message)));
      }
    }
    if (problems.length > 0) throw new UserFacingError(problems[0]!.statusCode, problems.map((problem) => problem.message).join(' '));
  }

  return {
    async start(userId: string, request: { videoId?: string; texts: Map<number, string>; images: SceneImageInput[]; motionTemplate?: boolean }): Promise<GenerateAiVideoResponse> {
      const scenes = sceneTexts(request.texts);
      const images = [...request.images].sort((a, b) => a.n - b.n);
      const stray = images.find((image) => image.n > scenes.length);
      if (stray) throw new UserFacingError(400, texts.imageWithoutScene(stray.n));
      const urlKeys = new Map<number, string>();
      for (const image of images) if (!image.file) urlKeys.set(image.n, await ownImageKey(userId, image));
      await checkFiles(images);

      const project = await workflow.resolve(userId, request.videoId);
      const voiceover = workflow.document(project).voiceover;
      if (!voiceover) throw new UserFacingError(409, storyboardTexts.needsVoiceover);
      const answer = (reconnected: boolean): GenerateAiVideoResponse => ({ status: 'processing', video_id: project.id, reconnected });
      // Starting again while the generation runs follows that one: no second generation, no second credit.
      if (await deps.videoJobs.running(project, 'ai-video')) return answer(true);

      const given = new Set(images.map((image) => image.n));
      const brief = await deps.business(userId);
      const stills = await pickStills(
        deps.stock,
        scenes.map((text, i) => ({ n: i + 1, text })).filter((scene) => !given.has(scene.n)),
        brief ? stillQueries(brief.businessType) : [],
      );
      const lengths = sceneLengths(scenes, { duration: Math.min(voiceover.duration, maxVideoSeconds), words: voiceover.words }).map(clipSeconds);
      const outputKey = deps.videoJobs.outputKey(project, 'ai-video');
      return deps.paidJobs.start({
        userId,
        credit: 'aiVideos',
        motionTemplate: request.motionTemplate,
        async prepare(scope) {
          const keys: string[] = [];
          // A stock picture or a title card is a whole scene, never a product to cut out and set on a pedestal.
          const wholeScenes = new Set<number>();
          for (let n = 1; n <= scenes.length; n++) {
            const image = images.find((candidate) => candidate.n === n);
            if (image?.file) keys.push(await scope.store(userId, 'scene-image', image.file));
            else if (image) keys.push(urlKeys.get(n)!);
            else if (stills.has(n)) {
              const upload = await deps.stock.add(userId, { type: 'image', url: stills.get(n)!.src.portrait, purpose: 'scene-image' });
              keys.push(keyOfSignedUrl(upload.url, signer)!);
              wholeScenes.add(n);
            } else {
              // No picture anywhere: the scene's own words, designed, so an empty scene never stops the video.
              const content = await renderTitleCard(scenes[n - 1]!, n, brief?.businessName);
              keys.push(await scope.store(userId, 'scene-image', { content, filename: `scene-${n}-title-card.jpg` }));
              wholeScenes.add(n);
            }
          }
          // Keyed by the job it follows: two starts at once find the same key, and only one generation begins.
          const idempotencyKey = `ai-video:${project.id}:${workflow.document(project).videoJob?.jobId ?? 'first'}`;
          const payload = {
            scenes: scenes.map((prompt, i) => ({ imageKey: keys[i]!, prompt, seconds: lengths[i]!, template: wholeScenes.has(i + 1) ? { name: 'photo' as const } : { variant: i } })),
            ...(request.motionTemplate ? { motionTemplates: true } : {}),
            look: await deps.templateLook(userId, project.id),
            outputKey,
          };
          return { project, job: deps.job, payload, idempotencyKey };
        },
        async began(started, job) {
          const duration = lengths.reduce((sum, length) => sum + length, 0);
          const saved = await workflow.save(started, {
            scenes: scenes.length === maxAiVideoScenes ? scenes : workflow.document(started).scenes,
            background: { kind: 'clips', fit: 'trim', clips: [{ key: outputKey, duration }] },
          });
          await deps.videoJobs.track(saved, 'ai-video', job.id);
          return answer(false);
        },
        followed: () => answer(true),
      });
    },

    /** The generator's name, and the project's AI video generation if its latest video job is one. */
    async state(userId: string, videoId?: string): Promise<AiVideoStateResponse> {
      const project = await workflow.resolve(userId, videoId);
      const none: AiVideoStateResponse = { generator: deps.generatorName, status: 'none', user_video_url: null };
      if (workflow.document(project).videoJob?.purpose !== 'ai-video') return none;
      // The same answer as check-video-status, which also adopts a finished video and settles the held credit.
      const status = await deps.videoJobs.status(userId, project.id).catch(() => null);
      if (!status) return none;
      return { generator: deps.generatorName, status: status.status, user_video_url: status.user_video_url, ...(status.percent === undefined ? {} : { percent: status.percent }) };
    },
  };
}

export type AiVideoService = ReturnType<typeof createAiVideoService>;
