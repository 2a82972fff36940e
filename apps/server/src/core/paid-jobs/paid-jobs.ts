import type { QuotaKind } from '@reelsmith/contracts';
import type { JobStatusRecord } from '../../db/repositories/job-status.ts';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import type { VideoCreditsRepository } from '../../db/repositories/video-credits.ts';
import { UserFacingError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { JobDefinition } from '../../jobs/types.ts';
import type { VideoGenerationJob } from '../../jobs/video-generation-job.ts';
import type { QuotaService } from '../credits/quotas.ts';
import type { GenerationCost } from './generation-cost.ts';
import type { MediaProber } from '../files/upload-inspection.ts';
import type { UploadService } from '../files/uploads.ts';
import type { ProjectVideoJobs } from '../project/project-video-jobs.ts';
import { startScope, type StartScope } from '../project/start-scope.ts';
import type { WorkflowProjects } from '../project/workflow-projects.ts';

const finished = new Set(['done', 'error', 'cancelled']);

/**
 * Runs the work given for one key in turn within this process, so that parallel requests wait here rather than each
 * holding a database connection while it waits for the keyed lock that orders them across processes.
 */
function turnsByKey() {
  const tails = new Map<string, Promise<unknown>>();
  return function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
    const result = (tails.get(key) ?? Promise.resolve()).then(work, work);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}

/** What a start asks the queue for, once its files are stored and its project is known. */
export interface PaidJobPlan<Payload> {
  project: ProjectRecord;
  // The queue checks the payload against the definition; a start only needs to name one of them.
  job: JobDefinition<unknown, Record<string, unknown>, Payload, string>;
  payload: Payload;
  /** Two starts with one key begin one job; without one, every start begins its own. */
  idempotencyKey?: string;
}

export interface PaidStart<Payload, Answer> {
  userId: string;
  /**
   * The credit the job costs, held until its outcome is known; null for work that costs none. An AI-video credit is
   * asked for only when a vendor generates: a motion template takes none, within the user's offline bounds instead.
   */
  credit: QuotaKind | null;
  /** An AI video made as motion templates although a vendor is set up (the user's choice): no credit, the offline bound. */
  motionTemplate?: boolean;
  /** The same work already under way (a second Generate): followed at no cost, before any credit is asked for. */
  underWay?: () => Promise<Answer | null>;
  /** Stores the start's files and opens its project through the scope, and says what to enqueue. */
  prepare(scope: StartScope): Promise<PaidJobPlan<Payload>>;
  /** What the job means for the project once it has begun (its background, its video job); only for the start that began it. */
  began(project: ProjectRecord, job: JobStatusRecord): Promise<Answer>;
  /** The answer to a start that found the same job begun by another: it stored nothing and costs nothing. */
  followed(project: ProjectRecord, job: JobStatusRecord): Answer | Promise<Answer>;
}

export interface PaidJobsDependencies {
  holds: VideoCreditsRepository;
  queue: JobQueue;
  quotas: QuotaService;
  uploads: Pick<UploadService, 'storeBuffer' | 'discard'>;
  workflow: WorkflowProjects;
  generationCost: GenerationCost;
  /** Runs a user's offline start while no other API process runs one for that user (a database lock). */
  exclusivelyFor<T>(key: string, run: () => Promise<T>): Promise<T>;
}

/**
 * The one place where work is paid for (SPEC §6): a credit is taken when a job begins and held against it; the job's
 * own outcome decides the hold, once. A job marked done keeps the credit, and the queue marks it done in the same
 * transaction that commits its result, so a cancel that lands first leaves no video and no charge. A job that failed,
 * was cancelled or was lost gives the credit back, exactly once however many requests look at it together (the hold
 * is released by one conditional statement). A hold is settled when someone looks: the page's poll, the user's next
 * start, the dashboard.
 */
export function createPaidJobs(deps: PaidJobsDependencies) {
  const { holds, queue, quotas } = deps;
  const oneAtATime = turnsByKey();

  async function settle(userId: string, projectId: string): Promise<void> {
    for (const [jobId, kind] of Object.entries(await holds.holds(userId, projectId))) {
      const record = await queue.status(userId, jobId).catch((error: unknown) => {
        if (error instanceof UserFacingError && error.statusCode === 404) return null;
        throw error;
      });
      // A job that is gone altogether never delivered anything, so it counts as failed.
      const outcome = record ? record.state : 'error';
      if (!finished.has(outcome)) continue;
      if ((await holds.release(userId, projectId, jobId)) && outcome !== 'done') await quotas.refund(userId, kind);
    }
  }

  async function settleUser(userId: string): Promise<void> {
    for (const projectId of await holds.projectsWithHolds(userId)) await settle(userId, projectId);
  }

  /** The job began but the project could not take it: it is stopped, and its held credit comes back. */
  async function abandon(userId: string, project: ProjectRecord, jobId: string): Promise<void> {
    await queue.cancel(userId, jobId).catch(() => undefined);
    await settle(userId, project.id).catch(() => undefined);
  }

  async function begin<Payload, Answer>(request: PaidStart<Payload, Answer>, credit: QuotaKind | null): Promise<Answer> {
    const { userId } = request;
    // A failed earlier job's credit comes back first, so it can pay for this one.
    await settleUser(userId);
    // Taken before anything is stored, so a start refused for want of a credit stores nothing; a start that then
    // finds the same job begun by another gives it back at once.
    if (credit) await quotas.consume(userId, credit);
    // Set once the credit is held against the job or given back: from then on an error has no credit to return.
    let creditSettled = !credit;
    const scope = startScope(deps.uploads, deps.workflow);
    try {
      const plan = await request.prepare(scope);
      const options = { userId, ...(plan.idempotencyKey ? { idempotencyKey: plan.idempotencyKey } : {}) };
      const { record, created } = await queue.enqueueOnce(plan.job, plan.payload, options);
      if (!created) {
        if (credit) await quotas.refund(userId, credit);
        creditSettled = true;
        await scope.takeBack();
        return await request.followed(plan.project, record);
      }
      if (credit) await holds.hold(userId, plan.project.id, record.id, credit);
      creditSettled = true;
      try {
        return await request.began(plan.project, record);
      } catch (error) {
        await abandon(userId, plan.project, record.id);
        throw error;
      }
    } catch (error) {
      if (!creditSettled) await quotas.refund(userId, credit!);
      // The user hears why the start failed; a file that could not be taken back is swept with the project later.
      await scope.takeBack().catch(() => undefined);
      throw error;
    }
  }

  return {
    async start<Payload, Answer>(request: PaidStart<Payload, Answer>): Promise<Answer> {
      const following = await request.underWay?.();
      if (following) return following;
      if (request.credit !== 'aiVideos' || deps.generationCost.takesAiCredit(request.motionTemplate)) return begin(request, request.credit);
      // A motion template costs no credit, only CPU: the user's offline bound is checked and the job enqueued in one
      // turn per user, in this process and across the API processes, so parallel starts cannot all pass the count.
      return oneAtATime(request.userId, () =>
        deps.exclusivelyFor(`offline-generation:${request.userId}`, async () => {
          await deps.generationCost.checkOfflineBound(request.userId);
          return begin(request, null);
        }),
      );
    },

    /** Synchronous paid work (a batch of ideas): the credit is taken, and given back if the work throws. */
    async charged<T>(userId: string, kind: QuotaKind, work: () => Promise<T>): Promise<T> {
      await quotas.consume(userId, kind);
      try {
        return await work();
      } catch (error) {
        await quotas.refund(userId, kind);
        throw error;
      }
    },

    /** Whether an AI generation takes an AI credit (false when it is made as motion templates). */
    takesAiCredit: deps.generationCost.takesAiCredit,

    /** Whether the project holds a credit for a job whose outcome has not been settled yet. */
    holdsAny: async (project: ProjectRecord) => Object.keys(await holds.holds(project.userId, project.id)).length > 0,
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

export type PaidJobs = ReturnType<typeof createPaidJobs>;

/** What a page that has the video generator bring its images to life needs (Product Intro, Showcase, Before/After). */
export interface GenerationStartDependencies {
  workflow: WorkflowProjects;
  quotas: Pick<QuotaService, 'current'>;
  paidJobs: PaidJobs;
  videoJobs: ProjectVideoJobs;
  job: VideoGenerationJob;
  probe: MediaProber;
  tmpDir: string;
}
