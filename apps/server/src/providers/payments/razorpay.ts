import type { z } from 'zod';
import {
  parseRazorpayEvent,
  razorpayInvoice,
  razorpayPaymentLink,
  razorpayRefund,
  razorpaySubscription,
  toPaymentLink,
  toRefund,
  toSubscription,
  type PlanMapping,
} from './razorpay-format.ts';
import { verifyWebhookSignature } from './signature.ts';
import { PaymentProviderError, type PaymentProvider } from './types.ts';

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  baseUrl: string;
  /** The product's plan id -> the Razorpay plan id (plan_…), made once in the Razorpay dashboard. */
  planIds: Record<string, string>;
  timeoutMs?: number;
}

export function createRazorpayProvider(settings: RazorpaySettings): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;
  const reverse = new Map(Object.entries(settings.planIds).map(([ours, theirs]) => [theirs, ours]));
  const plans: PlanMapping = {
    toProvider(planId) {
      const id = settings.planIds[planId];
      if (!id) throw new PaymentProviderError(`no Razorpay plan configured for ${planId}`);
      return id;
    },
    fromProvider: (providerPlanId) => reverse.get(providerPlanId) ?? providerPlanId,
  };

  async function call<S extends z.ZodType>(method: 'GET' | 'POST' | 'PATCH', path: string, schema: S, body?: unknown): Promise<z.infer<S>> {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl}${path}`, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`Razorpay ${method} ${path} failed: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) throw new PaymentProviderError(`Razorpay ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    const parsed = schema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new PaymentProviderError(`Razorpay ${method} ${path} answered an unexpected body`);
    return parsed.data;
  }

  return {
    kind: 'razorpay',
    async createSubscription({ planId, customerEmail, notes }) {
      const entity = await call('POST', '/subscriptions', razorpaySubscription, {
        plan_id: plans.toProvider(planId),
        total_count: 120,
        customer_notify: 1,
        notes: { ...notes, email: customerEmail },
      });
      return toSubscription(entity, plans);
    },
    async fetchSubscription(id) {
      return toSubscription(await call('GET', `/subscriptions/${encodeURIComponent(id)}`, razorpaySubscription), plans);
    },
    async updateSubscription(id, { planId, scheduleChangeAt }) {
      const entity = await call('PATCH', `/subscriptions/${encodeURIComponent(id)}`, razorpaySubscription, {
        plan_id: plans.toProvider(planId),
        schedule_change_at: scheduleChangeAt,
        customer_notify: 1,
      });
      // Razorpay invoices and charges the difference after answering: the subscription.updated webhook confirms it.
      return { subscription: toSubscription(entity, plans), charge: null };
    },
    async fetchScheduledChange(id) {
      // Razorpay answers an error when nothing is scheduled, so the subscription's flag is read first.
      const current = await call('GET', `/subscriptions/${encodeURIComponent(id)}`, razorpaySubscription);
      if (!current.has_scheduled_changes) return null;
      // The answer is the subscription as it will be after the change: its plan is the new one.
      const entity = await call('GET', `/subscriptions/${encodeURIComponent(id)}/retrieve_scheduled_changes`, razorpaySubscription);
      const at = entity.change_scheduled_at ?? current.change_scheduled_at ?? current.current_end;
      return at ? { planId: plans.fromProvider(entity.plan_id), at: new Date(at * 1000) } : null;
    },
    async cancelScheduledChange(id) {
      return toSubscription(await call('POST', `/subscriptions/${encodeURIComponent(id)}/cancel_scheduled_changes`, razorpaySubscription, {}), plans);
    },
    async subscriptionOfInvoice(invoiceId) {
      return (await call('GET', `/invoices/${encodeURIComponent(invoiceId)}`, razorpayInvoice)).subscription_id ?? null;
    },
    async cancelSubscription(id) {
      const entity = await call('POST', `/subscriptions/${encodeURIComponent(id)}/cancel`, razorpaySubscription, { cancel_at_cycle_end: 1 });
      return toSubscription(entity, plans);
    },
    async cancelSubscriptionNow(id) {
      const entity = await call('POST', `/subscriptions/${encodeURIComponent(id)}/cancel`, razorpaySubscription, { cancel_at_cycle_end: 0 });
      return toSubscription(entity, plans);
    },
    async createPaymentLink({ amountCents, currency, description, customerEmail, callbackUrl, notes }) {
      const entity = await call('POST', '/payment_links', razorpayPaymentLink, {
        amount: amountCents,
        currency,
        description,
        customer: { email: customerEmail },
        notify: { email: true },
        callback_url: callbackUrl,
        callback_method: 'get',
        notes,
      });
      return toPaymentLink(entity);
    },
    async fetchPaymentLink(id) {
      return toPaymentLink(await call('GET', `/payment_links/${encodeURIComponent(id)}`, razorpayPaymentLink));
    },
    async cancelPaymentLink(id) {
      return toPaymentLink(await call('POST', `/payment_links/${encodeURIComponent(id)}/cancel`, razorpayPaymentLink, {}));
    },
    async refundPayment(payment) {
      return toRefund(await call('POST', `/payments/${encodeURIComponent(payment.id)}/refund`, razorpayRefund, { amount: payment.amountCents }));
    },
    verifyWebhook: (rawBody, signature) => verifyWebhookSignature(rawBody, signature, settings.webhookSecret),
    parseWebhook: (rawBody, eventId) => parseRazorpayEvent(rawBody, eventId, plans),
  };
}
