import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../src/db/repositories/subscriptions.ts';
import { startFakeRazorpay } from './fake-razorpay.ts';
import { startTestApp, type TestApp } from './app.ts';
import { advanceDays, customer, deliverLateSubscriptionEvent, deliverSigned, invoicesOf, linkIdOf, subscriptionOf } from './billing-helpers.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

/**
 * Correctly signed charges that are stale (modules/billing/payment-arrivals.ts defines it): each is answered 200 so
 * the provider stops sending it, logged for the operator, and writes no invoice, changes no plan and refunds nothing.
 */
describe.each(targets)('stale charges with the test gateway on $name', (target) => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(target, {}, { info: () => undefined, error: (message) => void logged.push(message) });
  });
  afterAll(() => t.close());

  /** Everything a stale charge must leave alone. */
  async function books(who: { client: Awaited<ReturnType<typeof customer>>['client']; email: string; userId: string }, refs: string[]) {
    return {
      plan: await t.composed.repositories.subscriptions.find(who.userId),
      invoices: await invoicesOf(who.client, who.email),
      payments: await t.composed.testGateway!.paymentsFor(refs),
    };
  }
  const expectLogged = (paymentId: string) => expect(logged.filter((line) => line.includes(paymentId) && line.includes('stale'))).toHaveLength(1);

  it('a charge with a new payment id for a period already invoiced, or naming none, writes nothing', async () => {
    const who = await customer(t, 'stale-periods@example.com');
    const sub = (await who.client.post('/api/create-subscription', { plan_id: 'starter', gst_invoice: 'No', email: who.email })).json().subscription_id;
    await who.client.post(`/pay/subscriptions/${sub}/pay`, {});
    const [first] = await t.composed.repositories.billing.invoicesOf(who.userId);
    await advanceDays(who.client, 31);
    await t.composed.quotas.consume(who.userId, 'videos');
    const current = (await t.composed.repositories.subscriptions.find(who.userId))!;
    const before = await books(who, [sub]);
    expect(before.invoices).toHaveLength(2);

    const charge = { name: 'subscription.charged', subscriptionId: sub, planId: 'starter', status: 'active' };
    const previous = { start: first!.periodStart!, end: first!.periodEnd! };
    const late = [
      { period: previous, createdAt: addMonths(current.periodStart, 1), payment: 'pay_stale_previous' },
      { period: { start: current.periodStart, end: current.periodEnd }, createdAt: addMonths(current.periodStart, 1), payment: 'pay_stale_current' },
      { period: null, createdAt: addMonths(current.periodStart, 2), payment: 'pay_stale_no_period' },
    ];
    for (const { period, createdAt, payment } of late) {
      const answer = await deliverLateSubscriptionEvent(t, { ...charge, period, createdAt }, { id: payment, amountCents: 2000 });
      expect(answer.statusCode).toBe(200);
      expect(await books(who, [sub])).toEqual(before);
      expectLogged(payment);
    }
  });

  it('a charge for a later period of a subscription the user has left writes nothing', async () => {
    const who = await customer(t, 'stale-left@example.com');
    const old = (await who.client.post('/api/create-subscription', { plan_id: 'starter', gst_invoice: 'No', email: who.email })).json().subscription_id;
    await who.client.post(`/pay/subscriptions/${old}/pay`, {});
    const [paid] = await t.composed.repositories.billing.invoicesOf(who.userId);
    await who.client.post('/api/cancel-subscription', { email: who.email });
    await advanceDays(who.client, 31);
    const growth = (await who.client.post('/api/create-subscription', { plan_id: 'growth', gst_invoice: 'No', email: who.email })).json().subscription_id;
    await who.client.post(`/pay/subscriptions/${growth}/pay`, {});
    const before = await books(who, [old, growth]);

    const next = { start: paid!.periodEnd!, end: addMonths(paid!.periodEnd!, 1) };
    const answer = await deliverLateSubscriptionEvent(
      t,
      { name: 'subscription.charged', subscriptionId: old, planId: 'starter', status: 'active', period: next, createdAt: next.start },
      { id: 'pay_stale_left', amountCents: 2000 },
    );
    expect(answer.statusCode).toBe(200);
    expect(await books(who, [old, growth])).toEqual(before);
    expect(await subscriptionOf(who.client, who.email)).toMatchObject({ plan_name: 'Growth Plan' });
    expectLogged('pay_stale_left');
  });

  it('a charge for a checkout closed before it was paid writes nothing, and the checkout in use still works', async () => {
    const who = await customer(t, 'stale-replaced@example.com');
    const pro = (await who.client.post('/api/create-subscription', { plan_id: 'pro', gst_invoice: 'No', email: who.email })).json().subscription_id;
    const starter = (await who.client.post('/api/create-subscription', { plan_id: 'starter', gst_invoice: 'No', email: who.email })).json().subscription_id;
    const before = await books(who, [pro, starter]);

    const now = new Date();
    const answer = await deliverLateSubscriptionEvent(
      t,
      { name: 'subscription.charged', subscriptionId: pro, planId: 'pro', status: 'active', period: { start: now, end: addMonths(now, 1) }, createdAt: now },
      { id: 'pay_stale_replaced', amountCents: 7500 },
    );
    expect(answer.statusCode).toBe(200);
    expect(await books(who, [pro, starter])).toEqual(before);
    expectLogged('pay_stale_replaced');

    await who.client.post(`/pay/subscriptions/${starter}/pay`, {});
    expect(await subscriptionOf(who.client, who.email)).toMatchObject({ plan_name: 'Starter Plan' });
    expect((await invoicesOf(who.client, who.email)).map((i: { invoice_amount: number }) => i.invoice_amount)).toEqual([20]);
  });

  it('a second payment reported for a trial link already paid writes nothing', async () => {
    const who = await customer(t, 'stale-trial@example.com');
    const link = linkIdOf((await who.client.post('/api/create-payment', { email: who.email, gst_invoice: 'No' })).json().short_url);
    await who.client.post(`/pay/links/${link}/pay`, {});
    const before = await books(who, [link]);
    expect(before.invoices).toHaveLength(1);

    const paid = (await t.composed.testGateway!.paymentLinkFor(link))!;
    const entity = { id: link, status: 'paid', short_url: `http://localhost:8080/pay/links/${link}`, amount: 3500, payments: [{ payment_id: 'pay_stale_trial' }] };
    const body = { event: 'payment_link.paid', created_at: Math.floor(Date.now() / 1000), payload: { payment_link: { entity }, payment: { entity: { id: 'pay_stale_trial', amount: 3500, currency: 'USD' } } } };
    expect((await deliverSigned(t, body, 'evt_stale_trial')).statusCode).toBe(200);
    expect(await books(who, [link])).toEqual(before);
    expectLogged('pay_stale_trial');
    expect((await who.client.post('/api/verify-payment', { email: who.email, payment_link_id: link })).json()).toEqual({ success: true });
    expect((await t.composed.testGateway!.paymentLinkFor(link))!.paymentId).toBe(paid.paymentId);
  });
});

describe('stale charges through Razorpay (local fake server)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeRazorpay>>;
  const logged: string[] = [];
  beforeAll(async () => {
    fake = await startFakeRazorpay({ keyId: 'rzp_test', keySecret: 'secret', webhookSecret: 'whsec' });
    t = await startTestApp(
      targets[0]!,
      { razorpay: { keyId: 'rzp_test', keySecret: 'secret', webhookSecret: 'whsec', baseUrl: fake.baseUrl, planIds: { starter: 'plan_S', growth: 'plan_G', pro: 'plan_P' } } },
      { info: () => undefined, error: (message) => void logged.push(message) },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const deliver = (webhook: { rawBody: string; signature: string; eventId: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: webhook.rawBody,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhook.signature, 'x-razorpay-event-id': webhook.eventId },
    });

  it('a charge Razorpay reports for a subscription closed before it was paid writes and refunds nothing', async () => {
    const { client, email, userId } = await customer(t, 'rzp-stale@example.com');
    const pro = (await client.post('/api/create-subscription', { plan_id: 'pro', gst_invoice: 'No', email })).json().subscription_id;
    await client.post('/api/create-subscription', { plan_id: 'starter', gst_invoice: 'No', email });
    const start = Math.floor(Date.now() / 1000);
    const subscription = { ...fake.subscription(pro)!, status: 'active', current_start: start, current_end: start + 30 * 86400 };
    const payment = { entity: { id: 'pay_rzp_stale', entity: 'payment', amount: 7500, currency: 'USD' } };
    expect((await deliver(fake.signedEvent('subscription.charged', { subscription: { entity: subscription }, payment }))).statusCode).toBe(200);
    expect(await invoicesOf(client, email)).toEqual([]);
    expect(fake.refunds()).toEqual([]);
    expect(await t.composed.repositories.subscriptions.find(userId)).toMatchObject({ planId: 'free' });
    expect(logged.filter((line) => line.includes('pay_rzp_stale') && line.includes('stale'))).toHaveLength(1);
  });

  it('the charge for a period the polling page applied first is invoiced; a second payment for it is stale', async () => {
    const { client, email } = await customer(t, 'rzp-polled-first@example.com');
    const growth = (await client.post('/api/create-subscription', { plan_id: 'growth', gst_invoice: 'No', email })).json().subscription_id;
    const charged = fake.activate(growth);
    expect((await client.post('/api/check-subscription-status', { subscription_id: growth })).json()).toEqual({ status: 'active' });
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Growth Plan' });
    expect(await invoicesOf(client, email)).toEqual([]);

    expect((await deliver(charged)).statusCode).toBe(200);
    expect((await invoicesOf(client, email)).map((i: { invoice_amount: number }) => i.invoice_amount)).toEqual([39]);
    const again = JSON.parse(charged.rawBody).payload;
    again.payment.entity.id = 'pay_rzp_second';
    expect((await deliver(fake.signedEvent('subscription.charged', again))).statusCode).toBe(200);
    expect(await invoicesOf(client, email)).toHaveLength(1);
    expect(logged.filter((line) => line.includes('pay_rzp_second'))).toHaveLength(1);
  });
});
