/** What the product needs from a payment provider; shaped after Razorpay, whose statuses the spec uses. */
export type ProviderSubscriptionStatus =
  | 'created'
  | 'authenticated'
  | 'active'
  | 'pending'
  | 'halted'
  | 'cancelled'
  | 'completed'
  | 'expired'
  | 'paused';

export interface ProviderSubscription {
  id: string;
  status: ProviderSubscriptionStatus;
  shortUrl: string;
  /** The product's plan id, read back from the provider's plan mapping. */
  planId: string;
  currentStart: Date | null;
  currentEnd: Date | null;
  /** Razorpay's has_scheduled_changes: an update waits for the end of the current period. */
  hasScheduledChanges: boolean;
}

/** When an update takes effect: at once (the provider charges the prorated difference) or at the next renewal. */
export type ScheduleChangeAt = 'now' | 'cycle_end';

export interface SubscriptionUpdate {
  subscription: ProviderSubscription;
  /**
   * The prorated difference the provider charged for an immediate upgrade, when the charge is confirmed in the answer
   * (the test gateway). Null when it is charged after the answer (Razorpay): its subscription.updated webhook then
   * confirms it with the payment, or a payment.failed one says it failed and the subscription was not updated.
   */
  charge: ProviderPayment | null;
}

export interface ProviderPaymentLink {
  id: string;
  status: 'created' | 'paid' | 'expired' | 'cancelled';
  shortUrl: string;
  paymentId: string | null;
  amountCents: number;
}

export interface ProviderPayment {
  id: string;
  amountCents: number;
  currency: string;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountCents: number;
}

/**
 * A webhook event, normalised; `id` is the provider's event id, used to apply each event once, and `createdAt` the
 * provider's time of the event, used to tell a late delivery from news.
 */
export type PaymentEvent =
  | {
      id: string;
      type: 'subscription.authenticated' | 'subscription.halted' | 'subscription.cancelled' | 'subscription.completed' | 'subscription.paused' | 'subscription.pending';
      createdAt: Date | null;
      subscription: ProviderSubscription;
    }
  | { id: string; type: 'subscription.activated' | 'subscription.charged'; createdAt: Date | null; subscription: ProviderSubscription; payment: ProviderPayment | null }
  | { id: string; type: 'payment_link.paid'; createdAt: Date | null; paymentLink: ProviderPaymentLink; payment: ProviderPayment }
  /** An update of the subscription; `payment` is the captured charge of an immediate upgrade, when it carries one. */
  | { id: string; type: 'subscription.updated'; createdAt: Date | null; subscription: ProviderSubscription; payment: ProviderPayment | null }
  /** A charge that failed; `invoiceId` names the provider's invoice it was for (an upgrade's prorated charge has one). */
  | { id: string; type: 'payment.failed'; createdAt: Date | null; paymentId: string; invoiceId: string | null }
  | { id: string; type: 'ignored' };

export interface PaymentProvider {
  readonly kind: 'test' | 'razorpay';
  createSubscription(input: { planId: string; customerEmail: string; notes: Record<string, string> }): Promise<ProviderSubscription>;
  fetchSubscription(id: string): Promise<ProviderSubscription>;
  /**
   * Moves an authenticated or active subscription to another plan (Razorpay's PATCH /subscriptions/:id). Any other
   * state, or a scheduled change already waiting, is refused with a PaymentProviderError.
   */
  updateSubscription(id: string, change: { planId: string; scheduleChangeAt: ScheduleChangeAt }): Promise<SubscriptionUpdate>;
  /** The plan a scheduled update moves to, or null when none waits. */
  fetchScheduledChange(id: string): Promise<{ planId: string; at: Date } | null>;
  cancelScheduledChange(id: string): Promise<ProviderSubscription>;
  /** The subscription a provider invoice belongs to, or null (a payment.failed event names only the invoice). */
  subscriptionOfInvoice(invoiceId: string): Promise<string | null>;
  /** Ends the subscription when its current period ends. */
  cancelSubscription(id: string): Promise<ProviderSubscription>;
  /** Ends the subscription at once, before or after payment; nothing is charged for it any more. */
  cancelSubscriptionNow(id: string): Promise<ProviderSubscription>;
  createPaymentLink(input: {
    amountCents: number;
    currency: string;
    description: string;
    customerEmail: string;
    callbackUrl: string;
    notes: Record<string, string>;
  }): Promise<ProviderPaymentLink>;
  fetchPaymentLink(id: string): Promise<ProviderPaymentLink>;
  /** An unpaid link can no longer be paid. */
  cancelPaymentLink(id: string): Promise<ProviderPaymentLink>;
  /** Gives the whole payment back. */
  refundPayment(payment: ProviderPayment): Promise<ProviderRefund>;
  /** Checks the signature over the exact bytes received, in constant time. */
  verifyWebhook(rawBody: string, signature: string | undefined): boolean;
  parseWebhook(rawBody: string, eventId: string | undefined): PaymentEvent;
}

export class PaymentProviderError extends Error {}
