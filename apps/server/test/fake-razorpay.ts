import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook } from '../src/providers/payments/signature.ts';

interface Sub {
  id: string;
  entity: 'subscription';
  plan_id: string;
  status: string;
  short_url: string;
  current_start: number | null;
  current_end: number | null;
  has_scheduled_changes: boolean;
  change_scheduled_at: number | null;
  notes: Record<string, string>;
}

interface Link {
  id: string;
  entity: 'payment_link';
  amount: number;
  currency: string;
  status: string;
  short_url: string;
  payments: { payment_id: string }[] | null;
  customer: { email?: string };
}

const endedSubscription = ['cancelled', 'completed', 'expired'];
/** Razorpay updates only authenticated and active subscriptions. */
const updatableSubscription = ['authenticated', 'active'];
const badRequest = (description: string, field?: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description, ...(field ? { field } : {}) } });

/** A local server that answers Razorpay's subscription and payment-link endpoints and signs webhooks as Razorpay does. */
export async function startFakeRazorpay(options: { keyId: string; keySecret: string; webhookSecret: string; planAmounts?: Record<string, number> }) {
  const subscriptions = new Map<string, Sub>();
  /** Updates waiting for the end of the cycle: the plan each subscription moves to then. */
  const scheduled = new Map<string, string>();
  /** Immediate updates whose prorated charge is still being taken: Razorpay answers the PATCH before charging. */
  const charging = new Map<string, { planId: string; amount: number }>();
  const invoices = new Map<string, { id: string; entity: 'invoice'; subscription_id: string; payment_id: string; amount: number; status: string }>();
  const updates: Array<{ id: string; body: Record<string, unknown> }> = [];
  const amountOf = (planId: string) => options.planAmounts?.[planId] ?? 3900;
  const links = new Map<string, Link>();
  const payments = new Map<string, { amount: number; refunded: boolean }>();
  const refunds: Array<{ id: string; payment_id: string; amount: number }> = [];
  let failNext: number | null = null;
  const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
  const expectedAuth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
  };
  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const notFound = (response: ServerResponse) => send(response, 400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });

  const server = createServer(async (request, response) => {
    if (request.headers.authorization !== expectedAuth) return send(response, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    if (failNext !== null) {
      const status = failNext;
      failNext = null;
      return send(response, status, { error: { code: 'SERVER_ERROR', description: 'We are facing some trouble' } });
    }
    const url = new URL(request.url ?? '/', 'http://x');
    const body = await readBody(request);
    const parts = url.pathname.split('/').filter(Boolean);
    if (request.method === 'POST' && url.pathname === '/v1/subscriptions') {
      const sub: Sub = { id: id('sub'), entity: 'subscription', plan_id: body.plan_id, status: 'created', short_url: `https://rzp.io/i/${randomBytes(4).toString('hex')}`, current_start: null, current_end: null, has_scheduled_changes: false, change_scheduled_at: null, notes: body.notes ?? {} };
      subscriptions.set(sub.id, sub);
      return send(response, 200, sub);
    }
    if (parts[1] === 'subscriptions' && parts[2]) {
      const sub = subscriptions.get(parts[2]);
      if (!sub) return notFound(response);
      if (request.method === 'POST' && parts[3] === 'cancel') {
        if (endedSubscription.includes(sub.status)) {
          return send(response, 400, { error: { code: 'BAD_REQUEST_ERROR', description: `Subscription is not cancellable in ${sub.status} status.`, field: 'status' } });
        }
        if (!body.cancel_at_cycle_end) sub.status = 'cancelled';
        return send(response, 200, sub);
      }
      if (request.method === 'PATCH' && !parts[3]) {
        updates.push({ id: sub.id, body });
        if (!updatableSubscription.includes(sub.status)) return send(response, 400, badRequest(`Subscription cannot be updated in ${sub.status} status.`, 'status'));
        if (body.schedule_change_at !== 'now' && body.schedule_change_at !== 'cycle_end') return send(response, 400, badRequest('The schedule change at field is invalid.', 'schedule_change_at'));
        if (typeof body.plan_id !== 'string' || !/^plan_/.test(body.plan_id)) return send(response, 400, badRequest('The plan id provided is invalid.', 'plan_id'));
        if (body.schedule_change_at === 'now') {
          const left = sub.current_end && sub.current_start ? Math.max(0, sub.current_end - Date.now() / 1000) / (sub.current_end - sub.current_start) : 0;
          const difference = Math.round((amountOf(body.plan_id) - amountOf(sub.plan_id)) * left);
          if (sub.current_start && Math.abs(difference) < 50) return send(response, 400, badRequest('The difference amount is less than the minimum amount allowed.'));
          // The subscription changes only once the difference is charged (chargeUpdate), and not at all if that fails.
          charging.set(sub.id, { planId: body.plan_id, amount: difference });
        } else {
          scheduled.set(sub.id, body.plan_id);
          Object.assign(sub, { has_scheduled_changes: true, change_scheduled_at: sub.current_end });
        }
        return send(response, 200, sub);
      }
      if (request.method === 'GET' && parts[3] === 'retrieve_scheduled_changes') {
        const planId = scheduled.get(sub.id);
        if (!planId) return send(response, 400, badRequest('No scheduled changes exist for this subscription.'));
        return send(response, 200, { ...sub, plan_id: planId });
      }
      if (request.method === 'POST' && parts[3] === 'cancel_scheduled_changes') {
        if (!scheduled.delete(sub.id)) return send(response, 400, badRequest('No scheduled changes exist for this subscription.'));
        Object.assign(sub, { has_scheduled_changes: false, change_scheduled_at: null });
        return send(response, 200, sub);
      }
      return send(response, 200, sub);
    }
    if (request.method === 'GET' && parts[1] === 'invoices' && parts[2]) {
      const invoice = invoices.get(parts[2]);
      return invoice ? send(response, 200, invoice) : notFound(response);
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_links') {
      const link: Link = { id: id('plink'), entity: 'payment_link', amount: body.amount, currency: body.currency, status: 'created', short_url: `https://rzp.io/l/${randomBytes(4).toString('hex')}`, payments: null, customer: body.customer ?? {} };
      links.set(link.id, link);
      return send(response, 200, link);
    }
    if (parts[1] === 'payment_links' && parts[2]) {
      const link = links.get(parts[2]);
      if (!link) return notFound(response);
      if (request.method === 'POST' && parts[3] === 'cancel') {
        if (link.status !== 'created') return send(response, 400, { error: { code: 'BAD_REQUEST_ERROR', description: `Payment link is ${link.status}` } });
        link.status = 'cancelled';
      }
      return send(response, 200, link);
    }
    if (request.method === 'POST' && parts[1] === 'payments' && parts[2] && parts[3] === 'refund') {
      const payment = payments.get(parts[2]);
      if (!payment) return notFound(response);
      if (payment.refunded || body.amount > payment.amount) {
        return send(response, 400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has been fully refunded already' } });
      }
      payment.refunded = true;
      const refund = { id: id('rfnd'), entity: 'refund', amount: body.amount ?? payment.amount, currency: 'USD', payment_id: parts[2], status: 'processed' };
      refunds.push(refund);
      return send(response, 200, refund);
    }
    return send(response, 404, { error: { code: 'NOT_FOUND' } });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  const takePayment = (amount: number) => {
    const paymentId = id('pay');
    payments.set(paymentId, { amount, refunded: false });
    return { id: paymentId, entity: 'payment', amount, currency: 'USD' };
  };
  const event = (name: string, payload: Record<string, { entity: unknown }>) => {
    const rawBody = JSON.stringify({ entity: 'event', account_id: 'acc_fake', event: name, contains: Object.keys(payload), payload, created_at: Math.floor(Date.now() / 1000) });
    return { rawBody, signature: signWebhook(rawBody, options.webhookSecret), eventId: id('evt') };
  };

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    failNextRequest(status: number) {
      failNext = status;
    },
    /**
     * The customer completes the mandate: what Razorpay does after the hosted checkout, with its webhook. As at
     * Razorpay, only a subscription still waiting for its mandate (created or authenticated) can be paid.
     */
    activate(subscriptionId: string) {
      const sub = subscriptions.get(subscriptionId)!;
      if (!['created', 'authenticated'].includes(sub.status)) throw new Error(`subscription ${subscriptionId} is ${sub.status}: its checkout cannot be paid`);
      const start = Math.floor(Date.now() / 1000);
      Object.assign(sub, { status: 'active', current_start: start, current_end: start + 30 * 86400 });
      return event('subscription.charged', { subscription: { entity: sub }, payment: { entity: takePayment(3900) } });
    },
    /** Only a link in the created state takes a payment (Razorpay's hosted page refuses a cancelled or paid one). */
    payLink(linkId: string) {
      const link = links.get(linkId)!;
      if (link.status !== 'created') throw new Error(`payment link ${linkId} is ${link.status}: it cannot be paid`);
      const payment = takePayment(link.amount);
      Object.assign(link, { status: 'paid', payments: [{ payment_id: payment.id }] });
      return event('payment_link.paid', { payment_link: { entity: link }, payment: { entity: payment } });
    },
    /**
     * Razorpay takes the prorated difference of an immediate update on its own invoice: the subscription moves to the
     * new plan and its subscription.updated webhook carries the captured payment.
     */
    chargeUpdate(subscriptionId: string) {
      const sub = subscriptions.get(subscriptionId)!;
      const update = charging.get(subscriptionId);
      if (!update) throw new Error(`subscription ${subscriptionId} has no update being charged`);
      charging.delete(subscriptionId);
      scheduled.delete(sub.id);
      Object.assign(sub, { plan_id: update.planId, has_scheduled_changes: false, change_scheduled_at: null });
      const payment = takePayment(update.amount);
      const invoice = { id: id('inv'), entity: 'invoice' as const, subscription_id: sub.id, payment_id: payment.id, amount: update.amount, status: 'paid' };
      invoices.set(invoice.id, invoice);
      return event('subscription.updated', { subscription: { entity: sub }, payment: { entity: { ...payment, status: 'captured', invoice_id: invoice.id } } });
    },
    /** The difference could not be charged: the subscription is not updated, and payment.failed names the invoice. */
    failUpdateCharge(subscriptionId: string) {
      const update = charging.get(subscriptionId);
      if (!update) throw new Error(`subscription ${subscriptionId} has no update being charged`);
      charging.delete(subscriptionId);
      const paymentId = id('pay');
      const invoice = { id: id('inv'), entity: 'invoice' as const, subscription_id: subscriptionId, payment_id: paymentId, amount: update.amount, status: 'issued' };
      invoices.set(invoice.id, invoice);
      const payment = { id: paymentId, entity: 'payment', amount: update.amount, currency: 'USD', status: 'failed', invoice_id: invoice.id, error_code: 'BAD_REQUEST_ERROR' };
      return event('payment.failed', { payment: { entity: payment } });
    },
    subscription: (subscriptionId: string) => subscriptions.get(subscriptionId),
    /** Every PATCH received, with its body: what the adapter asked Razorpay to change. */
    updates: () => [...updates],
    /** What a customer could still pay: subscriptions waiting for a mandate and unpaid links made for this email. */
    payableOf: (email: string) => [
      ...[...subscriptions.values()].filter((s) => s.notes.email === email && ['created', 'authenticated'].includes(s.status)).map((s) => s.id),
      ...[...links.values()].filter((l) => l.customer.email === email && l.status === 'created').map((l) => l.id),
    ],
    /** Any event, signed as Razorpay signs it: for replaying what Razorpay could send late or out of order. */
    signedEvent: event,
    /** The ids of the payment links made, oldest first (Razorpay's short URL does not name its link). */
    paymentLinkIds: () => [...links.keys()],
    refunds: () => [...refunds],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
