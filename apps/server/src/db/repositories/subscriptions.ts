import { plans, proratedAllowanceGain, type PlanId, type QuotaKind } from '@reelsmith/contracts';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { subscription } from '../schema.ts';

export type SubscriptionRecord = typeof subscription.$inferSelect;

export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

const usedColumn = { videos: subscription.videosUsed, aiVideos: subscription.aiVideosUsed, ideas: subscription.ideasGenerated } as const;
const allowedColumn = { videos: subscription.videosAllowed, aiVideos: subscription.aiVideosAllowed, ideas: subscription.ideasAllowed } as const;
const usedField = { videos: 'videosUsed', aiVideos: 'aiVideosUsed', ideas: 'ideasGenerated' } as const;

export function allowancesOf(planId: PlanId) {
  const plan = plans[planId];
  return { planId, videosAllowed: plan.videos, aiVideosAllowed: plan.aiVideos, ideasAllowed: plan.ideas };
}

/** An upgrade's allowances for the rest of the period: what the period had, plus the prorated gain of the new plan. */
export function upgradedAllowances(current: SubscriptionRecord, to: PlanId, fractionLeft: number) {
  const gain = proratedAllowanceGain(current.planId as PlanId, to, fractionLeft);
  return {
    planId: to,
    videosAllowed: current.videosAllowed + gain.videos,
    aiVideosAllowed: current.aiVideosAllowed + gain.aiVideos,
    ideasAllowed: current.ideasAllowed + gain.ideas,
  };
}

/** No change under way: no claim, no upgrade waiting for payment. */
const noChange = { changeClaim: null, changeClaimedAt: null, changePlanId: null, changeAt: null };
/** No other claim is live: a claim older than `staleAfterMs` was left by a process that died. */
const claimFree = (staleAfterMs: number) =>
  or(isNull(subscription.changeClaim), sql`${subscription.changeClaimedAt} + make_interval(secs => ${staleAfterMs / 1000}) <= now()`);

export function createSubscriptionsRepository(db: Database) {
  return {
    async find(userId: string): Promise<SubscriptionRecord | undefined> {
      const rows = await db.select().from(subscription).where(eq(subscription.userId, userId)).limit(1);
      return rows[0];
    },
    /** Every account starts on the Free Plan with a month-long period from now. */
    async ensure(userId: string, now: Date): Promise<SubscriptionRecord> {
      await db
        .insert(subscription)
        .values({ userId, ...allowancesOf('free'), status: 'active', periodStart: now, periodEnd: addMonths(now, 1) })
        .onConflictDoNothing({ target: subscription.userId });
      return (await this.find(userId))!;
    },
    async update(userId: string, changes: Partial<typeof subscription.$inferInsert>): Promise<SubscriptionRecord> {
      const [row] = await db.update(subscription).set({ ...changes, updatedAt: new Date() }).where(eq(subscription.userId, userId)).returning();
      return row!;
    },
    /**
     * Claims the right to change the user's plan, in one conditional statement on the state the change was checked
     * on: only while the plan is still `fromPlanId` (the plan the asking page showed), the provider's subscription is
     * in one of `statuses` and not ending, no change is scheduled or waiting for payment and no other claim is live
     * (a claim older than `staleAfterMs` was left by a dead process). The claim records the change it is for. Of two requests at once, one gets the record and the other
     * undefined. A claim alone is no change: updatedAt stays.
     */
    async claimChange(
      userId: string,
      claim: string,
      change: { fromPlanId: string; statuses: readonly string[]; toPlanId: string; at: Date },
      staleAfterMs: number,
    ): Promise<SubscriptionRecord | undefined> {
      const [row] = await db
        .update(subscription)
        .set({ changeClaim: claim, changeClaimedAt: new Date(), changePlanId: change.toPlanId, changeAt: change.at })
        .where(
          and(
            eq(subscription.userId, userId),
            eq(subscription.planId, change.fromPlanId),
            inArray(subscription.status, [...change.statuses]),
            eq(subscription.cancelAtPeriodEnd, false),
            isNotNull(subscription.providerSubscriptionId),
            isNull(subscription.scheduledPlanId),
            // An upgrade waiting for its payment is a change under way too, claimed or not.
            isNull(subscription.changePlanId),
            claimFree(staleAfterMs),
          ),
        )
        .returning();
      return row;
    },
    /** Claims a change of a plan that has one scheduled: for dropping it. */
    async claimScheduledChange(userId: string, claim: string, at: Date, staleAfterMs: number): Promise<SubscriptionRecord | undefined> {
      const [row] = await db
        .update(subscription)
        .set({ changeClaim: claim, changeClaimedAt: new Date(), changePlanId: null, changeAt: at })
        .where(and(eq(subscription.userId, userId), isNotNull(subscription.scheduledPlanId), claimFree(staleAfterMs)))
        .returning();
      return row;
    },
    /** Takes over a claim a dead process left, so that one reconciler resolves it; undefined when another took it. */
    async takeOverClaim(userId: string, stale: string, claim: string): Promise<SubscriptionRecord | undefined> {
      const [row] = await db
        .update(subscription)
        .set({ changeClaim: claim, changeClaimedAt: new Date() })
        .where(and(eq(subscription.userId, userId), eq(subscription.changeClaim, stale)))
        .returning();
      return row;
    },
    /** Writes the change the claim was for and lets the claim go; undefined when the claim was lost meanwhile. */
    async finishChange(userId: string, claim: string, changes: Partial<typeof subscription.$inferInsert>): Promise<SubscriptionRecord | undefined> {
      const [row] = await db
        .update(subscription)
        .set({ ...changes, ...noChange, updatedAt: new Date() })
        .where(and(eq(subscription.userId, userId), eq(subscription.changeClaim, claim)))
        .returning();
      return row;
    },
    /** The provider accepted the upgrade but has not confirmed its charge: the claim goes, the change stays, waiting. */
    async awaitPayment(userId: string, claim: string): Promise<SubscriptionRecord | undefined> {
      const [row] = await db
        .update(subscription)
        .set({ changeClaim: null, changeClaimedAt: null, updatedAt: new Date() })
        .where(and(eq(subscription.userId, userId), eq(subscription.changeClaim, claim)))
        .returning();
      return row;
    },
    /**
     * The upgrade's charge is confirmed: the plan and allowances change, once, and only from the plan the upgrade
     * left to the plan it was for (claimed still, or waiting for payment).
     */
    async confirmUpgrade(userId: string, fromPlanId: string, toPlanId: string, allowances: Partial<typeof subscription.$inferInsert>): Promise<SubscriptionRecord | undefined> {
      const [row] = await db
        .update(subscription)
        .set({ ...allowances, ...noChange, updatedAt: new Date() })
        .where(and(eq(subscription.userId, userId), eq(subscription.planId, fromPlanId), eq(subscription.changePlanId, toPlanId)))
        .returning();
      return row;
    },
    /** An upgrade waiting for payment whose charge failed: the plan stays as it was. */
    async dropAwaitedUpgrade(userId: string, toPlanId: string): Promise<SubscriptionRecord | undefined> {
      const [row] = await db
        .update(subscription)
        .set({ changePlanId: null, changeAt: null })
        .where(and(eq(subscription.userId, userId), eq(subscription.changePlanId, toPlanId), isNull(subscription.changeClaim)))
        .returning();
      return row;
    },
    async releaseChange(userId: string, claim: string): Promise<void> {
      await db
        .update(subscription)
        .set(noChange)
        .where(and(eq(subscription.userId, userId), eq(subscription.changeClaim, claim)));
    },
    /** Takes one credit only if one is left; concurrent callers cannot both take the last one. */
    async consume(userId: string, kind: QuotaKind): Promise<boolean> {
      const used = usedColumn[kind];
      const rows = await db
        .update(subscription)
        .set({ [usedField[kind]]: sql`${used} + 1`, updatedAt: new Date() })
        .where(sql`${subscription.userId} = ${userId} and ${used} < ${allowedColumn[kind]}`)
        .returning({ userId: subscription.userId });
      return rows.length === 1;
    },
    async refund(userId: string, kind: QuotaKind): Promise<void> {
      const used = usedColumn[kind];
      await db
        .update(subscription)
        .set({ [usedField[kind]]: sql`greatest(${used} - 1, 0)`, updatedAt: new Date() })
        .where(eq(subscription.userId, userId));
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
