import { videoAudioTexts, type CombineVideoAudioResponse, type VideoStatusResponse } from '@reelsmith/contracts';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import { UserFacingError } from '../../errors.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';
import type { ProjectVideoJobs } from '../../core/project/project-video-jobs.ts';
import { keyOfSignedUrl } from '../../core/project/projects.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

export interface VideoAudioDependencies {
  workflow: WorkflowProjects;
  videoJobs: ProjectVideoJobs;
  storage: ObjectStorage;
  signer: FileUrlSigner;
  probeDuration(path: string): Promise<number>;
}

/** SPEC §4 step 3: the project's video with its voiceover, rendered as a preview the page polls for. */
export function createVideoAudioService(deps: VideoAudioDependencies) {
  const { workflow } = deps;

  /** The video the project was started with, when the document has no background of its own yet. */
  async function sourceVideo(project: ProjectRecord): Promise<string | null> {
    const key = project.sourceVideoKey;
    return key && (await deps.storage.stat(key)) ? key : null;
  }

  return {
    /**
     * The page names the voiceover it plays; it must be this project's (as spoken now or at tempo 1), so a stale or
     * foreign link cannot slip another file into the render. Naming the tempo-1 take goes back to it.
     */
    async updateAudio(userId: string, request: { videoId?: string; audioUrl: string }): Promise<{ status: 'success' }> {
      const project = await workflow.resolve(userId, request.videoId);
      const voiceover = workflow.document(project).voiceover;
      const key = keyOfSignedUrl(request.audioUrl, deps.signer);
      if (!voiceover || !key || (key !== voiceover.key && key !== voiceover.original.key)) {
        throw new UserFacingError(400, videoAudioTexts.notThisVoiceover);
      }
      if (key !== voiceover.key) {
        await workflow.save(project, { voiceover: { ...voiceover, ...voiceover.original, tempo: 1 } });
      }
      return { status: 'success' };
    },

    async combine(userId: string, videoId?: string): Promise<CombineVideoAudioResponse> {
      const project = await workflow.resolve(userId, videoId);
      const doc = workflow.document(project);
      const source = doc.background ? null : await sourceVideo(project);
      if (!doc.background && !source) throw new UserFacingError(409, videoAudioTexts.needsVideo);
      if (!doc.voiceover) throw new UserFacingError(409, videoAudioTexts.needsVoiceover);
      let saved = project;
      if (source) {
        const clip = { key: source, duration: await deps.probeDuration(await deps.storage.localPath(source)) };
        // Looped: the voiceover sets the length, and a short clip repeats under it.
        saved = await workflow.save(project, { background: { kind: 'clips', clips: [clip], fit: 'loop' } });
      }
      const { jobId } = await deps.videoJobs.start(saved, 'combine');
      return { status: 'processing', job_id: jobId };
    },

    status(userId: string, videoId?: string): Promise<VideoStatusResponse> {
      return deps.videoJobs.status(userId, videoId);
    },
  };
}

export type VideoAudioService = ReturnType<typeof createVideoAudioService>;
