import { randomUUID } from 'node:crypto';
import { billingMessages, plans, proratedUpgrade, type PlanId, type PurchasablePlanId } from '@reelsmith/contracts';
import { upgradedAllowances, type SubscriptionRecord, type SubscriptionsRepository } from '../../db/repositories/subscriptions.ts';
import { UserFacingError } from '../../errors.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import type { PlanChanges } from './plan-changes.ts';
import type { BillingUser } from './billing.ts';
import type { Clock, QuotaService } from '../../core/credits/quotas.ts';

/** Longer than the provider call of one change can take (it times out after 15 s). */
const claimLostAfterMs = 2 * 60_000;
const day = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const changeable = ['active', 'authenticated'] as const;

/**
 * Moving a paid subscription to another plan, through the provider's subscription update. A dearer plan applies at
 * once: the allowances grow by the new plan's extra credits prorated to the time left (what was used stays used),
 * and the prorated difference is charged, invoiced and set against a credit note for the unused old plan. A cheaper
 * plan waits for the end of the period, when the provider renews on it (payment-arrivals applies that renewal). The
 * request that claims the subscription row first is the one made (subscriptions repository, claimChange); a refused
 * request changes nothing.
 */
export function createPlanSwitches(deps: {
  provider: PaymentProvider;
  subscriptions: SubscriptionsRepository;
  quotas: QuotaService;
  planChanges: PlanChanges;
  clock: Clock;
  log: { error(message: string): void };
}) {
  const { provider, subscriptions, planChanges } = deps;

  function refuseChange(current: SubscriptionRecord, planId: PurchasablePlanId, shownPlanId: PlanId) {
    if (shownPlanId !== current.planId) throw new UserFacingError(409, billingMessages.planChangedMeanwhile);
    if (current.planId === 'free') throw new UserFacingError(409, billingMessages.noSubscriptionToChange);
    // The trial pack is paid once, with no subscription to update: SPEC §5's words for any plan bought beside it.
    if (current.planId === 'trial' || !current.providerSubscriptionId) throw new UserFacingError(409, billingMessages.alreadyActivePlan);
    if (current.planId === planId) throw new UserFacingError(409, billingMessages.alreadyOnPlan(plans[planId].name));
    if (current.scheduledPlanId && current.scheduledChangeAt) {
      throw new UserFacingError(409, billingMessages.changeAlreadyScheduled(plans[current.scheduledPlanId as PlanId].name, day(current.scheduledChangeAt)));
    }
    if (current.status === 'pending') throw new UserFacingError(409, billingMessages.changeWhilePaymentDue);
    if (current.cancelAtPeriodEnd || !(changeable as readonly string[]).includes(current.status)) throw new UserFacingError(409, billingMessages.changeWhileEnding);
  }

  async function upgrade(userId: string, claim: string, current: SubscriptionRecord, to: PurchasablePlanId) {
    const at = deps.clock();
    const from = current.planId as PlanId;
    const quote = proratedUpgrade(plans[from].priceCents, plans[to].priceCents, { start: current.periodStart, end: current.periodEnd }, at);
    const { charge } = await provider.updateSubscription(current.providerSubscriptionId!, { planId: to, scheduleChangeAt: 'now' });
    // The provider's own charge is what the customer paid; Razorpay reports it only by webhook, so the quote stands in.
    const chargeCents = charge?.amountCents ?? quote.chargeCents;
    const paymentRef = charge?.id ?? `upgrade_${current.providerSubscriptionId}_${at.getTime()}`;
    if (!(await subscriptions.finishChange(userId, claim, upgradedAllowances(current, to, quote.fractionLeft)))) throw new Error(`the plan change claim of ${userId} was lost`);
    await planChanges.invoiceUpgrade(userId, {
      from,
      to,
      at,
      periodStart: current.periodStart,
      periodEnd: current.periodEnd,
      newPartCents: quote.unusedCents + chargeCents,
      unusedCents: quote.unusedCents,
      paymentRef,
      gst: current.gstInvoice === 'Yes',
    });
    return { change: 'upgraded' as const, message: billingMessages.upgraded(plans[to].name, money(chargeCents)) };
  }

  async function downgrade(userId: string, claim: string, current: SubscriptionRecord, to: PurchasablePlanId) {
    await provider.updateSubscription(current.providerSubscriptionId!, { planId: to, scheduleChangeAt: 'cycle_end' });
    // The provider renews on the new plan when the period the app applied from it ends.
    const at = current.periodEnd;
    if (!(await subscriptions.finishChange(userId, claim, { scheduledPlanId: to, scheduledChangeAt: at }))) throw new Error(`the plan change claim of ${userId} was lost`);
    return { change: 'scheduled' as const, message: billingMessages.changeScheduled(plans[to].name, day(at)) };
  }

  /** Runs `make` under the claim; a failure lets the claim go and answers the catalogue's words. */
  async function underClaim<T>(userId: string, claim: string, what: string, make: () => Promise<T>): Promise<T> {
    try {
      return await make();
    } catch (error) {
      await subscriptions.releaseChange(userId, claim);
      deps.log.error(`${what} for ${userId} failed: ${(error as Error).message}`);
      throw new UserFacingError(502, billingMessages.changeFailed);
    }
  }

  return {
    /** `shownPlanId` is the plan the asking page showed; the change is refused when it is no longer the plan. */
    async changePlan(user: BillingUser, planId: PurchasablePlanId, shownPlanId: PlanId) {
      refuseChange(await deps.quotas.current(user.id), planId, shownPlanId);
      const claim = randomUUID();
      // The claim is conditional on what was just checked: another tab may have changed the plan or its state since.
      const claimed = await subscriptions.claimChange(user.id, claim, { planId: shownPlanId, statuses: changeable }, claimLostAfterMs);
      if (!claimed) {
        // The same checks on the state as it is now say what changed; if nothing did, another change holds the claim.
        refuseChange(await deps.quotas.current(user.id), planId, shownPlanId);
        throw new UserFacingError(409, billingMessages.changeInProgress);
      }
      const dearer = plans[planId].priceCents > plans[claimed.planId as PlanId].priceCents;
      return underClaim<{ change: 'upgraded' | 'scheduled'; message: string }>(user.id, claim, `changing to ${planId}`, () => (dearer ? upgrade(user.id, claim, claimed, planId) : downgrade(user.id, claim, claimed, planId)));
    },

    async cancelScheduledChange(user: BillingUser) {
      const current = await deps.quotas.current(user.id);
      if (!current.scheduledPlanId || !current.providerSubscriptionId) throw new UserFacingError(409, billingMessages.noScheduledChange);
      const claim = randomUUID();
      const claimed = await subscriptions.claimScheduledChange(user.id, claim, claimLostAfterMs);
      if (!claimed) throw new UserFacingError(409, billingMessages.changeInProgress);
      return underClaim(user.id, claim, 'dropping a scheduled change', async () => {
        await provider.cancelScheduledChange(claimed.providerSubscriptionId!);
        await subscriptions.finishChange(user.id, claim, { scheduledPlanId: null, scheduledChangeAt: null });
        return { message: billingMessages.scheduledChangeCancelled(plans[claimed.planId as PlanId].name) };
      });
    },
  };
}

export type PlanSwitches = ReturnType<typeof createPlanSwitches>;
