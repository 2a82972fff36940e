import { plans, type PlanId } from '@reelsmith/contracts';
import type { BillingRepository, CheckoutRecord, InvoiceRecord } from '../../db/repositories/billing.ts';
import { addMonths, allowancesOf, type SubscriptionsRepository } from '../../db/repositories/subscriptions.ts';
import type { ProviderPayment, ProviderRefund, ProviderSubscription } from '../../providers/payments/types.ts';
import type { Clock } from '../../core/credits/quotas.ts';

const planOf = (sub: ProviderSubscription, checkout: CheckoutRecord): PlanId => (plans[sub.planId as PlanId] ? sub.planId : checkout.planId) as PlanId;
const periodOf = (sub: ProviderSubscription, now: Date) => {
  const start = sub.currentStart ?? now;
  return { start, end: sub.currentEnd ?? addMonths(start, 1) };
};

/**
 * The changes a payment makes to a user's plan and books. Every one is idempotent: the polling page and the webhook
 * may both report the same activation, and a replayed webhook may report it again. Whether a payment may change the
 * plan at all is decided before (payment-arrivals.ts).
 */
export function createPlanChanges(deps: { subscriptions: SubscriptionsRepository; billing: BillingRepository; clock: Clock }) {
  const { subscriptions, billing, clock } = deps;

  async function issueInvoice(
    userId: string,
    planId: PlanId,
    payment: ProviderPayment,
    period: { start: Date; end: Date } | null,
    gst: boolean,
  ): Promise<InvoiceRecord> {
    const plan = plans[planId];
    const total = payment.amountCents;
    // Prices are tax-inclusive: a GST invoice splits the same total into net + 18 %.
    const net = gst ? Math.round(total / 1.18) : total;
    const issuedAt = clock();
    // "Billed to" is kept as printed: a deleted account's invoices still name their buyer.
    const buyer = await billing.buyerOf(userId);
    if (!buyer) throw new Error(`no account ${userId} to invoice`);
    return billing.addInvoice(
      {
        id: `inv_${payment.id}`,
        userId,
        billedName: buyer.name,
        billedEmail: buyer.email,
        issuedAt,
        planId,
        description: plan.billing === 'one-time' ? `${plan.title} (valid ${plan.periodMonths} months)` : `${plan.title} plan, monthly subscription`,
        periodStart: period?.start ?? null,
        periodEnd: period?.end ?? null,
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
    async applySubscriptionPeriod(userId: string, checkout: CheckoutRecord, sub: ProviderSubscription, payment: ProviderPayment | null) {
      const current = await subscriptions.ensure(userId, clock());
      const { start, end } = periodOf(sub, clock());
      const planId = planOf(sub, checkout);
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
          gstInvoice: checkout.gstInvoice,
        });
      }
      if (payment) await issueInvoice(userId, planId, payment, { start, end }, checkout.gstInvoice === 'Yes');
    },

    /** Money taken for a subscription period that does not change the plan (late, or about to be refunded) is still invoiced. */
    invoiceSubscriptionPayment(userId: string, checkout: CheckoutRecord, sub: ProviderSubscription, payment: ProviderPayment) {
      return issueInvoice(userId, planOf(sub, checkout), payment, periodOf(sub, clock()), checkout.gstInvoice === 'Yes');
    },

    invoiceTrialPayment(userId: string, checkout: CheckoutRecord, payment: ProviderPayment) {
      return issueInvoice(userId, 'trial', payment, null, checkout.gstInvoice === 'Yes');
    },

    /** A refund is booked as a credit note against the invoice of the payment it gives back. */
    async issueCreditNote(invoice: InvoiceRecord, refund: ProviderRefund): Promise<InvoiceRecord> {
      const issuedAt = clock();
      const net = invoice.gst ? Math.round(refund.amountCents / 1.18) : refund.amountCents;
      return billing.addInvoice(
        {
          id: `cn_${refund.id}`,
          userId: invoice.userId,
          // A credit note is addressed to whoever the invoice it credits was.
          billedName: invoice.billedName,
          billedEmail: invoice.billedEmail,
          kind: 'credit_note',
          creditsInvoiceId: invoice.id,
          issuedAt,
          planId: invoice.planId,
          description: `Refund of ${invoice.description}`,
          periodStart: invoice.periodStart,
          periodEnd: invoice.periodEnd,
          currency: invoice.currency,
          netCents: net,
          taxCents: refund.amountCents - net,
          totalCents: refund.amountCents,
          gst: invoice.gst,
          paymentRef: refund.id,
        },
        (sequence) => `CN-${issuedAt.getUTCFullYear()}-${String(sequence).padStart(5, '0')}`,
      );
    },

    async applySubscriptionStatus(userId: string, sub: ProviderSubscription) {
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
    async applyTrialPack(userId: string, checkout: CheckoutRecord, payment: ProviderPayment) {
      const current = await subscriptions.ensure(userId, clock());
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
          gstInvoice: checkout.gstInvoice,
        });
      }
      const record = (await subscriptions.find(userId))!;
      await issueInvoice(userId, 'trial', payment, { start: record.periodStart, end: record.periodEnd }, record.gstInvoice === 'Yes');
    },
  };
}

export type PlanChanges = ReturnType<typeof createPlanChanges>;
