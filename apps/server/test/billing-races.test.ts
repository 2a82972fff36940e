import { billingMessages } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay } from './fake-razorpay.ts';
import { startTestApp, type TestApp } from './app.ts';
import { advanceDays, customer, deliverLateSubscriptionEvent, invoicesOf, linkIdOf, liveAtGateway, subscriptionOf } from './billing-helpers.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

describe.each(targets)('billing races with the test gateway on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('a new checkout cancels the unpaid one before it: the stale Pro checkout cannot be paid and nothing renews twice', async () => {
    const { client, email } = await customer(t, 'two-checkouts@example.com');
    const pro = (await client.post('/api/create-subscription', { plan_id: 'pro', gst_invoice: 'No', email })).json();
    const starter = (await client.post('/api/create-subscription', { plan_id: 'starter', gst_invoice: 'No', email })).json();
    expect((await t.composed.testGateway!.subscriptionFor(pro.subscription_id))!.status).toBe('cancelled');
    const stalePage = (await client.get(`/pay/subscriptions/${pro.subscription_id}`)).body;
    expect(stalePage).toContain('This checkout is cancelled and can no longer be paid.');
    expect(stalePage).not.toContain('Payment successful');

    await client.post(`/pay/subscriptions/${starter.subscription_id}/pay`, {});
    await client.post(`/pay/subscriptions/${pro.subscription_id}/pay`, {});
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Starter Plan', videos_allowed: 10 });
    expect((await client.post('/api/check-subscription-status', { subscription_id: pro.subscription_id })).json()).toEqual({ status: 'cancelled' });
    expect(await liveAtGateway(t, email)).toEqual([starter.subscription_id]);

    await advanceDays(client, 31);
    expect((await invoicesOf(client, email)).map((i: { invoice_amount: number }) => i.invoice_amount)).toEqual([20, 20]);
    expect(await liveAtGateway(t, email)).toEqual([starter.subscription_id]);
  });

  it('a trial pack bought after a subscription checkout is not replaced when that checkout is paid later', async () => {
    const { client, email } = await customer(t, 'trial-then-stale@example.com');
    const starter = (await client.post('/api/create-subscription', { plan_id: 'starter', gst_invoice: 'No', email })).json();
    const { short_url } = (await client.post('/api/create-payment', { email, gst_invoice: 'No' })).json();
    await client.post(`/pay/links/${linkIdOf(short_url)}/pay`, {});
    await client.post(`/pay/subscriptions/${starter.subscription_id}/pay`, {});
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Trial Pack', videos_allowed: 20, trial_pack_taken: 'Yes' });
    expect(await liveAtGateway(t, email)).toEqual([]);
    expect(await invoicesOf(client, email)).toHaveLength(1);
  });

  it('a second trial link replaces the first, so the trial pack is paid once, and then no link is made', async () => {
    const { client, email } = await customer(t, 'trial-twice@example.com');
    const first = linkIdOf((await client.post('/api/create-payment', { email, gst_invoice: 'No' })).json().short_url);
    const second = linkIdOf((await client.post('/api/create-payment', { email, gst_invoice: 'Yes' })).json().short_url);
    const firstReturn = new URL((await client.post(`/pay/links/${first}/pay`, {})).headers.location as string);
    expect(firstReturn.searchParams.get('razorpay_payment_link_status')).toBe('cancelled');
    await client.post(`/pay/links/${second}/pay`, {});
    expect((await client.post('/api/verify-payment', { email, payment_link_id: second })).json()).toEqual({ success: true });
    expect((await client.post('/api/verify-payment', { email, payment_link_id: first })).json()).toEqual({ success: false, error: billingMessages.paymentVerificationFailed });
    expect(await invoicesOf(client, email)).toHaveLength(1);

    const again = await client.post('/api/create-payment', { email, gst_invoice: 'No' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: billingMessages.trialAlreadyTaken });
  });

  async function renewedStarter(email: string) {
    const { client, userId } = await customer(t, email);
    const { subscription_id } = (await client.post('/api/create-subscription', { plan_id: 'starter', gst_invoice: 'No', email })).json();
    await client.post(`/pay/subscriptions/${subscription_id}/pay`, {});
    const [first] = await t.composed.repositories.billing.invoicesOf(userId);
    await advanceDays(client, 31);
    await t.composed.quotas.consume(userId, 'videos');
    const renewed = (await t.composed.repositories.subscriptions.find(userId))!;
    expect(renewed).toMatchObject({ planId: 'starter', videosUsed: 1, status: 'active' });
    const previous = { subscriptionId: subscription_id, planId: 'starter', period: { start: first!.periodStart!, end: first!.periodEnd! }, createdAt: first!.periodStart! };
    const unchanged = { planId: 'starter', status: 'active', videosUsed: 1, periodStart: renewed.periodStart, periodEnd: renewed.periodEnd };
    return { client, userId, first: first!, previous, unchanged };
  }

  it('a late charge for the previous period neither rewinds the plan nor resets its counters', async () => {
    const { client, userId, first, previous, unchanged } = await renewedStarter('late-charge@example.com');
    const late = await deliverLateSubscriptionEvent(t, { ...previous, name: 'subscription.charged', status: 'active' }, { id: first.paymentRef, amountCents: 2000 });
    expect(late.statusCode).toBe(200);
    expect(await t.composed.repositories.subscriptions.find(userId)).toMatchObject(unchanged);
    expect(await invoicesOf(client, 'late-charge@example.com')).toHaveLength(2);
  });

  it('a late charge from a subscription the user has since left is invoiced once and not refunded', async () => {
    const { client, email, userId } = await customer(t, 'late-old-plan@example.com');
    const old = (await client.post('/api/create-subscription', { plan_id: 'starter', gst_invoice: 'No', email })).json().subscription_id;
    await client.post(`/pay/subscriptions/${old}/pay`, {});
    const [paid] = await t.composed.repositories.billing.invoicesOf(userId);
    await client.post('/api/cancel-subscription', { email });
    await advanceDays(client, 31);
    const growth = (await client.post('/api/create-subscription', { plan_id: 'growth', gst_invoice: 'No', email })).json().subscription_id;
    await client.post(`/pay/subscriptions/${growth}/pay`, {});

    const period = { start: paid!.periodStart!, end: paid!.periodEnd! };
    const late = await deliverLateSubscriptionEvent(
      t,
      { name: 'subscription.charged', subscriptionId: old, planId: 'starter', status: 'active', period, createdAt: period.start },
      { id: paid!.paymentRef, amountCents: 2000 },
    );
    expect(late.statusCode).toBe(200);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Growth Plan' });
    expect((await invoicesOf(client, email)).map((i: { invoice_amount: number }) => i.invoice_amount)).toEqual([39, 20]);
  });

  it('a late halt from before the renewal leaves the paying user on the plan', async () => {
    const { userId, previous, unchanged } = await renewedStarter('late-halt@example.com');
    const late = await deliverLateSubscriptionEvent(t, { ...previous, name: 'subscription.halted', status: 'halted' });
    expect(late.statusCode).toBe(200);
    expect(await t.composed.repositories.subscriptions.find(userId)).toMatchObject(unchanged);
  });
});

describe('billing races with Razorpay (local fake server)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeRazorpay>>;
  beforeAll(async () => {
    fake = await startFakeRazorpay({ keyId: 'rzp_test', keySecret: 'secret', webhookSecret: 'whsec' });
    t = await startTestApp(targets[0]!, {
      razorpay: { keyId: 'rzp_test', keySecret: 'secret', webhookSecret: 'whsec', baseUrl: fake.baseUrl, planIds: { starter: 'plan_S', growth: 'plan_G', pro: 'plan_P' } },
    });
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

  it('a charge that went through before its checkout was replaced is cancelled and refunded as a credit note', async () => {
    const { client, email } = await customer(t, 'rzp-race@example.com');
    const pro = (await client.post('/api/create-subscription', { plan_id: 'pro', gst_invoice: 'No', email })).json();
    // Paid at Razorpay, its webhook still on the way when the user starts another purchase.
    const late = fake.activate(pro.subscription_id);
    const starter = (await client.post('/api/create-subscription', { plan_id: 'starter', gst_invoice: 'No', email })).json();
    expect((await deliver(fake.activate(starter.subscription_id))).statusCode).toBe(200);
    expect((await deliver(late)).statusCode).toBe(200);

    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Starter Plan' });
    expect(fake.subscription(pro.subscription_id)!.status).toBe('cancelled');
    const proPayment = JSON.parse(late.rawBody).payload.payment.entity.id;
    expect(fake.refunds()).toMatchObject([{ payment_id: proPayment, amount: 3900 }]);
    const invoices = await invoicesOf(client, email);
    expect(invoices.map((i: { kind: string; invoice_amount: number }) => [i.kind, i.invoice_amount]).sort()).toEqual([
      ['credit_note', -39],
      ['invoice', 39],
      ['invoice', 39],
    ]);

    expect((await deliver({ ...late, eventId: `${late.eventId}_again` })).statusCode).toBe(200);
    expect(fake.refunds()).toHaveLength(1);
    expect(await invoicesOf(client, email)).toHaveLength(3);
  });

  it('a trial payment that went through before its link was replaced is refunded, and the link in use still works', async () => {
    const { client, email } = await customer(t, 'rzp-trial@example.com');
    await client.post('/api/create-payment', { email, gst_invoice: 'No' });
    const paidFirst = fake.payLink(fake.paymentLinkIds().at(-1)!);
    await client.post('/api/create-payment', { email, gst_invoice: 'No' });
    const [first, second] = fake.paymentLinkIds().slice(-2) as [string, string];
    expect(fake.payableOf(email)).toEqual([second]);
    expect((await deliver(paidFirst)).statusCode).toBe(200);
    expect((await client.post('/api/verify-payment', { email, payment_link_id: first })).json()).toEqual({ success: false, error: billingMessages.trialPaymentRefunded });
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Free Plan' });

    fake.payLink(second);
    expect((await client.post('/api/verify-payment', { email, payment_link_id: second })).json()).toEqual({ success: true });
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Trial Pack', trial_pack_taken: 'Yes' });
    expect(fake.refunds()).toHaveLength(2);
    const amounts = (await invoicesOf(client, email)).map((i: { invoice_amount: number }) => i.invoice_amount).sort();
    expect(amounts).toEqual([-35, 35, 35]);
  });
});
