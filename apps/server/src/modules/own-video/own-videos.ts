import { createReadStream } from 'node:fs';
import {
  dashboardTexts,
  maxVideoSeconds,
  ownVideoLimits,
  ownVideoTexts,
  uploadMessages,
  type CombineVideosSilentResponse,
  type UploadAndSaveResponse,
} from '@reelsmith/contracts';
import type { OwnVideoEntry, OwnVideosRepository } from '../../db/repositories/own-videos.ts';
import type { UploadsRepository } from '../../db/repositories/uploads.ts';
import { UserFacingError } from '../../errors.ts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';
import type { ProjectDocument } from '../../core/project/project-document.ts';
import type { ProjectVideoJobs } from '../../core/project/project-video-jobs.ts';
import { keyOfSignedUrl } from '../../core/project/projects.ts';
import type { UploadService } from '../../core/files/uploads.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

export interface OwnVideosDependencies {
  workflow: WorkflowProjects;
  ownVideos: OwnVideosRepository;
  uploads: UploadService;
  uploadRecords: UploadsRepository;
  signer: FileUrlSigner;
  videoJobs: ProjectVideoJobs;
}

/** A file the route has already read to a scratch path (its fields may come after it in the form). */
export interface SpooledVideo {
  path: string;
  filename: string;
  size: number;
  /** The parser cut it at the 40 MB limit. */
  truncated: boolean;
}

export interface UploadAndSaveRequest {
  itemId: string;
  videoId?: string;
  /** The page's current item ids: entries of items it no longer holds stop counting. */
  items?: string[];
  file?: SpooledVideo;
  videoUrl?: string;
}

/** A clip shorter than this after the 59 s cut is left out: the renderer needs something to show. */
const shortestClip = 0.2;
/** Compare-and-swap rounds before giving up on a list that keeps changing under us. */
const attempts = 5;

const totalBytes = (list: OwnVideoEntry[]) => list.reduce((sum, e) => sum + e.size, 0);

/** The first 59 seconds of the videos, in order (SPEC §9): whole clips, and the last one cut short if need be. */
export function clipsWithin(videos: { key: string; duration: number }[], maxSeconds = maxVideoSeconds) {
  const clips: { key: string; duration: number }[] = [];
  let start = 0;
  for (const video of videos) {
    const duration = Math.min(video.duration, maxSeconds - start);
    if (duration < shortestClip) break;
    clips.push({ key: video.key, duration: Math.round(duration * 1000) / 1000 });
    start += duration;
  }
  return clips;
}

/** SPEC Use Own Video: the project's videos (at most 6, 40 MB together), combined without their sound. */
export function createOwnVideos(deps: OwnVideosDependencies) {
  const { workflow, ownVideos, signer } = deps;

  /** Refuses a list that would break the page's limits, with the page's texts. */
  function checkRoom(others: OwnVideoEntry[], size: number): void {
    if (others.length >= ownVideoLimits.maxVideos) throw new UserFacingError(409, ownVideoTexts.tooMany);
    if (totalBytes(others) + size > ownVideoLimits.maxTotalBytes) throw new UserFacingError(413, ownVideoTexts.wouldExceed);
  }

  /** A URL names one of the user's own video uploads (their own files, a stock video they added), or it is refused. */
  async function ownUpload(userId: string, url: string): Promise<Omit<OwnVideoEntry, 'id'>> {
    const key = keyOfSignedUrl(url, signer);
    const id = key?.match(/^users\/([^/]+)\/uploads\/([0-9a-f-]+)\.[a-z0-9]+$/)?.[2];
    const record = key?.startsWith(`users/${userId}/`) && id ? await deps.uploadRecords.findOwned(userId, id) : undefined;
    if (!record || record.storageKey !== key) throw new UserFacingError(400, dashboardTexts.invalidVideoUrl);
    if (record.kind !== 'video' || !record.duration) throw new UserFacingError(400, ownVideoTexts.notVideo);
    return { key: record.storageKey, size: record.size, duration: record.duration };
  }

  return {
    /**
     * SPEC §7 upload-and-save: checks the room left before storing anything, stores the upload, then records it in
     * the project's list with the same checks, atomically. A retried item (same id) replaces itself.
     */
    async uploadAndSave(userId: string, request: UploadAndSaveRequest): Promise<UploadAndSaveResponse> {
      const project = await workflow.resolve(userId, request.videoId);
      const others = (list: OwnVideoEntry[]) => list.filter((e) => e.id !== request.itemId && (!request.items || request.items.includes(e.id)));
      let current = (await ownVideos.list(userId, project.id)) ?? [];

      let entry: OwnVideoEntry;
      if (request.file) {
        if (request.file.truncated) throw new UserFacingError(413, ownVideoTexts.wouldExceed);
        checkRoom(others(current), request.file.size);
        const upload = await deps.uploads.receive(userId, 'own-video', {
          stream: createReadStream(request.file.path),
          filename: request.file.filename,
          wasTruncated: () => false,
        });
        entry = { id: request.itemId, key: keyOfSignedUrl(upload.url, signer)!, size: upload.size, duration: upload.duration ?? 0 };
      } else if (request.videoUrl) {
        entry = { id: request.itemId, ...(await ownUpload(userId, request.videoUrl)) };
      } else {
        throw new UserFacingError(400, uploadMessages.missingFile);
      }

      for (let round = 0; round < attempts; round += 1) {
        checkRoom(others(current), entry.size);
        if (await ownVideos.replace(userId, project.id, current, [...others(current), entry])) {
          return { video_url: signer.sign(entry.key), size: entry.size, duration: entry.duration };
        }
        current = (await ownVideos.list(userId, project.id)) ?? [];
      }
      throw new UserFacingError(409, ownVideoTexts.operationFailed);
    },

    /**
     * SPEC §7 combine-videos-silent: the videos, in order, become the project's background (their sound is not used),
     * cut at 59 s; a preview of them is rendered for the script step, followed with check-video-status.
     */
    async combine(userId: string, request: { videoId?: string; videos: Map<number, string> }): Promise<CombineVideosSilentResponse> {
      const numbers = [...request.videos.keys()].sort((a, b) => a - b);
      if (numbers.length === 0) throw new UserFacingError(400, ownVideoTexts.noVideos);
      if (numbers.length > ownVideoLimits.maxVideos || numbers.some((n) => n < 1 || n > ownVideoLimits.maxVideos)) {
        throw new UserFacingError(400, ownVideoTexts.tooMany);
      }
      const project = await workflow.resolve(userId, request.videoId);
      const videos = [];
      for (const n of numbers) videos.push(await ownUpload(userId, request.videos.get(n)!));
      if (totalBytes(videos.map((v) => ({ ...v, id: '' }))) > ownVideoLimits.maxTotalBytes) throw new UserFacingError(413, ownVideoTexts.overTotal);

      const clips = clipsWithin(videos);
      const duration = videos.reduce((sum, v) => sum + v.duration, 0);
      const background: ProjectDocument['background'] = { kind: 'clips', clips, fit: 'trim', hasSpeech: false };
      const saved = await workflow.save(project, { background });
      const job = await deps.videoJobs.start(saved, 'own-videos');
      return {
        status: 'success',
        video_id: project.id,
        job_id: job.jobId,
        duration: Math.min(duration, maxVideoSeconds),
        trimmed: duration > maxVideoSeconds,
      };
    },
  };
}

export type OwnVideos = ReturnType<typeof createOwnVideos>;
