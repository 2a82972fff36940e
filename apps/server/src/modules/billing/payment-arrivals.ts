import type { BillingRepository, CheckoutRecord } from '../../db/repositories/billing.ts';
import type { PaymentProvider, ProviderPayment, ProviderSubscription } from '../../providers/payments/types.ts';
import { supersededStatuses } from './checkouts.ts';
import type { PlanChanges } from './plan-changes.ts';
import type { QuotaService } from '../../core/credits/quotas.ts';

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

  /**
   * Why a charge is stale, or null when it is not. A stale charge cannot be news about money for this purchase: it
   * is acknowledged (so the provider stops sending it) and logged for the operator, and it writes no invoice, changes
   * no plan and refunds nothing. A charge is stale when its payment is not on the books yet and
   *  1. its checkout was closed before it was paid ('superseded': the provider confirmed it cancelled unpaid, so
   *     nothing can be charged through it) or was already ended and refunded by the app ('refunded');
   *  2. or its period is one this checkout already applied (the same or an earlier `current_start`) and that period is
   *     already invoiced: the payment that paid it was booked, another one is not ours to book;
   *  3. or it names no period while the checkout has applied one, so nothing says which period it paid;
   *  4. or it is for a period after the one applied while the subscription has ended since (cancelled, completed,
   *     expired): the provider charges no ended subscription.
   * A payment already booked is never stale: a redelivery finishes what the first delivery began. The event time
   * alone does not make a charge stale: a status event sent after it (halted, cancelled) may have arrived first.
   */
  async function staleCharge(checkout: CheckoutRecord, sub: ProviderSubscription): Promise<string | null> {
    if (checkout.status === 'superseded' || checkout.status === 'refunded') return `its checkout is ${checkout.status}`;
    if (!checkout.periodStart) return null;
    if (!sub.currentStart) return 'it names no period, and one was applied';
    if (periodWasApplied(checkout, sub)) {
      return (await billing.invoiceForPeriod(checkout.userId, sub.currentStart)) ? 'its period is already invoiced' : null;
    }
    return endedStatuses.has(checkout.status) ? `its subscription is ${checkout.status}` : null;
  }

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
      const booked = payment && (await billing.invoiceForPayment(payment.id));
      const stale = booked ? null : await staleCharge(checkout, sub);
      if (stale) {
        if (payment) deps.log.error(`stale subscription charge ignored: payment ${payment.id} for ${sub.id}, ${stale}; nothing invoiced, applied or refunded`);
        return 'stale' as const;
      }
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
      // A replaced or refunded checkout keeps the app's word on it: it is not the user's plan, and staleCharge reads it.
      if (supersededStatuses.has(checkout.status) || checkout.status === 'refunded' || isStale(checkout, sub, eventAt)) return;
      await recordProgress(checkout, sub, eventAt, false);
      await planChanges.applySubscriptionStatus(checkout.userId, sub);
    },

    /** The trial pack's link was paid: applied once per account, and only while the link is the user's purchase. */
    async trialPaid(checkout: CheckoutRecord, payment: ProviderPayment): Promise<boolean> {
      const ignoreStale = (reason: string) => {
        deps.log.error(`stale trial payment ignored: payment ${payment.id} for ${checkout.providerRef}, ${reason}; nothing invoiced, applied or refunded`);
        return checkout.status === 'paid';
      };
      // A link takes one payment: another reported for one already paid, closed unpaid or refunded is stale (see staleCharge).
      const settled = checkout.status === 'paid' ? checkout.paymentRef !== payment.id : checkout.status === 'superseded' || checkout.status === 'refunded';
      if (settled && !(await billing.invoiceForPayment(payment.id))) return ignoreStale(`its checkout is ${checkout.status}`);
      if (checkout.status !== 'paid') {
        const plan = await quotas.current(checkout.userId);
        // Only the newest checkout is current on Free, so of two links paid at once just one can pass.
        const eligible = checkout.status !== 'refunded' && plan.planId === 'free' && plan.trialPackTaken !== 'Yes' && (await isCurrent(checkout));
        if (!eligible) {
          await retire(checkout, null, payment);
          return false;
        }
        // Claimed before the plan changes, so that a retry of this same payment is not taken for a second purchase.
        if (!(await billing.claimTrialCheckout(checkout.id, payment.id))) return ignoreStale('another payment paid the link first');
      }
      await planChanges.applyTrialPack(checkout.userId, checkout, payment);
      return true;
    },
  };
}

export type PaymentArrivals = ReturnType<typeof createPaymentArrivals>;
