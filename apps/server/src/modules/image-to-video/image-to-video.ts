import {
  imageCount,
  imageToVideoTexts,
  secondsPerImage,
  type ImageFocus,
  uploadPolicies,
  type ConvertImagesResponse,
  type ImageEffect,
} from '@reelsmith/contracts';
import { sceneTransitionSeconds } from '@reelsmith/media';
import { UserFacingError } from '../../errors.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { ownerOfKey, type FileUrlSigner } from '../../core/files/file-urls.ts';
import type { ProjectDocument } from '../../core/project/project-document.ts';
import type { ProjectVideoJobs } from '../../core/project/project-video-jobs.ts';
import { keyOfSignedUrl } from '../../core/project/projects.ts';
import type { QuotaService } from '../../core/credits/quotas.ts';
import { inspectBuffer, type MediaProber } from '../../core/files/upload-inspection.ts';
import type { PaidJobs } from '../../core/paid-jobs/paid-jobs.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

/** One image as the form sent it: a file, or the URL of one of the user's image uploads; `n` is its number (1..). */
export interface ImageInput {
  n: number;
  file?: { content: Buffer; filename: string };
  url?: string;
  /** Where the user framed it; none is centred. */
  focus?: ImageFocus;
}

export interface ImageToVideoDependencies {
  workflow: WorkflowProjects;
  storage: ObjectStorage;
  signer: FileUrlSigner;
  quotas: Pick<QuotaService, 'current'>;
  videoJobs: ProjectVideoJobs;
  paidJobs: PaidJobs;
  probe: MediaProber;
  tmpDir: string;
}

const policy = uploadPolicies['scene-image'];

type Scenes = Extract<NonNullable<ProjectDocument['background']>, { kind: 'scenes' }>['scenes'];

/**
 * Every image is on screen `secondsPerImage`: scenes but the last are longer by the transition they share with the
 * next one, so N images last exactly N × secondsPerImage.
 */
export function scenesOf(images: { imageKey: string; focus?: ImageFocus }[], zoom: boolean): Scenes {
  return images.map(({ imageKey, focus }, i) => ({
    imageKey,
    zoom,
    duration: i < images.length - 1 ? secondsPerImage + sceneTransitionSeconds : secondsPerImage,
    ...(focus ? { focus } : {}),
  }));
}

/**
 * SPEC §7 convert-images-to-video: the images become the project's background scenes, rendered as a preview job. SPEC
 * §6's AI quota for image-to-video is Before/After's Image to Video option (§5); this slideshow generates nothing.
 */
export function createImageToVideoService(deps: ImageToVideoDependencies) {
  const { workflow, signer } = deps;

  /** Checks every file as an image upload before any is stored, so a refused one leaves nothing behind. */
  async function checkFiles(images: ImageInput[]): Promise<void> {
    for (const image of images) {
      if (!image.file) continue;
      try {
        await inspectBuffer(image.file.content, policy, deps.probe, deps.tmpDir);
      } catch (error) {
        if (error instanceof UserFacingError) throw new UserFacingError(error.statusCode, imageToVideoTexts.badImage(image.n, error.message));
        throw error;
      }
    }
  }

  /** A URL must be a signed link to one of the user's own images (a stock image added through the modal is one). */
  async function ownImageKey(userId: string, image: ImageInput): Promise<string> {
    const key = keyOfSignedUrl(image.url!, signer);
    const object = key && ownerOfKey(key) === userId ? await deps.storage.stat(key) : null;
    if (!key || !object?.contentType.startsWith('image/')) throw new UserFacingError(400, imageToVideoTexts.notYourImage(image.n));
    return key;
  }


  return {
    async convert(
      userId: string,
      request: { videoId?: string; zoom: boolean; effect: ImageEffect; images: ImageInput[] },
    ): Promise<ConvertImagesResponse> {
      const images = [...request.images].sort((a, b) => a.n - b.n);
      if (images.length < imageCount.min || images.length > imageCount.max) throw new UserFacingError(400, imageToVideoTexts.wrongCount);
      const urlKeys = new Map<number, string>();
      for (const image of images) if (!image.file) urlKeys.set(image.n, await ownImageKey(userId, image));
      await checkFiles(images);
      if (request.videoId) await workflow.resolve(userId, request.videoId);

      return deps.paidJobs.start({
        userId,
        // A slideshow of the user's images: nothing is generated, so no AI credit (the finished video takes its video credit).
        credit: null,
        async prepare(scope) {
          const project = await scope.project(deps.quotas, userId, request.videoId, 'image-to-video');
          const stored: { imageKey: string; focus?: ImageFocus }[] = [];
          for (const image of images) {
            const imageKey = image.file ? await scope.store(userId, 'scene-image', image.file) : urlKeys.get(image.n)!;
            stored.push({ imageKey, ...(image.focus ? { focus: image.focus } : {}) });
          }
          const saved = await workflow.save(project, { background: { kind: 'scenes', scenes: scenesOf(stored, request.zoom), transition: request.effect } });
          return { project: saved, ...deps.videoJobs.renderPlan(saved, 'images') };
        },
        async began(project, job) {
          await deps.videoJobs.track(project, 'images', job.id);
          return { status: 'processing' as const, video_id: project.id };
        },
        followed: (project) => ({ status: 'processing' as const, video_id: project.id }),
      });
    },
  };
}

export type ImageToVideoService = ReturnType<typeof createImageToVideoService>;
