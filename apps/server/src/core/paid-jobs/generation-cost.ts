import { aiVideoMessages } from '@reelsmith/contracts';
import type { JobStatusRepository } from '../../db/repositories/job-status.ts';
import { UserFacingError } from '../../errors.ts';

const day = 24 * 60 * 60 * 1000;

export interface GenerationCostDependencies {
  /** A vendor generates AI video here; without one every generation is a motion template, not paid AI footage. */
  vendor: boolean;
  statuses: Pick<JobStatusRepository, 'countLive' | 'countWorkedSince'>;
  /** The queue of the generation job, whose rows are counted. */
  queue: string;
  limits: { perDay: number; atOnce: number };
  clock?: () => Date;
}

/**
 * What an AI generation costs (issue 29 §1). A vendor's generation takes an AI credit (SPEC §6); a motion template
 * from the offline renderer takes none, since nothing is bought, but it takes this machine's CPU, so each user may
 * start only so many per day and have only so many waiting or running at once.
 */
export function createGenerationCost(deps: GenerationCostDependencies) {
  const clock = deps.clock ?? (() => new Date());
  return {
    /**
     * False when the generation is a motion template (no vendor, or the user chose one): then no AI credit is asked
     * for, checked or shown as spent.
     */
    takesAiCredit: (motionTemplate = false) => deps.vendor && !motionTemplate,

    /** Refuses a motion template past the user's bounds; a vendor start is bounded by its credits instead. */
    async checkOfflineBound(userId: string): Promise<void> {
      const { perDay, atOnce } = deps.limits;
      if ((await deps.statuses.countLive(userId, deps.queue)) >= atOnce) throw new UserFacingError(429, aiVideoMessages.offlineAtOnce(atOnce));
      const since = new Date(clock().getTime() - day);
      // Cancelling a begun one does not give its CPU back, so it counts; a failed one does not.
      if ((await deps.statuses.countWorkedSince(userId, deps.queue, since)) >= perDay) throw new UserFacingError(429, aiVideoMessages.offlineDailyLimit(perDay));
    },
  };
}

export type GenerationCost = ReturnType<typeof createGenerationCost>;
