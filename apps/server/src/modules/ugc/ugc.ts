import { randomBytes } from 'node:crypto';
import {
  quotaMessages,
  ugcDefaultLength,
  ugcImagePolicy,
  ugcImagePrompt,
  ugcTexts,
  ugcVideoPrompt,
  type CheckImageStatusResponse,
  type LatestUgcConfig,
  type LatestUgcImage,
  type UgcConfig,
  type UgcLength,
  type UgcSettings,
} from '@reelsmith/contracts';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import { UserFacingError } from '../../errors.ts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';
import type { ProjectVideoJobs } from '../../core/project/project-video-jobs.ts';
import type { QuotaService } from '../../core/credits/quotas.ts';
import { inspectBuffer, type MediaProber } from '../../core/files/upload-inspection.ts';
import type { PaidJobs } from '../../core/paid-jobs/paid-jobs.ts';
import { noProjectMessage, type WorkflowProjects } from '../../core/project/workflow-projects.ts';
import type { ImageGenerationJob } from '../../jobs/image-generation-job.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { TemplateLookOf, VideoGenerationJob } from '../../jobs/video-generation-job.ts';
import type { ImageGenerator } from '../../providers/image-generation/types.ts';
import type { VideoGenerator } from '../../providers/video-generation/types.ts';

export interface UgcDependencies {
  workflow: WorkflowProjects;
  quotas: QuotaService;
  queue: JobQueue;
  imageJob: ImageGenerationJob;
  videoJob: VideoGenerationJob;
  videoJobs: ProjectVideoJobs;
  paidJobs: PaidJobs;
  signer: FileUrlSigner;
  probe: MediaProber;
  tmpDir: string;
  imageGenerator: Pick<ImageGenerator, 'name'>;
  videoGeneratorName: VideoGenerator['name'];
  images: {
    /** The user's UGC stills started since a time that did not fail: the per-period bound counts them. */
    startedSince(userId: string, since: Date): Promise<number>;
    /** Every UGC still the user ever started: the next one's number, so two starts at once cannot both begin. */
    everStarted(userId: string): Promise<number>;
  };
  /** Vendor stills cost money though the spec charges no credit for them: this many per AI video credit. */
  imagesPerAiCredit: number;
  /** The project's brand on the motion templates' words (core/brand): read by core, never by this module. */
  templateLook: TemplateLookOf;
}

export interface UgcImageRequest {
  videoId?: string;
  config: UgcConfig;
  productImage?: { content: Buffer; filename: string };
}

const videoType = 'ugc';
const running = new Set(['queued', 'processing']);

/**
 * SPEC §2/§4/§7 UGC Video in two steps. Step 1 turns the form and the product photo into a 9:16 still (the image
 * generation job, no credit; bounded per plan period because a vendor still costs money); step 2 brings that still
 * to life for 7 or 14 s (the video generation job, one AI credit held until the outcome). The project document keeps
 * both steps, so the latest-* calls restore them after a reload or on a return visit.
 */
export function createUgcService(deps: UgcDependencies) {
  const { workflow, queue } = deps;

  async function latest(userId: string, videoId?: string): Promise<ProjectRecord | undefined> {
    const project = await workflow.findOfType(userId, videoId, videoType, 'ugc');
    return project?.videoType === videoType && workflow.document(project).ugc ? project : undefined;
  }

  /** A job's record; null only when there is no such job (a database fault is not a failed still). */
  const jobRecord = (userId: string, jobId: string) =>
    queue.status(userId, jobId).catch((error: unknown) => {
      if (error instanceof UserFacingError && error.statusCode === 404) return null;
      throw error;
    });

  /** The UGC project the page names; another type of video is not one to make a UGC still in. */
  async function named(userId: string, videoId: string | undefined): Promise<ProjectRecord | undefined> {
    if (!videoId) return undefined;
    const project = await workflow.resolve(userId, videoId);
    if (project.videoType !== videoType) throw new UserFacingError(404, noProjectMessage);
    return project;
  }

  async function imageJobState(project: ProjectRecord) {
    const ugc = workflow.document(project).ugc!;
    return { ugc, record: await jobRecord(project.userId, ugc.imageJobId) };
  }

  type Subscription = Awaited<ReturnType<QuotaService['current']>>;
  async function imageAllowance(userId: string, subscription: Subscription): Promise<{ allowed: number; left: number }> {
    const allowed = deps.imagesPerAiCredit * subscription.aiVideosAllowed;
    const used = await deps.images.startedSince(userId, subscription.periodStart);
    return { allowed, left: Math.max(0, allowed - used) };
  }

  async function checkProductImage(image: UgcImageRequest['productImage']): Promise<NonNullable<UgcImageRequest['productImage']>> {
    if (!image || image.content.length === 0) throw new UserFacingError(400, ugcTexts.needImage, 'productImage');
    try {
      await inspectBuffer(image.content, ugcImagePolicy, deps.probe, deps.tmpDir);
    } catch (error) {
      if (error instanceof UserFacingError) throw new UserFacingError(error.statusCode, ugcTexts.badImage(error.message), 'productImage');
      throw error;
    }
    return image;
  }

  return {
    async generateImage(userId: string, request: UgcImageRequest): Promise<{ status: 'processing'; video_id: string }> {
      if (!request.config.product.trim()) throw new UserFacingError(400, ugcTexts.needProduct, 'product');
      const config = { ...request.config, product: request.config.product.trim() };
      const existing = await named(userId, request.videoId);
      const previous = existing && workflow.document(existing).ugc;
      // A new still for the same project may keep the product photo it already has (the restored form shows it).
      const image = request.productImage || !previous ? await checkProductImage(request.productImage) : null;
      if (previous) {
        const { record } = await imageJobState(existing);
        // A second Generate while the still is being made follows that one rather than paying a vendor twice.
        if (record && running.has(record.state)) return { status: 'processing', video_id: existing.id };
      }
      await deps.paidJobs.settleUser(userId);
      const subscription = await deps.quotas.current(userId);
      // Without an AI credit no vendor video can follow the still: a vendor is not paid for an image that leads nowhere.
      if (deps.paidJobs.takesAiCredit() && subscription.aiVideosUsed >= subscription.aiVideosAllowed) throw new UserFacingError(403, quotaMessages.aiVideos);
      const allowance = await imageAllowance(userId, subscription);
      if (allowance.left === 0) throw new UserFacingError(429, ugcTexts.imageLimit(allowance.allowed));

      // Numbered per user: starts racing past the bound's count find the same number, and only one still begins.
      const idempotencyKey = `ugc-image:${userId}:${await deps.images.everStarted(userId)}`;
      let stored = { productKey: '', imageKey: '' };
      return deps.paidJobs.start({
        userId,
        // The spec charges no credit for a still; the per-period bound above limits what vendors are paid for.
        credit: null,
        async prepare(scope) {
          const project = existing ?? (await scope.project(deps.quotas, userId, undefined, videoType));
          const productKey = image ? await scope.store(userId, 'ugc-product', image) : previous!.productKey;
          // A new name per still, so a browser never shows an earlier still from its cache.
          const imageKey = `users/${userId}/renders/${project.id}-ugc-${randomBytes(6).toString('hex')}.jpg`;
          stored = { productKey, imageKey };
          const person = { gender: config.gender, ethnicity: config.ethnicity, ageGroup: config.ageGroup, clothing: config.clothing };
          const payload = { productKey, prompt: ugcImagePrompt(config), background: config.background, placement: config.productPlacement, person, outputKey: imageKey };
          return { project, job: deps.imageJob, payload, idempotencyKey };
        },
        async began(project, job) {
          // A new still starts its step 2 afresh: no video of it yet, the last prompt and length kept.
          await workflow.save(project, { ugc: { config, ...stored, imageJobId: job.id, prompt: previous?.prompt, length: previous?.length } });
          return { status: 'processing' as const, video_id: project.id };
        },
        followed: () => {
          throw new UserFacingError(409, ugcTexts.imageUnderWay);
        },
      });
    },

    async imageStatus(userId: string, videoId?: string): Promise<CheckImageStatusResponse> {
      const project = await latest(userId, videoId);
      if (!project) throw new UserFacingError(404, ugcTexts.noImageYet);
      const { ugc, record } = await imageJobState(project);
      if (!record) return { ugc_image: null, status: 'error', error: ugcTexts.imageFailed, percent: 0 };
      if (record.state === 'done') return { ugc_image: deps.signer.sign(ugc.imageKey), status: 'done', error: null, percent: 100 };
      if (running.has(record.state)) return { ugc_image: null, status: 'processing', error: null, percent: record.percent, ...(await deps.videoJobs.estimate(record)) };
      return { ugc_image: null, status: 'error', error: record.error ?? ugcTexts.imageFailed, percent: record.percent };
    },

    async latestConfig(userId: string, videoId?: string): Promise<LatestUgcConfig> {
      const project = await latest(userId, videoId);
      if (!project) return { video_id: null };
      const { config, productKey } = workflow.document(project).ugc!;
      return {
        video_id: project.id,
        product: config.product,
        gender: config.gender,
        ethnicity: config.ethnicity,
        agegroup: config.ageGroup,
        clothing: config.clothing,
        productplacement: config.productPlacement,
        background: config.background,
        product_image: deps.signer.sign(productKey),
      };
    },

    async latestImage(userId: string, videoId?: string): Promise<LatestUgcImage> {
      const project = await latest(userId, videoId);
      if (!project) return { video_id: null, ugc_image: null, prompt: '', video_length: ugcDefaultLength, video_started: false };
      const { ugc, record } = await imageJobState(project);
      return {
        video_id: project.id,
        ugc_image: record?.state === 'done' ? deps.signer.sign(ugc.imageKey) : null,
        prompt: ugc.prompt ?? ugcVideoPrompt(ugc.config),
        video_length: ugc.length ?? ugcDefaultLength,
        video_started: Boolean(ugc.videoJobId),
      };
    },

    async generateVideo(userId: string, request: { videoId?: string; prompt: string; length: UgcLength; motionTemplate?: boolean }): Promise<{ status: 'processing'; video_id: string }> {
      const prompt = request.prompt.trim();
      if (!prompt) throw new UserFacingError(400, ugcTexts.needPrompt, 'prompt');
      const project = await latest(userId, request.videoId);
      if (!project) throw new UserFacingError(409, ugcTexts.needUgcImage);
      const { ugc, record } = await imageJobState(project);
      if (record?.state !== 'done') throw new UserFacingError(409, ugcTexts.needUgcImage);
      // Generate again while this still's video is being made follows that one: no second generation, no second credit.
      const answer = { status: 'processing' as const, video_id: project.id };
      const seconds = Number(request.length);
      const outputKey = deps.videoJobs.outputKey(project, 'ugc');
      // Offline the still's scene is drawn again in moving parts (the 'ugc' template) from the form and the product
      // photo, with the product's name on it; a vendor is sent the still and the prompt alone, as ever.
      const { config } = ugc;
      const template = {
        name: 'ugc' as const,
        words: { headline: config.product },
        ugc: { productKey: ugc.productKey, background: config.background, placement: config.productPlacement, person: { gender: config.gender, ethnicity: config.ethnicity, ageGroup: config.ageGroup, clothing: config.clothing } },
      };
      const scene = { imageKey: ugc.imageKey, prompt, seconds, ...(deps.videoGeneratorName === 'local' || request.motionTemplate ? { template } : {}) };
      return deps.paidJobs.start({
        userId,
        credit: 'aiVideos',
        motionTemplate: request.motionTemplate,
        underWay: async () => {
          const current = ugc.videoJobId ? await jobRecord(userId, ugc.videoJobId) : null;
          return current && running.has(current.state) ? answer : null;
        },
        prepare: async () => ({
          project,
          job: deps.videoJob,
          payload: { scenes: [scene], outputKey, ...(request.motionTemplate ? { motionTemplates: true } : {}), look: await deps.templateLook(userId, project.id) },
          // Keyed by the still and the video it follows: two Generates at once find the same key, and one video begins.
          idempotencyKey: `ugc-video:${project.id}:${ugc.imageJobId}:${ugc.videoJobId ?? 'first'}`,
        }),
        async began(started, job) {
          // The generated video is the project's background once it exists (the page goes on only then): played once,
          // kept whole however short the voiceover, and silent, so no sound of its own is listened for.
          const saved = await workflow.save(started, {
            ugc: { ...ugc, prompt, length: request.length, videoJobId: job.id },
            background: { kind: 'clips', clips: [{ key: outputKey, duration: seconds }], fit: 'trim', hasSpeech: false },
          });
          await deps.videoJobs.track(saved, 'ugc', job.id);
          return answer;
        },
        followed: () => answer,
      });
    },

    async settings(userId: string): Promise<UgcSettings> {
      const { left } = await imageAllowance(userId, await deps.quotas.current(userId));
      return {
        image_generator: deps.imageGenerator.name,
        video_generator: deps.videoGeneratorName,
        images_left: left,
      };
    },
  };
}

export type UgcService = ReturnType<typeof createUgcService>;
