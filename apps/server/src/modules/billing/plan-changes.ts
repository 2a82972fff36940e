import { plans, type PlanId } from '@reelsmith/contracts';
import type { BillingRepository, CheckoutRecord, InvoiceRecord } from '../../db/repositories/billing.ts';
import { addMonths, allowancesOf, type SubscriptionsRepository } from '../../db/repositories/subscriptions.ts';
import type { ProviderPayment, ProviderRefund, ProviderSubscription } from '../../providers/payments/types.ts';
import type { Clock } from '../../core/credits/quotas.ts';

const planOf = (sub: ProviderSubscription, checkout: CheckoutRecord): PlanId => (plans[sub.planId as PlanId] ? sub.planId : checkout.planId) as PlanId;
const day = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** Prices are tax-inclusive: a GST document splits the same total into net + 18 %. */
const amounts = (totalCents: number, gst: boolean) => {
  const net = gst ? Math.round(totalCents / 1.18) : totalCents;
  return { netCents: net, taxCents: totalCents - net, totalCents };
};
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
        ...amounts(payment.amountCents, gst),
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
          // The provider renews on the plan a scheduled change named: that change is now made.
          scheduledPlanId: null,
          scheduledChangeAt: null,
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

    /**
     * An upgrade in the middle of a period: an invoice for the new plan over the rest of the period, and a credit
     * note for the unused rest of the old plan, set against it; what was charged is the difference of the two. The
     * credit note credits the invoice that paid for the old plan in this period, and names it.
     */
    async invoiceUpgrade(
      userId: string,
      change: { from: PlanId; to: PlanId; at: Date; periodStart: Date; periodEnd: Date; newPartCents: number; unusedCents: number; paymentRef: string; gst: boolean },
    ): Promise<{ invoice: InvoiceRecord; creditNote: InvoiceRecord }> {
      const [from, to] = [plans[change.from], plans[change.to]];
      const buyer = await billing.buyerOf(userId);
      if (!buyer) throw new Error(`no account ${userId} to invoice`);
      const credited = await billing.planInvoiceOfPeriod(userId, change.from, { start: change.periodStart, end: change.periodEnd });
      const issuedAt = clock();
      const common = { userId, billedName: buyer.name, billedEmail: buyer.email, issuedAt, periodStart: change.at, periodEnd: change.periodEnd, currency: 'USD', gst: change.gst };
      const span = `${day(change.at)} to ${day(change.periodEnd)}`;
      const year = issuedAt.getUTCFullYear();
      const invoice = await billing.addInvoice(
        {
          ...common,
          id: `inv_${change.paymentRef}`,
          planId: change.to,
          description: `${to.title} plan, ${span} (upgrade from ${from.title}; the unused ${from.title} plan is credited)`,
          ...amounts(change.newPartCents, change.gst),
          paymentRef: change.paymentRef,
        },
        (sequence) => `RS-${year}-${String(sequence).padStart(5, '0')}`,
      );
      const creditNote = await billing.addInvoice(
        {
          ...common,
          id: `cn_${change.paymentRef}`,
          kind: 'credit_note',
          creditsInvoiceId: credited?.id ?? null,
          appliedToInvoiceId: invoice.id,
          planId: change.from,
          description: `Unused ${from.title} plan, ${span}`,
          ...amounts(change.unusedCents, change.gst),
          paymentRef: `${change.paymentRef}_credit`,
        },
        (sequence) => `CN-${year}-${String(sequence).padStart(5, '0')}`,
      );
      return { invoice, creditNote };
    },

    /** A refund is booked as a credit note against the invoice of the payment it gives back. */
    async issueCreditNote(invoice: InvoiceRecord, refund: ProviderRefund): Promise<InvoiceRecord> {
      const issuedAt = clock();
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
          ...amounts(refund.amountCents, invoice.gst),
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
