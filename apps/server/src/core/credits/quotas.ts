import { plans, quotaMessages, type PlanId, type QuotaKind } from '@reelsmith/contracts';
import { addMonths, allowancesOf, type SubscriptionRecord, type SubscriptionsRepository } from '../../db/repositories/subscriptions.ts';
import { UserFacingError } from '../../errors.ts';

export type Clock = () => Date;

/** How many final videos the user's plan renders at once; a worker reads it, so no clock is needed for the plan. */
export async function rendersAtOnce(subscriptions: Pick<SubscriptionsRepository, 'find'>, userId: string): Promise<number> {
  return plans[((await subscriptions.find(userId))?.planId ?? 'free') as PlanId].rendersAtOnce;
}

const endedStatuses = new Set(['cancelled', 'halted', 'completed', 'expired']);

/**
 * Credits per billing period. Every check happens here, on the server, with one conditional UPDATE per credit, so
 * concurrent requests can never take more than the allowance. Only the paid-job service (core/paid-jobs) takes and
 * gives back credits: a generation that fails gives its credit back there.
 */
export function createQuotaService(deps: { subscriptions: SubscriptionsRepository; clock: Clock; creditSpent?: (kind: QuotaKind) => void }) {
  const { subscriptions, clock } = deps;

  /** Starts the next period when the current one is over: the Free Plan renews itself, an ended plan falls back to it. */
  async function rollPeriod(record: SubscriptionRecord): Promise<SubscriptionRecord> {
    const now = clock();
    if (now < record.periodEnd) return record;
    const fallsBack = record.planId === 'trial' || record.cancelAtPeriodEnd || endedStatuses.has(record.status);
    if (fallsBack) {
      return subscriptions.update(record.userId, {
        ...allowancesOf('free'),
        status: 'active',
        providerSubscriptionId: null,
        cancelAtPeriodEnd: false,
        scheduledPlanId: null,
        scheduledChangeAt: null,
        periodStart: now,
        periodEnd: addMonths(now, 1),
        videosUsed: 0,
        aiVideosUsed: 0,
        ideasGenerated: 0,
      });
    }
    if (record.planId !== 'free') return record;
    let start = record.periodEnd;
    let end = addMonths(start, 1);
    while (end <= now) {
      start = end;
      end = addMonths(start, 1);
    }
    return subscriptions.update(record.userId, { periodStart: start, periodEnd: end, videosUsed: 0, aiVideosUsed: 0, ideasGenerated: 0 });
  }

  const service = {
    async current(userId: string): Promise<SubscriptionRecord> {
      const record = (await subscriptions.find(userId)) ?? (await subscriptions.ensure(userId, clock()));
      return rollPeriod(record);
    },

    async consume(userId: string, kind: QuotaKind): Promise<void> {
      await service.current(userId);
      if (!(await subscriptions.consume(userId, kind))) throw new UserFacingError(403, quotaMessages[kind]);
      deps.creditSpent?.(kind);
    },

    async refund(userId: string, kind: QuotaKind): Promise<void> {
      await subscriptions.refund(userId, kind);
    },
  };
  return service;
}

export type QuotaService = ReturnType<typeof createQuotaService>;
