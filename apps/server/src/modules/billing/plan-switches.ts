import { randomUUID } from 'node:crypto';
import { billingMessages, plans, type PlanId, type PurchasablePlanId } from '@reelsmith/contracts';
import type { SubscriptionRecord, SubscriptionsRepository } from '../../db/repositories/subscriptions.ts';
import { UserFacingError } from '../../errors.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import { claimLostAfterMs, type PlanChangeSettlements } from './plan-change-settlements.ts';
import type { BillingUser } from './billing.ts';
import type { Clock, QuotaService } from '../../core/credits/quotas.ts';

const day = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const changeable = ['active', 'authenticated'] as const;

type ChangeAnswer = { change: 'upgraded' | 'pending' | 'scheduled'; message: string };

/**
 * Moving a paid subscription to another plan, through the provider's subscription update. A dearer plan applies at
 * once, when its prorated charge is confirmed (plan-change-settlements.ts): the allowances grow by the new plan's
 * extra credits prorated to the time left (what was used stays used), and the charge is invoiced and set against a
 * credit note for the unused old plan. A cheaper plan waits for the end of the period, when the provider renews on
 * it (payment-arrivals applies that renewal). The request that claims the subscription row first is the one made
 * (subscriptions repository, claimChange); a refused request changes nothing.
 */
export function createPlanSwitches(deps: {
  provider: PaymentProvider;
  subscriptions: SubscriptionsRepository;
  quotas: QuotaService;
  settlements: PlanChangeSettlements;
  clock: Clock;
  log: { error(message: string): void };
}) {
  const { provider, subscriptions, settlements } = deps;

  function refuseChange(current: SubscriptionRecord, planId: PurchasablePlanId, shownPlanId: PlanId) {
    if (shownPlanId !== current.planId) throw new UserFacingError(409, billingMessages.planChangedMeanwhile);
    if (current.planId === 'free') throw new UserFacingError(409, billingMessages.noSubscriptionToChange);
    // The trial pack is paid once, with no subscription to update: SPEC §5's words for any plan bought beside it.
    if (current.planId === 'trial' || !current.providerSubscriptionId) throw new UserFacingError(409, billingMessages.alreadyActivePlan);
    if (current.planId === planId) throw new UserFacingError(409, billingMessages.alreadyOnPlan(plans[planId].name));
    if (current.changePlanId && !current.changeClaim) throw new UserFacingError(409, billingMessages.changeAwaitingPayment);
    if (current.scheduledPlanId && current.scheduledChangeAt) {
      throw new UserFacingError(409, billingMessages.changeAlreadyScheduled(plans[current.scheduledPlanId as PlanId].name, day(current.scheduledChangeAt)));
    }
    if (current.status === 'pending') throw new UserFacingError(409, billingMessages.changeWhilePaymentDue);
    if (current.cancelAtPeriodEnd || !(changeable as readonly string[]).includes(current.status)) throw new UserFacingError(409, billingMessages.changeWhileEnding);
  }

  /** Once the provider has made the change, `made` is set: a later failure must not let the claim go (see underClaim). */
  async function upgrade(userId: string, claim: string, current: SubscriptionRecord, to: PurchasablePlanId, made: () => void): Promise<ChangeAnswer> {
    const { charge } = await provider.updateSubscription(current.providerSubscriptionId!, { planId: to, scheduleChangeAt: 'now' });
    made();
    if (charge) {
      // Confirmed with the answer; its webhook may have booked it already, which leaves the plan changed.
      const changed = (await settlements.confirmUpgrade(userId, to, charge)) ?? (await subscriptions.find(userId));
      if (changed?.planId !== to) throw new Error(`the confirmed upgrade of ${userId} to ${to} was not applied`);
      return { change: 'upgraded', message: billingMessages.upgraded(plans[to].name, money(charge.amountCents)) };
    }
    // Charged after the answer: the webhook that confirms the charge makes the upgrade, and may have come already.
    const waiting = (await subscriptions.awaitPayment(userId, claim)) ?? (await subscriptions.find(userId));
    if (waiting?.planId === to) return { change: 'upgraded', message: billingMessages.upgradeConfirmed(plans[to].name) };
    if (waiting?.changePlanId !== to) throw new Error(`the plan change claim of ${userId} was lost`);
    return { change: 'pending', message: billingMessages.upgradePending(plans[to].name) };
  }

  async function downgrade(userId: string, claim: string, current: SubscriptionRecord, to: PurchasablePlanId, made: () => void): Promise<ChangeAnswer> {
    await provider.updateSubscription(current.providerSubscriptionId!, { planId: to, scheduleChangeAt: 'cycle_end' });
    made();
    // The provider renews on the new plan when the period the app applied from it ends.
    const at = current.periodEnd;
    if (!(await subscriptions.finishChange(userId, claim, { scheduledPlanId: to, scheduledChangeAt: at }))) throw new Error(`the plan change claim of ${userId} was lost`);
    return { change: 'scheduled', message: billingMessages.changeScheduled(plans[to].name, day(at)) };
  }

  /**
   * Runs `make` under the claim. A failure before the provider made the change lets the claim go; after it, the claim
   * stays, to be resolved once stale by asking the provider (settlements.resolveStaleClaim): letting it go would lose
   * a change the customer may have paid for.
   */
  async function underClaim<T>(userId: string, claim: string, what: string, make: (made: () => void) => Promise<T>): Promise<T> {
    let madeAtProvider = false;
    try {
      return await make(() => {
        madeAtProvider = true;
      });
    } catch (error) {
      if (!madeAtProvider) {
        await subscriptions.releaseChange(userId, claim);
        deps.log.error(`${what} for ${userId} failed: ${(error as Error).message}`);
        throw new UserFacingError(502, billingMessages.changeFailed);
      }
      deps.log.error(`${what} for ${userId} was made at the provider but not written: ${(error as Error).message}; its claim is resolved once stale`);
      throw new UserFacingError(502, billingMessages.changeBeingCompleted);
    }
  }

  return {
    /** `shownPlanId` is the plan the asking page showed; the change is refused when it is no longer the plan. */
    async changePlan(user: BillingUser, planId: PurchasablePlanId, shownPlanId: PlanId): Promise<ChangeAnswer> {
      await settlements.resolveStaleClaim(user.id, randomUUID());
      refuseChange(await deps.quotas.current(user.id), planId, shownPlanId);
      const claim = randomUUID();
      const change = { fromPlanId: shownPlanId, statuses: changeable, toPlanId: planId, at: deps.clock() };
      // The claim is conditional on what was just checked: another tab may have changed the plan or its state since.
      const claimed = await subscriptions.claimChange(user.id, claim, change, claimLostAfterMs);
      if (!claimed) {
        // The same checks on the state as it is now say what changed; if nothing did, another change holds the claim.
        refuseChange(await deps.quotas.current(user.id), planId, shownPlanId);
        throw new UserFacingError(409, billingMessages.changeInProgress);
      }
      const dearer = plans[planId].priceCents > plans[claimed.planId as PlanId].priceCents;
      return underClaim(user.id, claim, `changing to ${planId}`, (made) => (dearer ? upgrade(user.id, claim, claimed, planId, made) : downgrade(user.id, claim, claimed, planId, made)));
    },

    async cancelScheduledChange(user: BillingUser) {
      await settlements.resolveStaleClaim(user.id, randomUUID());
      const current = await deps.quotas.current(user.id);
      if (!current.scheduledPlanId || !current.providerSubscriptionId) throw new UserFacingError(409, billingMessages.noScheduledChange);
      const claim = randomUUID();
      const claimed = await subscriptions.claimScheduledChange(user.id, claim, deps.clock(), claimLostAfterMs);
      if (!claimed) throw new UserFacingError(409, billingMessages.changeInProgress);
      return underClaim(user.id, claim, 'dropping a scheduled change', async (made) => {
        await provider.cancelScheduledChange(claimed.providerSubscriptionId!);
        made();
        if (!(await subscriptions.finishChange(user.id, claim, { scheduledPlanId: null, scheduledChangeAt: null }))) throw new Error(`the plan change claim of ${user.id} was lost`);
        return { message: billingMessages.scheduledChangeCancelled(plans[claimed.planId as PlanId].name) };
      });
    },
  };
}

export type PlanSwitches = ReturnType<typeof createPlanSwitches>;
