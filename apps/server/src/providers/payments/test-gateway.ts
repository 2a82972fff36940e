import { randomBytes } from 'node:crypto';
import { plans, proratedUpgrade, type PlanId } from '@reelsmith/contracts';
import type { GatewayPaymentLinkRecord, GatewayRepository, GatewaySubscriptionRecord } from '../../db/repositories/gateway.ts';
import { addMonths } from '../../db/repositories/subscriptions.ts';
import { parseRazorpayEvent, type PlanMapping } from './razorpay-format.ts';
import { signWebhook, verifyWebhookSignature } from './signature.ts';
import { PaymentProviderError, type PaymentProvider, type ProviderPaymentLink, type ProviderSubscription } from './types.ts';

/** Delivers a signed webhook to the app, as the real provider would over HTTP. */
export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<void>;

const maxFailedRenewals = 3;
/** Razorpay cancels a subscription in any state but an ended one. */
const cancellable = ['created', 'authenticated', 'active', 'pending', 'halted', 'paused'];
/** Razorpay updates only these; created, pending and halted subscriptions cannot be updated. */
const updatable = ['authenticated', 'active'];
/** Razorpay refuses an immediate update whose prorated difference is under 50 subunits ($0.50). */
const smallestDifferenceCents = 50;
const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const unix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
const plansById: PlanMapping = { toProvider: (id) => `plan_${id}`, fromProvider: (id) => id.replace(/^plan_/, '') };

/**
 * The built-in payment gateway for running without a real provider: it keeps its own books, shows its own hosted
 * checkout (the /pay pages), walks subscriptions and payment links through Razorpay's states and sends Razorpay-shaped
 * webhooks, signed with the shared secret, to the app. Its clock can be moved forward to try renewals and expiry.
 */
export function createTestGateway(deps: { books: GatewayRepository; publicUrl: string; webhookSecret: string; deliver: WebhookDelivery }) {
  const { books } = deps;
  let offsetSeconds = 0;
  const ready = books.clockOffsetSeconds().then((value) => {
    offsetSeconds = value;
  });
  const now = () => new Date(Date.now() + offsetSeconds * 1000);

  const subscriptionEntity = (s: GatewaySubscriptionRecord) => ({
    id: s.id,
    entity: 'subscription',
    plan_id: plansById.toProvider(s.planId),
    status: s.status,
    short_url: `${deps.publicUrl}/pay/subscriptions/${s.id}`,
    current_start: unix(s.currentStart),
    current_end: unix(s.currentEnd),
    has_scheduled_changes: s.scheduledPlanId !== null,
    change_scheduled_at: s.scheduledPlanId ? unix(s.currentEnd) : null,
    paid_count: s.paidCount,
    notes: s.notes,
  });
  const linkEntity = (l: GatewayPaymentLinkRecord) => ({
    id: l.id,
    entity: 'payment_link',
    amount: l.amountCents,
    currency: 'USD',
    status: l.status,
    short_url: `${deps.publicUrl}/pay/links/${l.id}`,
    payments: l.paymentId ? [{ payment_id: l.paymentId }] : null,
    notes: l.notes,
  });
  /** Takes the money into the gateway's ledger, so it can be refunded (once) and reconciled. */
  async function takePayment(sourceId: string, amountCents: number, id = newId('pay')) {
    const payment = await books.addPayment({ id, sourceId, amountCents });
    return { id: payment.id, entity: 'payment', amount: amountCents, currency: 'USD', status: 'captured' };
  }

  async function send(event: string, payload: Record<string, { entity: unknown }>) {
    const rawBody = JSON.stringify({ entity: 'event', account_id: 'acc_test', event, contains: Object.keys(payload), payload, created_at: unix(now()) });
    await deps.deliver(rawBody, {
      'content-type': 'application/json',
      'x-razorpay-signature': signWebhook(rawBody, deps.webhookSecret),
      'x-razorpay-event-id': newId('evt'),
    });
  }

  async function mustFindSubscription(id: string) {
    const found = await books.subscription(id);
    if (!found) throw new PaymentProviderError(`no subscription ${id}`);
    return found;
  }

  const toProviderSubscription = (s: GatewaySubscriptionRecord): ProviderSubscription => ({
    id: s.id,
    status: s.status as ProviderSubscription['status'],
    shortUrl: `${deps.publicUrl}/pay/subscriptions/${s.id}`,
    planId: s.planId,
    currentStart: s.currentStart,
    currentEnd: s.currentEnd,
    hasScheduledChanges: s.scheduledPlanId !== null,
  });
  const toProviderLink = (l: GatewayPaymentLinkRecord): ProviderPaymentLink => ({
    id: l.id,
    status: l.status as ProviderPaymentLink['status'],
    shortUrl: `${deps.publicUrl}/pay/links/${l.id}`,
    paymentId: l.paymentId,
    amountCents: l.amountCents,
  });

  /** One renewal attempt for a subscription whose period is over. */
  async function renew(s: GatewaySubscriptionRecord): Promise<GatewaySubscriptionRecord> {
    if (s.cancelAtCycleEnd) {
      const ended = await books.updateSubscription(s.id, { status: 'cancelled' });
      await send('subscription.cancelled', { subscription: { entity: subscriptionEntity(ended) } });
      return ended;
    }
    if (s.failNextRenewal) {
      const failures = s.failedRenewals + 1;
      const next = await books.updateSubscription(s.id, { failedRenewals: failures, status: failures >= maxFailedRenewals ? 'halted' : 'pending' });
      await send(failures >= maxFailedRenewals ? 'subscription.halted' : 'subscription.pending', { subscription: { entity: subscriptionEntity(next) } });
      return next;
    }
    const start = s.currentEnd!;
    // A change scheduled for the cycle's end takes effect with this renewal, at the new plan's price.
    const plan = s.scheduledPlanId ? { planId: s.scheduledPlanId, amountCents: plans[s.scheduledPlanId as PlanId].priceCents, scheduledPlanId: null } : {};
    const next = await books.updateSubscription(s.id, {
      ...plan,
      status: 'active',
      failedRenewals: 0,
      paidCount: s.paidCount + 1,
      currentStart: start,
      currentEnd: addMonths(start, 1),
    });
    await send('subscription.charged', { subscription: { entity: subscriptionEntity(next) }, payment: { entity: await takePayment(s.id, next.amountCents) } });
    return next;
  }

  /** An immediate update: the new plan from now, with the prorated difference charged on the saved mandate. */
  async function updateNow(s: GatewaySubscriptionRecord, planId: PlanId) {
    const amountCents = plans[planId].priceCents;
    const charge = s.currentStart && s.currentEnd ? proratedUpgrade(s.amountCents, amountCents, { start: s.currentStart, end: s.currentEnd }, now()).chargeCents : 0;
    if (s.currentStart && Math.abs(charge) < smallestDifferenceCents) throw new PaymentProviderError(`the prorated difference of ${charge} is under ${smallestDifferenceCents}`);
    if (charge < 0) throw new PaymentProviderError('the test gateway makes immediate changes to dearer plans only');
    // Conditional on the state it was read in: of two updates at once, one applies and the other is refused.
    const updated = await books.transitionSubscription(s.id, [s.status], { planId, amountCents });
    if (!updated || updated.planId !== planId) throw new PaymentProviderError(`subscription ${s.id} changed meanwhile`);
    const payment = charge > 0 ? await takePayment(s.id, charge) : null;
    // As Razorpay: the subscription.updated webhook carries the captured charge; here it also comes with the answer.
    await send('subscription.updated', { subscription: { entity: subscriptionEntity(updated) }, ...(payment ? { payment: { entity: payment } } : {}) });
    return { subscription: toProviderSubscription(updated), charge: payment && { id: payment.id, amountCents: charge, currency: 'USD' } };
  }

  const provider: PaymentProvider = {
    kind: 'test',
    async createSubscription({ planId, customerEmail, notes }) {
      const plan = plans[planId as PlanId];
      if (!plan) throw new PaymentProviderError(`unknown plan ${planId}`);
      const record = await books.addSubscription({ id: newId('sub'), planId, customerEmail, status: 'created', amountCents: plan.priceCents, notes });
      return toProviderSubscription(record);
    },
    async fetchSubscription(id) {
      return toProviderSubscription(await mustFindSubscription(id));
    },
    async updateSubscription(id, { planId, scheduleChangeAt }) {
      await ready;
      const s = await mustFindSubscription(id);
      if (!updatable.includes(s.status)) throw new PaymentProviderError(`subscription ${id} is ${s.status}: only authenticated or active subscriptions can be updated`);
      if (!plans[planId as PlanId] || planId === 'free' || planId === 'trial') throw new PaymentProviderError(`unknown plan ${planId}`);
      if (s.scheduledPlanId) throw new PaymentProviderError(`subscription ${id} has a scheduled change`);
      if (scheduleChangeAt === 'now') return updateNow(s, planId as PlanId);
      const scheduled = await books.transitionSubscription(id, updatable, { scheduledPlanId: planId });
      if (!scheduled) throw new PaymentProviderError(`subscription ${id} changed meanwhile`);
      await send('subscription.updated', { subscription: { entity: subscriptionEntity(scheduled) } });
      return { subscription: toProviderSubscription(scheduled), charge: null };
    },
    async fetchScheduledChange(id) {
      const s = await mustFindSubscription(id);
      return s.scheduledPlanId && s.currentEnd ? { planId: s.scheduledPlanId, at: s.currentEnd } : null;
    },
    async cancelScheduledChange(id) {
      const s = await mustFindSubscription(id);
      if (!s.scheduledPlanId) throw new PaymentProviderError(`subscription ${id} has no scheduled change`);
      return toProviderSubscription(await books.updateSubscription(id, { scheduledPlanId: null }));
    },
    // The gateway confirms an upgrade's charge in its answer and keeps no invoices: no failed charge names one.
    subscriptionOfInvoice: async () => null,
    async cancelSubscription(id) {
      return toProviderSubscription(await books.updateSubscription((await mustFindSubscription(id)).id, { cancelAtCycleEnd: true }));
    },
    async cancelSubscriptionNow(id) {
      const found = await mustFindSubscription(id);
      // One conditional update: a payment on the hosted page at the same moment either comes first or not at all.
      const ended = await books.transitionSubscription(id, cancellable, { status: 'cancelled' });
      if (!ended) throw new PaymentProviderError(`subscription ${id} is already ${found.status}`);
      await send('subscription.cancelled', { subscription: { entity: subscriptionEntity(ended) } });
      return toProviderSubscription(ended);
    },
    async createPaymentLink({ amountCents, description, customerEmail, callbackUrl, notes }) {
      await ready;
      const record = await books.addPaymentLink({
        id: newId('plink'),
        amountCents,
        description,
        customerEmail,
        callbackUrl,
        notes,
        status: 'created',
        expireBy: new Date(now().getTime() + 7 * 86400_000),
      });
      return toProviderLink(record);
    },
    async fetchPaymentLink(id) {
      const found = await books.paymentLink(id);
      if (!found) throw new PaymentProviderError(`no payment link ${id}`);
      return toProviderLink(found);
    },
    async cancelPaymentLink(id) {
      const found = await books.paymentLink(id);
      if (!found) throw new PaymentProviderError(`no payment link ${id}`);
      const cancelled = await books.transitionOpenLink(id, { status: 'cancelled' });
      if (!cancelled) throw new PaymentProviderError(`payment link ${id} is ${(await books.paymentLink(id))!.status}`);
      return toProviderLink(cancelled);
    },
    async refundPayment(payment) {
      const found = await books.payment(payment.id);
      if (!found) throw new PaymentProviderError(`no payment ${payment.id}`);
      const refunded = await books.refundPayment(found.id, newId('rfnd'));
      if (!refunded) throw new PaymentProviderError(`payment ${payment.id} is already refunded`);
      return { id: refunded.refundId!, paymentId: refunded.id, amountCents: refunded.amountCents };
    },
    verifyWebhook: (rawBody, signature) => verifyWebhookSignature(rawBody, signature, deps.webhookSecret),
    parseWebhook: (rawBody, eventId) => parseRazorpayEvent(rawBody, eventId, plansById),
  };

  return {
    provider,
    now,
    async ready() {
      await ready;
    },
    subscriptionFor: (id: string) => books.subscription(id),
    subscriptionsOf: (customerEmail: string) => books.subscriptionsOf(customerEmail),
    paymentsFor: (sourceIds: string[]) => books.paymentsFor(sourceIds),
    paymentLinkFor: (id: string) => books.paymentLink(id),
    paymentLinksOf: (customerEmail: string) => books.paymentLinksOf(customerEmail),

    /** The payer approves the mandate on the hosted page: authenticated, then the first charge makes it active. */
    async paySubscription(id: string): Promise<GatewaySubscriptionRecord> {
      await ready;
      const s = await mustFindSubscription(id);
      // Each step only from the one before: a checkout cancelled meanwhile is not charged.
      const authenticated = await books.transitionSubscription(id, ['created'], { status: 'authenticated' });
      if (!authenticated) return s;
      await send('subscription.authenticated', { subscription: { entity: subscriptionEntity(authenticated) } });
      const start = now();
      const active = await books.transitionSubscription(id, ['authenticated'], { status: 'active', paidCount: 1, currentStart: start, currentEnd: addMonths(start, 1) });
      if (!active) return mustFindSubscription(id);
      await send('subscription.activated', { subscription: { entity: subscriptionEntity(active) } });
      await send('subscription.charged', { subscription: { entity: subscriptionEntity(active) }, payment: { entity: await takePayment(s.id, s.amountCents) } });
      return active;
    },

    async failNextRenewal(id: string): Promise<void> {
      await books.updateSubscription((await mustFindSubscription(id)).id, { failNextRenewal: true });
    },

    /** Pays a link and answers where the payer's browser goes next, with Razorpay's callback parameters. */
    async payLink(id: string): Promise<string> {
      await ready;
      const link = await books.paymentLink(id);
      if (!link) throw new PaymentProviderError(`no payment link ${id}`);
      const paymentId = newId('pay');
      // Claimed before the money is taken: a link cancelled at the same moment takes none.
      const paid = link.expireBy > now() ? await books.transitionOpenLink(id, { status: 'paid', paymentId }) : undefined;
      if (paid) {
        const payment = await takePayment(link.id, link.amountCents, paymentId);
        await send('payment_link.paid', { payment_link: { entity: linkEntity(paid) }, payment: { entity: payment } });
      }
      const current = (await books.paymentLink(id))!;
      const callback = new URL(current.callbackUrl);
      callback.searchParams.set('razorpay_payment_id', current.paymentId ?? '');
      callback.searchParams.set('razorpay_payment_link_id', current.id);
      callback.searchParams.set('razorpay_payment_link_status', current.status);
      callback.searchParams.set('razorpay_signature', signWebhook(`${current.id}|${current.status}|${current.paymentId ?? ''}`, deps.webhookSecret));
      return callback.toString();
    },

    /** Moves the gateway's clock forward and runs every renewal and expiry that falls due. */
    async advanceClock(days: number): Promise<Date> {
      await ready;
      offsetSeconds += Math.round(days * 86400);
      await books.setClockOffsetSeconds(offsetSeconds);
      // Each round moves every due subscription on: a month further, one failure nearer to halted, or ended.
      for (let due = await books.subscriptionsDueBy(now()); due.length > 0; due = await books.subscriptionsDueBy(now())) {
        for (const s of due) await renew(s);
      }
      await books.expireLinksDueBy(now());
      return now();
    },
  };
}

export type TestGateway = ReturnType<typeof createTestGateway>;
