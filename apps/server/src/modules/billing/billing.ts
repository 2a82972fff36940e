import { billingMessages, plans, type PlanId } from '@reelsmith/contracts';
import type { BillingRepository } from '../../db/repositories/billing.ts';
import { UserFacingError } from '../../errors.ts';
import type { PaymentEvent, PaymentProvider } from '../../providers/payments/types.ts';
import type { Checkouts } from './checkouts.ts';
import type { PaymentArrivals } from './payment-arrivals.ts';
import type { PlanChangeSettlements } from './plan-change-settlements.ts';
import type { PlanChanges } from './plan-changes.ts';
import type { Clock, QuotaService } from '../../core/credits/quotas.ts';

export interface BillingUser {
  id: string;
  email: string;
}

const formatDate = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Purchases, their confirmation and cancellation; the provider is the test gateway or Razorpay. */
export function createBillingService(deps: {
  provider: PaymentProvider;
  billing: BillingRepository;
  quotas: QuotaService;
  planChanges: PlanChanges;
  arrivals: PaymentArrivals;
  settlements: PlanChangeSettlements;
  checkouts: Checkouts;
  publicUrl: string;
  clock: Clock;
  log: { error(message: string): void };
}) {
  const { provider, billing, quotas, planChanges, arrivals, settlements, checkouts } = deps;

  /** The user whose live plan the subscription is: an upgrade's events concern no other. */
  async function subscriberOf(subscriptionId: string | null): Promise<string | undefined> {
    const checkout = subscriptionId ? await billing.checkoutByRef(subscriptionId) : undefined;
    if (!checkout) return undefined;
    return (await quotas.current(checkout.userId)).providerSubscriptionId === subscriptionId ? checkout.userId : undefined;
  }

  /** An upgrade's charge confirmed (the plan changes) or failed (it stays); other updates change nothing here. */
  async function applyUpgradeEvent(event: Extract<PaymentEvent, { type: 'subscription.updated' | 'payment.failed' }>) {
    if (event.type === 'subscription.updated') {
      const userId = event.payment && (await subscriberOf(event.subscription.id));
      if (userId) await settlements.confirmUpgrade(userId, event.subscription.planId, event.payment!);
      return;
    }
    const userId = event.invoiceId ? await subscriberOf(await provider.subscriptionOfInvoice(event.invoiceId)) : undefined;
    if (userId) await settlements.upgradeChargeFailed(userId);
  }

  async function ownCheckout(user: BillingUser, providerRef: string, kind: 'subscription' | 'trial') {
    const checkout = await billing.checkoutByRef(providerRef);
    if (!checkout || checkout.userId !== user.id || checkout.kind !== kind) throw new UserFacingError(404, 'Not found.');
    return checkout;
  }

  return {
    async createSubscription(user: BillingUser, planId: Exclude<PlanId, 'free' | 'trial'>, gstInvoice: 'Yes' | 'No') {
      const current = await quotas.current(user.id);
      if (current.planId !== 'free') throw new UserFacingError(409, billingMessages.alreadyActivePlan);
      const opened = await checkouts.open({ userId: user.id, kind: 'subscription', planId, gstInvoice }, billingMessages.failedToInitiateSubscription, async () => {
        const sub = await provider.createSubscription({ planId, customerEmail: user.email, notes: { user_id: user.id } });
        return { providerRef: sub.id, status: sub.status, shortUrl: sub.shortUrl };
      });
      return { short_url: opened.shortUrl, subscription_id: opened.providerRef };
    },

    /** What the page polls; an activation seen here is applied at once, without waiting for the webhook. */
    async checkSubscriptionStatus(user: BillingUser, subscriptionId: string) {
      const checkout = await ownCheckout(user, subscriptionId, 'subscription');
      // Closed before it was paid: whatever the provider says of it, the page stops waiting for it.
      if (checkout.status === 'superseded') return { status: 'cancelled' };
      const sub = await provider.fetchSubscription(subscriptionId);
      if (sub.status === 'active' || sub.status === 'authenticated') {
        // A purchase the user may no longer make is cancelled, and the page is told so.
        if (sub.currentStart && (await arrivals.subscriptionPaid(checkout, sub, null, null)) === 'retired') return { status: 'cancelled' };
      } else {
        await arrivals.subscriptionStatus(checkout, sub, null);
      }
      return { status: sub.status };
    },

    async createTrialPayment(user: BillingUser, gstInvoice: 'Yes' | 'No') {
      const current = await quotas.current(user.id);
      if (current.trialPackTaken === 'Yes') throw new UserFacingError(409, billingMessages.trialAlreadyTaken);
      if (current.planId !== 'free') throw new UserFacingError(409, billingMessages.alreadyActivePlan);
      // A second click replaces the pending link, so only one can ever be paid.
      const opened = await checkouts.open({ userId: user.id, kind: 'trial', planId: 'trial', gstInvoice }, billingMessages.failedToInitiatePayment, async () => {
        const link = await provider.createPaymentLink({
          amountCents: plans.trial.priceCents,
          currency: plans.trial.currency,
          description: `Reelsmith ${plans.trial.title}`,
          customerEmail: user.email,
          callbackUrl: `${deps.publicUrl}/Subscriptions`,
          notes: { user_id: user.id },
        });
        return { providerRef: link.id, status: link.status, shortUrl: link.shortUrl };
      });
      return { short_url: opened.shortUrl };
    },

    async verifyPayment(user: BillingUser, paymentLinkId: string) {
      const checkout = await ownCheckout(user, paymentLinkId, 'trial');
      const link = await provider.fetchPaymentLink(paymentLinkId);
      if (link.status !== 'paid' || !link.paymentId) return { success: false, error: billingMessages.paymentVerificationFailed };
      const applied = await arrivals.trialPaid(checkout, { id: link.paymentId, amountCents: link.amountCents, currency: plans.trial.currency });
      return applied ? { success: true } : { success: false, error: billingMessages.trialPaymentRefunded };
    },

    async cancelSubscription(user: BillingUser) {
      const current = await quotas.current(user.id);
      if (!current.providerSubscriptionId || current.planId === 'free' || current.status === 'cancelled') {
        return { error: billingMessages.nothingToCancel };
      }
      try {
        await provider.cancelSubscription(current.providerSubscriptionId);
      } catch (error) {
        deps.log.error(`cancel failed: ${(error as Error).message}`);
        return { error: billingMessages.cancelFailed };
      }
      const updated = await planChanges.markCancelAtPeriodEnd(user.id);
      return { message: billingMessages.cancelScheduled(formatDate(updated.periodEnd)) };
    },

    /** Applies a verified webhook once; a replay (same event id) changes nothing. */
    async applyEvent(event: PaymentEvent): Promise<void> {
      if (event.type === 'ignored') return;
      if (!(await billing.recordEvent(event.id, event.type))) return;
      try {
        if (event.type === 'subscription.updated' || event.type === 'payment.failed') return await applyUpgradeEvent(event);
        const ref = 'subscription' in event ? event.subscription.id : event.paymentLink.id;
        const checkout = await billing.checkoutByRef(ref);
        if (!checkout) return;
        if (event.type === 'payment_link.paid') await arrivals.trialPaid(checkout, event.payment);
        else if (event.type === 'subscription.activated' || event.type === 'subscription.charged') {
          await arrivals.subscriptionPaid(checkout, event.subscription, event.payment, event.createdAt);
        } else await arrivals.subscriptionStatus(checkout, event.subscription, event.createdAt);
      } catch (error) {
        // Not applied: let the provider deliver it again.
        await billing.forgetEvent(event.id);
        throw error;
      }
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
