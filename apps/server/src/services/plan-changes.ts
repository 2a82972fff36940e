import { plans, type PlanId } from '@reelsmith/contracts';
import type { BillingRepository } from '../db/repositories/billing.ts';
import { addMonths, allowancesOf, type SubscriptionsRepository } from '../db/repositories/subscriptions.ts';
import type { ProviderPayment, ProviderSubscription } from '../providers/payments/types.ts';
import type { Clock } from './quotas.ts';

/**
 * The changes a payment makes to a user's plan. Every one is idempotent: the polling page and the webhook may both
 * report the same activation, and a replayed webhook may report it again.
 */
export function createPlanChanges(deps: { subscriptions: SubscriptionsRepository; billing: BillingRepository; clock: Clock }) {
  const { subscriptions, billing, clock } = deps;

  async function issueInvoice(userId: string, planId: PlanId, payment: ProviderPayment, period: { start: Date; end: Date }, gst: boolean) {
    const plan = plans[planId];
    const total = payment.amountCents;
    // Prices are tax-inclusive: a GST invoice splits the same total into net + 18 %.
    const net = gst ? Math.round(total / 1.18) : total;
    const issuedAt = clock();
    await billing.addInvoice(
      {
        id: `inv_${payment.id}`,
        userId,
        issuedAt,
        planId,
        description: plan.billing === 'one-time' ? `${plan.title} (valid ${plan.periodMonths} months)` : `${plan.title} plan, monthly subscription`,
        periodStart: period.start,
        periodEnd: period.end,
        currency: payment.currency,
        netCents: net,
        taxCents: total - net,
        totalCents: total,
        gst,
        paymentRef: payment.id,
      },
      (sequence) => `RS-${issuedAt.getUTCFullYear()}-${String(sequence).padStart(5, '0')}`,
    );
  }

  return {
    /** A subscription is paid for a period (first charge or renewal): the plan's allowances for that period. */
    async applySubscriptionPeriod(userId: string, sub: ProviderSubscription, payment: ProviderPayment | null) {
      const checkout = await billing.checkoutByRef(sub.id);
      const current = await subscriptions.ensure(userId, clock());
      const start = sub.currentStart ?? clock();
      const end = sub.currentEnd ?? addMonths(start, 1);
      const planId = (plans[sub.planId as PlanId] ? sub.planId : (checkout?.planId ?? 'free')) as PlanId;
      const samePeriod = current.providerSubscriptionId === sub.id && current.periodStart.getTime() === start.getTime();
      if (!samePeriod) {
        await subscriptions.update(userId, {
          ...allowancesOf(planId),
          status: 'active',
          providerSubscriptionId: sub.id,
          periodStart: start,
          periodEnd: end,
          videosUsed: 0,
          aiVideosUsed: 0,
          ideasGenerated: 0,
          gstInvoice: checkout?.gstInvoice ?? current.gstInvoice,
        });
      }
      if (checkout) await billing.setCheckoutStatus(checkout.id, sub.status);
      if (payment) await issueInvoice(userId, planId, payment, { start, end }, (checkout?.gstInvoice ?? current.gstInvoice) === 'Yes');
    },

    async applySubscriptionStatus(userId: string, sub: ProviderSubscription) {
      const checkout = await billing.checkoutByRef(sub.id);
      if (checkout) await billing.setCheckoutStatus(checkout.id, sub.status);
      const current = await subscriptions.ensure(userId, clock());
      if (current.providerSubscriptionId !== sub.id) return;
      // An ended subscription keeps what was paid for until the period ends; the quota service then falls back to Free.
      await subscriptions.update(userId, { status: sub.status, cancelAtPeriodEnd: sub.status === 'cancelled' ? true : current.cancelAtPeriodEnd });
    },

    /** The provider will not renew: the plan stays until the period ends, then the quota service falls back to Free. */
    async markCancelAtPeriodEnd(userId: string) {
      return subscriptions.update(userId, { cancelAtPeriodEnd: true });
    },

    /** The trial pack: Growth features, 20 videos including 7 AI, for 3 months, once per account. */
    async applyTrialPack(userId: string, paymentLinkId: string, payment: ProviderPayment) {
      const checkout = await billing.checkoutByRef(paymentLinkId);
      const current = await subscriptions.ensure(userId, clock());
      if (checkout) await billing.setCheckoutStatus(checkout.id, 'paid');
      if (current.trialPackTaken !== 'Yes') {
        const start = clock();
        await subscriptions.update(userId, {
          ...allowancesOf('trial'),
          status: 'active',
          providerSubscriptionId: null,
          cancelAtPeriodEnd: false,
          periodStart: start,
          periodEnd: addMonths(start, plans.trial.periodMonths),
          videosUsed: 0,
          aiVideosUsed: 0,
          ideasGenerated: 0,
          trialPackTaken: 'Yes',
          gstInvoice: checkout?.gstInvoice ?? current.gstInvoice,
        });
      }
      const record = (await subscriptions.find(userId))!;
      await issueInvoice(userId, 'trial', payment, { start: record.periodStart, end: record.periodEnd }, record.gstInvoice === 'Yes');
    },
  };
}

export type PlanChanges = ReturnType<typeof createPlanChanges>;
