import { maxVideoSeconds, videoAudioTexts, type VideoStatusResponse } from '@reelsmith/contracts';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import type { JobStatusRecord } from '../../db/repositories/job-status.ts';
import { UserFacingError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { RenderJob } from '../../jobs/render-job.ts';
import { waitForJob } from '../../jobs/wait.ts';
import type { FileUrlSigner } from '../files/file-urls.ts';
import { toStoredComposition, videoJobPurposes, type VideoJobPurpose } from './project-document.ts';
import type { WorkflowProjects } from './workflow-projects.ts';

export interface ProjectVideoJobsDependencies {
  workflow: WorkflowProjects;
  queue: JobQueue;
  signer: FileUrlSigner;
  renderJob: RenderJob;
  pollMs?: number;
}

const renderKey = (project: ProjectRecord, purpose: VideoJobPurpose) => `users/${project.userId}/renders/${project.id}-${purpose}.mp4`;
const renderKeyPattern = new RegExp(`^users/[^/]+/renders/(.+)-(?:${videoJobPurposes.join('|')})\\.mp4$`);
const resultKey = (record: JobStatusRecord) => (typeof record.result?.key === 'string' ? record.result.key : null);

/**
 * Preview renders of a project's document that a page waits for (combining, storyboard, images, own videos). The
 * project remembers its latest one, so check-video-status needs only the project; a finished render becomes the
 * project's preview video, which get-latest-video and the later steps show.
 */
export function createProjectVideoJobs(deps: ProjectVideoJobsDependencies) {
  const { workflow, queue, signer } = deps;

  /** Makes a finished render the project's preview, unless a newer job has replaced it in the meantime. */
  async function adopt(project: ProjectRecord, jobId: string, key: string): Promise<void> {
    if (workflow.document(project).videoJob?.jobId !== jobId || project.previewVideoKey === key) return;
    await workflow.update(project, { previewVideoKey: key });
  }

  function renderPlan(project: ProjectRecord, purpose: VideoJobPurpose) {
    const composition = toStoredComposition(workflow.document(project), { withSubtitles: false, maxSeconds: maxVideoSeconds });
    return { job: deps.renderJob, payload: { composition, profile: 'preview' as const, outputKey: renderKey(project, purpose) } };
  }

  return {
    /** Where a purpose's job writes its video: fixed per project and purpose, so a retried job overwrites its own. */
    outputKey: renderKey,

    /**
     * Makes a job started elsewhere (an AI video generation writing to `outputKey`) the project's video job, so
     * status, waitForUrl and the preview adoption work for it as for a render.
     */
    async track(project: ProjectRecord, purpose: VideoJobPurpose, jobId: string): Promise<void> {
      await workflow.save(project, { videoJob: { jobId, purpose } });
    },

    /**
     * The project's video job of this purpose while it is still queued or running (its id), else null: a start made
     * while it runs follows it rather than beginning (and paying for) a second one.
     */
    async running(project: ProjectRecord, purpose: VideoJobPurpose): Promise<string | null> {
      const videoJob = workflow.document(project).videoJob;
      if (videoJob?.purpose !== purpose) return null;
      const record = await queue.status(project.userId, videoJob.jobId).catch(() => null);
      return record && (record.state === 'queued' || record.state === 'processing') ? record.id : null;
    },

    /** The measured wait of a video job just begun, for a start's answer to count down from before its first poll. */
    estimate: queue.estimate,

    /** The preview render of the project's document as it is now: the job and its payload, for a start to enqueue. */
    renderPlan,

    async start(project: ProjectRecord, purpose: VideoJobPurpose): Promise<{ jobId: string }> {
      const plan = renderPlan(project, purpose);
      // A new job per request; the output key is fixed per purpose, so a restart overwrites the earlier render.
      const job = await queue.enqueue(plan.job, plan.payload, { userId: project.userId });
      await workflow.save(project, { videoJob: { jobId: job.id, purpose } });
      return { jobId: job.id };
    },

    async status(userId: string, videoId?: string): Promise<VideoStatusResponse> {
      const project = await workflow.resolve(userId, videoId);
      const videoJob = workflow.document(project).videoJob;
      if (!videoJob) throw new UserFacingError(404, videoAudioTexts.noVideoJob);
      const record = await queue.status(userId, videoJob.jobId);
      const key = resultKey(record);
      if (record.state === 'done' && key) {
        await adopt(project, videoJob.jobId, key);
        return { status: 'done', user_video_url: signer.sign(key), error: null, percent: 100 };
      }
      if (record.state === 'queued' || record.state === 'processing') {
        return { status: 'processing', user_video_url: null, error: null, percent: record.percent, ...(await queue.estimate(record)) };
      }
      return { status: 'error', user_video_url: null, error: record.error ?? videoAudioTexts.failed, percent: record.percent };
    },

    async waitForUrl(userId: string, jobId: string, timeoutMs: number): Promise<string> {
      const result = await waitForJob(queue, userId, jobId, {
        timeoutMs,
        pollMs: deps.pollMs ?? 500,
        failed: () => new UserFacingError(502, videoAudioTexts.failed),
        tooSlow: () => new UserFacingError(504, videoAudioTexts.tooSlow),
      });
      const key = typeof result.key === 'string' ? result.key : null;
      if (!key) throw new UserFacingError(502, videoAudioTexts.failed);
      // The render key names its project (renderKey), so the caller need not.
      const projectId = renderKeyPattern.exec(key)?.[1];
      if (projectId) await adopt(await workflow.resolve(userId, projectId), jobId, key);
      return signer.sign(key);
    },
  };
}

export type ProjectVideoJobs = ReturnType<typeof createProjectVideoJobs>;
