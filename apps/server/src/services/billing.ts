import { randomUUID } from 'node:crypto';
import { billingMessages, plans, type PlanId } from '@reelsmith/contracts';
import type { BillingRepository } from '../db/repositories/billing.ts';
import { UserFacingError } from '../errors.ts';
import type { PaymentEvent, PaymentProvider } from '../providers/payments/types.ts';
import type { PlanChanges } from './plan-changes.ts';
import type { Clock, QuotaService } from './quotas.ts';

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
  publicUrl: string;
  clock: Clock;
  log: { error(message: string): void };
}) {
  const { provider, billing, quotas, planChanges } = deps;

  async function ownCheckout(user: BillingUser, providerRef: string, kind: 'subscription' | 'trial') {
    const checkout = await billing.checkoutByRef(providerRef);
    if (!checkout || checkout.userId !== user.id || checkout.kind !== kind) throw new UserFacingError(404, 'Not found.');
    return checkout;
  }

  return {
    async createSubscription(user: BillingUser, planId: Exclude<PlanId, 'free' | 'trial'>, gstInvoice: 'Yes' | 'No') {
      const current = await quotas.current(user.id);
      if (current.planId !== 'free') throw new UserFacingError(409, billingMessages.alreadyActivePlan);
      let sub;
      try {
        sub = await provider.createSubscription({ planId, customerEmail: user.email, notes: { user_id: user.id } });
      } catch (error) {
        deps.log.error(`create subscription failed: ${(error as Error).message}`);
        throw new UserFacingError(502, billingMessages.failedToInitiateSubscription);
      }
      await billing.addCheckout({ id: randomUUID(), userId: user.id, kind: 'subscription', planId, providerRef: sub.id, status: sub.status, shortUrl: sub.shortUrl, gstInvoice });
      return { short_url: sub.shortUrl, subscription_id: sub.id };
    },

    /** What the page polls; an activation seen here is applied at once, without waiting for the webhook. */
    async checkSubscriptionStatus(user: BillingUser, subscriptionId: string) {
      await ownCheckout(user, subscriptionId, 'subscription');
      const sub = await provider.fetchSubscription(subscriptionId);
      if (sub.status === 'active' || sub.status === 'authenticated') {
        if (sub.currentStart) await planChanges.applySubscriptionPeriod(user.id, sub, null);
      } else {
        await planChanges.applySubscriptionStatus(user.id, sub);
      }
      return { status: sub.status };
    },

    async createTrialPayment(user: BillingUser, gstInvoice: 'Yes' | 'No') {
      const current = await quotas.current(user.id);
      if (current.planId !== 'free') throw new UserFacingError(409, billingMessages.alreadyActivePlan);
      if (current.trialPackTaken === 'Yes') throw new UserFacingError(409, billingMessages.trialAlreadyTaken);
      let link;
      try {
        link = await provider.createPaymentLink({
          amountCents: plans.trial.priceCents,
          currency: plans.trial.currency,
          description: `Reelsmith ${plans.trial.title}`,
          customerEmail: user.email,
          callbackUrl: `${deps.publicUrl}/Subscriptions`,
          notes: { user_id: user.id },
        });
      } catch (error) {
        deps.log.error(`create payment link failed: ${(error as Error).message}`);
        throw new UserFacingError(502, billingMessages.failedToInitiatePayment);
      }
      await billing.addCheckout({ id: randomUUID(), userId: user.id, kind: 'trial', planId: 'trial', providerRef: link.id, status: link.status, shortUrl: link.shortUrl, gstInvoice });
      return { short_url: link.shortUrl };
    },

    async verifyPayment(user: BillingUser, paymentLinkId: string) {
      await ownCheckout(user, paymentLinkId, 'trial');
      const link = await provider.fetchPaymentLink(paymentLinkId);
      if (link.status !== 'paid' || !link.paymentId) return { success: false, error: billingMessages.paymentVerificationFailed };
      await planChanges.applyTrialPack(user.id, link.id, { id: link.paymentId, amountCents: link.amountCents, currency: plans.trial.currency });
      return { success: true };
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
        const ref = 'subscription' in event ? event.subscription.id : event.paymentLink.id;
        const checkout = await billing.checkoutByRef(ref);
        if (!checkout) return;
        if (event.type === 'payment_link.paid') await planChanges.applyTrialPack(checkout.userId, event.paymentLink.id, event.payment);
        else if (event.type === 'subscription.activated' || event.type === 'subscription.charged') {
          await planChanges.applySubscriptionPeriod(checkout.userId, event.subscription, event.payment);
        } else await planChanges.applySubscriptionStatus(checkout.userId, event.subscription);
      } catch (error) {
        // Not applied: let the provider deliver it again.
        await billing.forgetEvent(event.id);
        throw error;
      }
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
