import { plans, proratedUpgrade, type PlanId } from '@reelsmith/contracts';
import { upgradedAllowances, type SubscriptionRecord, type SubscriptionsRepository } from '../../db/repositories/subscriptions.ts';
import type { PaymentProvider, ProviderPayment } from '../../providers/payments/types.ts';
import type { PlanChanges } from './plan-changes.ts';

/** Longer than the provider call of one change can take (it times out after 15 s). */
export const claimLostAfterMs = 2 * 60_000;

const dearer = (to: string, from: string) => plans[to as PlanId].priceCents > plans[from as PlanId].priceCents;

/**
 * How a plan change the provider has made, or may have made, reaches the app's books. An upgrade counts only once
 * its prorated charge is confirmed (the test gateway answers it with the update; Razorpay charges after answering
 * and says so by its subscription.updated webhook); until then it waits for payment, and a failed charge leaves the
 * plan as it was. A claim left by a process that died between the provider's update and the app's write is resolved
 * by asking the provider what the subscription is now on.
 */
export function createPlanChangeSettlements(deps: {
  provider: PaymentProvider;
  subscriptions: SubscriptionsRepository;
  planChanges: PlanChanges;
}) {
  const { provider, subscriptions, planChanges } = deps;

  /**
   * Books a confirmed upgrade charge: the invoice of the amount really charged (with the credit note for the unused
   * old plan) and the grown allowances. Idempotent: the polling answer and the webhook may both report the charge;
   * the invoice is keyed by the payment, and the plan moves only from the plan the upgrade left.
   */
  async function confirmUpgrade(userId: string, to: string, payment: ProviderPayment): Promise<SubscriptionRecord | undefined> {
    const current = await subscriptions.find(userId);
    if (!current || current.changePlanId !== to || !current.changeAt || !dearer(to, current.planId)) return undefined;
    const from = current.planId as PlanId;
    const period = { start: current.periodStart, end: current.periodEnd };
    const quote = proratedUpgrade(plans[from].priceCents, plans[to as PlanId].priceCents, period, current.changeAt);
    await planChanges.invoiceUpgrade(userId, {
      from,
      to: to as PlanId,
      at: current.changeAt,
      periodStart: period.start,
      periodEnd: period.end,
      newPartCents: quote.unusedCents + payment.amountCents,
      unusedCents: quote.unusedCents,
      paymentRef: payment.id,
      gst: current.gstInvoice === 'Yes',
    });
    return subscriptions.confirmUpgrade(userId, from, to, upgradedAllowances(current, to as PlanId, quote.fractionLeft));
  }

  /** The provider is asked, not the event believed: a charge failing means the subscription was not updated. */
  async function upgradeChargeFailed(userId: string) {
    const current = await subscriptions.find(userId);
    if (!current?.changePlanId || current.changeClaim || !current.providerSubscriptionId) return;
    const sub = await provider.fetchSubscription(current.providerSubscriptionId);
    if (sub.planId !== current.changePlanId) await subscriptions.dropAwaitedUpgrade(userId, current.changePlanId);
  }

  /**
   * A claim older than claimLostAfterMs was left by a process that died (or failed to write) after or before the
   * provider's update. Whatever the provider says the subscription is on decides: a downgrade it scheduled, or a
   * scheduled change it dropped, is written; an upgrade it made waits for its charge's confirmation (the webhook
   * books the amount really charged); anything it did not make is let go.
   */
  async function resolveStaleClaim(userId: string, claim: string): Promise<void> {
    const stale = await subscriptions.find(userId);
    if (!stale?.changeClaim || !stale.changeClaimedAt || Date.now() - stale.changeClaimedAt.getTime() < claimLostAfterMs) return;
    if (!(await subscriptions.takeOverClaim(userId, stale.changeClaim, claim))) return;
    const subscriptionId = stale.providerSubscriptionId!;
    const to = stale.changePlanId;
    if (to && dearer(to, stale.planId)) {
      const sub = await provider.fetchSubscription(subscriptionId);
      if (sub.planId === to) await subscriptions.awaitPayment(userId, claim);
      else await subscriptions.releaseChange(userId, claim);
      return;
    }
    const scheduled = await provider.fetchScheduledChange(subscriptionId);
    if (to) {
      // A downgrade: scheduled at the provider for the period's end, or not made at all.
      if (scheduled?.planId === to) await subscriptions.finishChange(userId, claim, { scheduledPlanId: to, scheduledChangeAt: stale.periodEnd });
      else await subscriptions.releaseChange(userId, claim);
      return;
    }
    // Dropping a scheduled change: done at the provider when nothing waits there any more.
    if (!scheduled) await subscriptions.finishChange(userId, claim, { scheduledPlanId: null, scheduledChangeAt: null });
    else await subscriptions.releaseChange(userId, claim);
  }

  return {
    confirmUpgrade,
    upgradeChargeFailed,
    resolveStaleClaim,
  };
}

export type PlanChangeSettlements = ReturnType<typeof createPlanChangeSettlements>;
