import type { BillingRepository, CheckoutRecord } from '../../db/repositories/billing.ts';
import type { PaymentProvider, ProviderPayment, ProviderSubscription } from '../../providers/payments/types.ts';
import { supersededStatuses } from './checkouts.ts';
import type { PlanChanges } from './plan-changes.ts';
import type { QuotaService } from '../../core/quotas.ts';

const endedStatuses = new Set(['cancelled', 'completed', 'expired']);

/**
 * What a payment or subscription event may do, whichever way it arrives (webhook or the polling page). The books must
 * reconcile: a user has at most one live subscription, the trial pack is sold once, and a late event never rewinds
 * the plan. Money that arrives for a purchase the user may no longer make is given back and booked as a credit note.
 */
export function createPaymentArrivals(deps: {
  provider: PaymentProvider;
  billing: BillingRepository;
  quotas: QuotaService;
  planChanges: PlanChanges;
  log: { error(message: string): void };
}) {
  const { provider, billing, quotas, planChanges } = deps;

  /** A charge for a period this subscription already gave the user, or an earlier one: it may be invoiced, nothing more. */
  const periodWasApplied = (checkout: CheckoutRecord, sub: ProviderSubscription) =>
    Boolean(checkout.periodStart && sub.currentStart && sub.currentStart <= checkout.periodStart);

  /** Older than what was applied: an earlier provider period, or in the same period an earlier event. */
  function isStale(checkout: CheckoutRecord, sub: ProviderSubscription, eventAt: Date | null): boolean {
    const stored = checkout.periodStart?.getTime();
    const given = sub.currentStart?.getTime();
    if (stored !== undefined && given !== undefined && given !== stored) return given < stored;
    return Boolean(eventAt && checkout.eventAt && eventAt < checkout.eventAt);
  }

  /** `periodApplied` only when the period reached the plan: an orphan's status events must not make its charge look old. */
  async function recordProgress(checkout: CheckoutRecord, sub: ProviderSubscription, eventAt: Date | null, periodApplied: boolean) {
    const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));
    await billing.updateCheckout(checkout.id, {
      status: sub.status,
      periodStart: periodApplied ? later(checkout.periodStart, sub.currentStart) : checkout.periodStart,
      eventAt: later(checkout.eventAt, eventAt),
    });
  }

  /** The purchase a payment may still apply to: the live plan's subscription, or on Free the newest checkout. */
  async function isCurrent(checkout: CheckoutRecord): Promise<boolean> {
    const plan = await quotas.current(checkout.userId);
    if (plan.planId !== 'free') return checkout.kind === 'subscription' && plan.providerSubscriptionId === checkout.providerRef;
    return (await billing.newestCheckoutOf(checkout.userId))?.id === checkout.id;
  }

  async function endAtProvider(checkout: CheckoutRecord) {
    try {
      await provider.cancelSubscriptionNow(checkout.providerRef);
    } catch (error) {
      // Already ended is fine; anything else (the provider is down) fails the event so that it is delivered again.
      if (!endedStatuses.has((await provider.fetchSubscription(checkout.providerRef)).status)) throw error;
    }
  }

  /** Stops a purchase that must not change the plan and gives back what it was paid, once. */
  async function retire(checkout: CheckoutRecord, sub: ProviderSubscription | null, payment: ProviderPayment | null) {
    // Even one cancelled here before can have been charged at the provider meanwhile: what arrives live is ended.
    if (sub && !endedStatuses.has(sub.status)) {
      await endAtProvider(checkout);
      await billing.setCheckoutStatus(checkout.id, 'cancelled');
    }
    if (!payment) return;
    const invoice = sub
      ? await planChanges.invoiceSubscriptionPayment(checkout.userId, checkout, sub, payment)
      : await planChanges.invoiceTrialPayment(checkout.userId, checkout, payment);
    if (!(await billing.creditNoteFor(invoice.id))) await planChanges.issueCreditNote(invoice, await provider.refundPayment(payment));
    await billing.setCheckoutStatus(checkout.id, 'refunded');
  }

  return {
    /** Activation or charge of a subscription; `payment` is null when the polling page saw the activation first. */
    async subscriptionPaid(checkout: CheckoutRecord, sub: ProviderSubscription, payment: ProviderPayment | null, eventAt: Date | null) {
      // Checked first: a late charge from a subscription the user has since left was still for a period they had.
      if (periodWasApplied(checkout, sub)) {
        if (payment) await planChanges.invoiceSubscriptionPayment(checkout.userId, checkout, sub, payment);
        return 'stale' as const;
      }
      if (!(await isCurrent(checkout))) {
        await retire(checkout, sub, payment);
        return 'retired' as const;
      }
      await recordProgress(checkout, sub, eventAt, true);
      await planChanges.applySubscriptionPeriod(checkout.userId, checkout, sub, payment);
      return 'applied' as const;
    },

    async subscriptionStatus(checkout: CheckoutRecord, sub: ProviderSubscription, eventAt: Date | null) {
      // A replaced checkout keeps the app's word on it: it never was the user's plan, and its closing is reported here too.
      if (supersededStatuses.has(checkout.status) || isStale(checkout, sub, eventAt)) return;
      await recordProgress(checkout, sub, eventAt, false);
      await planChanges.applySubscriptionStatus(checkout.userId, sub);
    },

    /** The trial pack's link was paid: applied once per account, and only while the link is the user's purchase. */
    async trialPaid(checkout: CheckoutRecord, payment: ProviderPayment): Promise<boolean> {
      if (checkout.status !== 'paid') {
        const plan = await quotas.current(checkout.userId);
        // Only the newest checkout is current on Free, so of two links paid at once just one can pass.
        const eligible = checkout.status !== 'refunded' && plan.planId === 'free' && plan.trialPackTaken !== 'Yes' && (await isCurrent(checkout));
        if (!eligible) {
          await retire(checkout, null, payment);
          return false;
        }
        // Claimed before the plan changes, so that a retry of this same payment is not taken for a second purchase.
        await billing.setCheckoutStatus(checkout.id, 'paid');
      }
      await planChanges.applyTrialPack(checkout.userId, checkout, payment);
      return true;
    },
  };
}

export type PaymentArrivals = ReturnType<typeof createPaymentArrivals>;
