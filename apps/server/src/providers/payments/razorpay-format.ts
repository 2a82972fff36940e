import { z } from 'zod';
import type { PaymentEvent, ProviderPayment, ProviderPaymentLink, ProviderRefund, ProviderSubscription } from './types.ts';

/**
 * Razorpay's JSON shapes. The Razorpay adapter reads them from its API, and the built-in test gateway writes them
 * into its webhooks, so both go through one parser.
 */
export const razorpaySubscription = z.object({
  id: z.string(),
  plan_id: z.string(),
  status: z.enum(['created', 'authenticated', 'active', 'pending', 'halted', 'cancelled', 'completed', 'expired', 'paused']),
  short_url: z.string().nullable().optional(),
  current_start: z.number().nullable().optional(),
  current_end: z.number().nullable().optional(),
  has_scheduled_changes: z.boolean().nullable().optional(),
  change_scheduled_at: z.number().nullable().optional(),
});

export const razorpayPaymentLink = z.object({
  id: z.string(),
  status: z.enum(['created', 'partially_paid', 'paid', 'expired', 'cancelled']),
  short_url: z.string(),
  amount: z.number(),
  payments: z.array(z.object({ payment_id: z.string() })).nullable().optional(),
});

export const razorpayPayment = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string().optional(),
  invoice_id: z.string().nullable().optional(),
});

export const razorpayInvoice = z.object({ id: z.string(), subscription_id: z.string().nullable().optional() });

export const razorpayRefund = z.object({ id: z.string(), payment_id: z.string(), amount: z.number() });

const eventSchema = z.object({
  event: z.string(),
  created_at: z.number().optional(),
  payload: z.object({
    subscription: z.object({ entity: razorpaySubscription }).optional(),
    payment: z.object({ entity: razorpayPayment }).optional(),
    payment_link: z.object({ entity: razorpayPaymentLink }).optional(),
  }),
});

export interface PlanMapping {
  toProvider(planId: string): string;
  fromProvider(providerPlanId: string): string;
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

export function toSubscription(entity: z.infer<typeof razorpaySubscription>, plans: PlanMapping): ProviderSubscription {
  return {
    id: entity.id,
    status: entity.status,
    shortUrl: entity.short_url ?? '',
    planId: plans.fromProvider(entity.plan_id),
    currentStart: fromUnix(entity.current_start),
    currentEnd: fromUnix(entity.current_end),
    hasScheduledChanges: entity.has_scheduled_changes ?? false,
  };
}

export function toPaymentLink(entity: z.infer<typeof razorpayPaymentLink>): ProviderPaymentLink {
  return {
    id: entity.id,
    status: entity.status === 'partially_paid' ? 'created' : entity.status,
    shortUrl: entity.short_url,
    paymentId: entity.payments?.[0]?.payment_id ?? null,
    amountCents: entity.amount,
  };
}

export function toPayment(entity: z.infer<typeof razorpayPayment>): ProviderPayment {
  return { id: entity.id, amountCents: entity.amount, currency: entity.currency.toUpperCase() };
}

export function toRefund(entity: z.infer<typeof razorpayRefund>): ProviderRefund {
  return { id: entity.id, paymentId: entity.payment_id, amountCents: entity.amount };
}

const subscriptionOnlyEvents = new Set([
  'subscription.authenticated',
  'subscription.halted',
  'subscription.cancelled',
  'subscription.completed',
  'subscription.paused',
  'subscription.pending',
]);

export function parseRazorpayEvent(rawBody: string, eventId: string | undefined, plans: PlanMapping): PaymentEvent {
  const parsed = eventSchema.safeParse(JSON.parse(rawBody));
  if (!parsed.success || !eventId) return { id: eventId ?? 'unknown', type: 'ignored' };
  const { event, payload } = parsed.data;
  const createdAt = fromUnix(parsed.data.created_at);
  const subscription = payload.subscription && toSubscription(payload.subscription.entity, plans);
  const payment = payload.payment ? toPayment(payload.payment.entity) : null;
  if (subscription && subscriptionOnlyEvents.has(event)) {
    const type = event as Extract<PaymentEvent, { subscription: ProviderSubscription; payment?: never }>['type'];
    return { id: eventId, type, createdAt, subscription };
  }
  if (subscription && (event === 'subscription.activated' || event === 'subscription.charged')) {
    return { id: eventId, type: event, createdAt, subscription, payment };
  }
  if (subscription && event === 'subscription.updated') {
    // Only a captured payment confirms an upgrade's charge.
    const captured = payload.payment?.entity.status === 'captured' ? payment : null;
    return { id: eventId, type: event, createdAt, subscription, payment: captured };
  }
  if (event === 'payment.failed' && payload.payment) {
    return { id: eventId, type: event, createdAt, paymentId: payload.payment.entity.id, invoiceId: payload.payment.entity.invoice_id ?? null };
  }
  if (event === 'payment_link.paid' && payload.payment_link && payment) {
    return { id: eventId, type: event, createdAt, paymentLink: toPaymentLink(payload.payment_link.entity), payment };
  }
  return { id: eventId, type: 'ignored' };
}
