import type { QuotaKind } from '@reelsmith/contracts';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import type { VideoCreditsRepository } from '../../db/repositories/video-credits.ts';
import { UserFacingError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { ProjectVideoJobs } from '../project/project-video-jobs.ts';
import type { QuotaService } from '../credits/quotas.ts';
import type { WorkflowProjects } from '../project/workflow-projects.ts';

const finished = new Set(['done', 'error', 'cancelled']);

/**
 * A credit paid up front for a render that is still to run (image to video, SPEC §6; a final video) comes back if the
 * render fails. The hold is kept until someone looks at the job's outcome: the page's poll does so (check-video-status
 * through `settling`, check-final-video); for a user who left before the end, the next look at their plan (the
 * dashboard) and their next conversion or final render settle every project's holds.
 */
export function createVideoJobCredits(deps: { credits: VideoCreditsRepository; queue: JobQueue; quotas: QuotaService; workflow: WorkflowProjects }) {
  const { credits } = deps;

  async function settle(userId: string, projectId: string): Promise<void> {
    for (const [jobId, kind] of Object.entries(await credits.holds(userId, projectId))) {
      const record = await deps.queue.status(userId, jobId).catch((error: unknown) => {
        if (error instanceof UserFacingError && error.statusCode === 404) return null;
        throw error;
      });
      // A job that is gone altogether never rendered anything, so it counts as failed.
      const outcome = record ? record.state : 'error';
      if (!finished.has(outcome)) continue;
      if ((await credits.release(userId, projectId, jobId)) && outcome !== 'done') await deps.quotas.refund(userId, kind);
    }
  }

  async function settleUser(userId: string): Promise<void> {
    for (const projectId of await credits.projectsWithHolds(userId)) await settle(userId, projectId);
  }

  return {
    hold: (project: ProjectRecord, jobId: string, kind: QuotaKind) => credits.hold(project.userId, project.id, jobId, kind),
    /** Whether the project holds a credit for a job whose outcome has not been settled yet. */
    holdsAny: async (project: ProjectRecord) => Object.keys(await credits.holds(project.userId, project.id)).length > 0,
    settle,
    settleUser,

    /** The same video jobs, with status settling the project's held credits once it has its answer. */
    settling(videoJobs: ProjectVideoJobs): ProjectVideoJobs {
      return {
        ...videoJobs,
        async status(userId, videoId) {
          const answer = await videoJobs.status(userId, videoId);
          if (answer.status !== 'processing') await settle(userId, (await deps.workflow.resolve(userId, videoId)).id);
          return answer;
        },
      };
    },
  };
}

export type VideoJobCredits = ReturnType<typeof createVideoJobCredits>;
