import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { billingMessages, genericMessages } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/providers/payments/signature.ts';
import { startFakeRazorpay } from './fake-razorpay.ts';
import { signUpAndConfirm } from './accounts.ts';
import { operatorHeaders, startTestApp, type TestApp, type TestClient } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

async function customer(t: TestApp, email: string) {
  const account = await signUpAndConfirm(t.app, email);
  await account.client.post('/api/auth/sign-in/email', { email, password: account.password });
  return { client: account.client, email, userId: account.userId };
}

const subscriptionOf = async (client: TestClient, email: string) => (await client.post('/api/subscription', { email })).json();
const pdfText = (t: TestApp, bytes: Buffer) => {
  const file = join(t.config.dataDir, `invoice-${Date.now()}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
};

describe.each(targets)('billing with the test gateway on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('a Free user buys Growth: checkout, payment, activation, invoice', async () => {
    const { client, email } = await customer(t, 'buyer@example.com');
    const created = await client.post('/api/create-subscription', { plan_id: 'growth', gst_invoice: 'No', email });
    expect(created.statusCode).toBe(200);
    const { short_url, subscription_id } = created.json();
    expect(short_url).toBe(`http://localhost:8080/pay/subscriptions/${subscription_id}`);
    expect((await client.post('/api/check-subscription-status', { subscription_id })).json()).toEqual({ status: 'created' });

    const checkoutPage = await client.get(`/pay/subscriptions/${subscription_id}`);
    expect(checkoutPage.body).toContain('Pay $39.00');
    expect((await client.post(`/pay/subscriptions/${subscription_id}/pay`, {})).statusCode).toBe(303);

    expect((await client.post('/api/check-subscription-status', { subscription_id })).json()).toEqual({ status: 'active' });
    expect(await subscriptionOf(client, email)).toMatchObject({
      plan_name: 'Growth Plan',
      videos_allowed: 30,
      ai_videos_allowed: 10,
      ideas_allowed: 100,
      status: 'active',
    });
    const invoices = (await client.post('/api/invoices', { email })).json();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ invoice_amount: 39, currency: 'USD' });
    const pdf = await client.get(invoices[0].invoice_url);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(t, pdf.rawPayload);
    expect(text).toContain(invoices[0].invoice_number);
    expect(text).toContain('$39.00');
    expect(text).toContain('Growth plan');

    const again = await client.post('/api/create-subscription', { plan_id: 'pro', gst_invoice: 'No', email });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: billingMessages.alreadyActivePlan });
  });

  it('renews each period with a new invoice and fresh credits, and cancels at period end', async () => {
    const { client, email, userId } = await customer(t, 'renewer@example.com');
    const { subscription_id } = (await client.post('/api/create-subscription', { plan_id: 'starter', gst_invoice: 'Yes', email })).json();
    await client.post(`/pay/subscriptions/${subscription_id}/pay`, {});
    await t.composed.quotas.consume(userId, 'videos');
    expect((await subscriptionOf(client, email)).videos_used).toBe(1);

    await client.post('/pay/test-clock/advance', { days: 31 }, operatorHeaders);
    const renewed = await subscriptionOf(client, email);
    expect(renewed).toMatchObject({ plan_name: 'Starter Plan', videos_used: 0, videos_allowed: 10 });
    const invoices = (await client.post('/api/invoices', { email })).json();
    expect(invoices).toHaveLength(2);
    const gstText = pdfText(t, (await client.get(invoices[0].invoice_url)).rawPayload);
    expect(gstText).toContain('Tax Invoice (GST)');
    expect(gstText).toContain('GST @ 18%');
    expect(gstText).toContain('$3.05');
    expect(gstText).toContain('$16.95');

    const cancel = (await client.post('/api/cancel-subscription', { email })).json();
    expect(cancel.message).toMatch(/^Your subscription will end on \d{1,2} [A-Z][a-z]{2} \d{4}\. You keep your plan until then\.$/);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Starter Plan', cancel_at_period_end: true });

    await client.post('/pay/test-clock/advance', { days: 31 }, operatorHeaders);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Free Plan', videos_allowed: 3, cancel_at_period_end: false });
    expect((await client.post('/api/invoices', { email })).json()).toHaveLength(2);
    expect((await client.post('/api/cancel-subscription', { email })).json()).toEqual({ error: billingMessages.nothingToCancel });
  });

  it('halts after failed renewals and falls back to the Free Plan', async () => {
    const { client, email } = await customer(t, 'halted@example.com');
    const { subscription_id } = (await client.post('/api/create-subscription', { plan_id: 'pro', gst_invoice: 'No', email })).json();
    await client.post(`/pay/subscriptions/${subscription_id}/pay`, {});
    await client.post(`/pay/subscriptions/${subscription_id}/fail-next-renewal`, {}, operatorHeaders);
    await client.post('/pay/test-clock/advance', { days: 32 }, operatorHeaders);
    expect((await client.post('/api/check-subscription-status', { subscription_id })).json()).toEqual({ status: 'halted' });
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Free Plan' });
  });

  it('activates the trial pack from the payment link return, once per account', async () => {
    const { client, email } = await customer(t, 'trial@example.com');
    const { short_url } = (await client.post('/api/create-payment', { email, gst_invoice: 'No' })).json();
    const linkId = short_url.split('/').pop();
    expect((await client.post('/api/verify-payment', { email, payment_link_id: linkId })).json()).toEqual({
      success: false,
      error: billingMessages.paymentVerificationFailed,
    });
    const paid = await client.post(`/pay/links/${linkId}/pay`, {});
    const returnUrl = new URL(paid.headers.location as string);
    expect(returnUrl.pathname).toBe('/Subscriptions');
    expect(returnUrl.searchParams.get('razorpay_payment_link_status')).toBe('paid');
    expect(returnUrl.searchParams.get('razorpay_payment_link_id')).toBe(linkId);

    expect((await client.post('/api/verify-payment', { email, payment_link_id: linkId })).json()).toEqual({ success: true });
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Trial Pack', videos_allowed: 20, ai_videos_allowed: 7, trial_pack_taken: 'Yes' });
    expect((await client.post('/api/invoices', { email })).json()).toHaveLength(1);
    const second = await client.post('/api/create-payment', { email, gst_invoice: 'No' });
    expect(second.statusCode).toBe(409);

    await client.post('/pay/test-clock/advance', { days: 93 }, operatorHeaders);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Free Plan', trial_pack_taken: 'Yes' });
  });

  it('ignores forged webhooks and applies a replayed one only once', async () => {
    const { client, email, userId } = await customer(t, 'webhooks@example.com');
    const { subscription_id } = (await client.post('/api/create-subscription', { plan_id: 'growth', gst_invoice: 'No', email })).json();
    const now = Math.floor(Date.now() / 1000) + 400 * 86400;
    const event = JSON.stringify({
      entity: 'event',
      event: 'subscription.charged',
      payload: {
        subscription: { entity: { id: subscription_id, plan_id: 'plan_growth', status: 'active', current_start: now, current_end: now + 30 * 86400 } },
        payment: { entity: { id: 'pay_forged1', amount: 3900, currency: 'USD' } },
      },
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: event,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signWebhook(event, 'not-the-secret'), 'x-razorpay-event-id': 'evt_forged' },
    });
    expect(forged.statusCode).toBe(400);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Free Plan' });

    await client.post(`/pay/subscriptions/${subscription_id}/pay`, {});
    const secret = createHmac('sha256', t.config.authSecret).update('test gateway webhooks').digest('hex');
    const renewal = JSON.stringify({
      entity: 'event',
      event: 'subscription.charged',
      payload: {
        subscription: { entity: { id: subscription_id, plan_id: 'plan_growth', status: 'active', current_start: now, current_end: now + 30 * 86400 } },
        payment: { entity: { id: 'pay_renewal1', amount: 3900, currency: 'USD' } },
      },
    });
    const deliver = (eventId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: renewal,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signWebhook(renewal, secret), 'x-razorpay-event-id': eventId },
      });
    expect((await deliver('evt_renewal')).statusCode).toBe(200);
    const after = await t.composed.repositories.subscriptions.find(userId);
    const invoicesAfter = (await client.post('/api/invoices', { email })).json();
    expect(invoicesAfter).toHaveLength(2);
    expect(after!.periodStart.getTime()).toBe(now * 1000);

    expect((await deliver('evt_renewal')).statusCode).toBe(200);
    expect((await deliver('evt_renewal_redelivered')).statusCode).toBe(200);
    expect(await t.composed.repositories.subscriptions.find(userId)).toEqual(after);
    expect((await client.post('/api/invoices', { email })).json()).toEqual(invoicesAfter);
  });

  it('keeps every purchase call to the signed-in user', async () => {
    const { client } = await customer(t, 'honest@example.com');
    for (const [url, body] of [
      ['/api/create-subscription', { plan_id: 'growth', gst_invoice: 'No', email: 'buyer@example.com' }],
      ['/api/create-payment', { email: 'buyer@example.com', gst_invoice: 'No' }],
      ['/api/cancel-subscription', { email: 'buyer@example.com' }],
      ['/api/invoices', { email: 'buyer@example.com' }],
    ] as const) {
      const response = await client.post(url, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: genericMessages.forbidden });
    }
    expect((await client.post('/api/create-subscription', { plan_id: 'platinum', gst_invoice: 'No', email: 'honest@example.com' })).json()).toEqual({
      error: billingMessages.failedToInitiateSubscription,
      field: 'plan_id',
    });
  });
});

describe('billing with Razorpay (local fake server)', () => {
  it('subscribes through Razorpay, activates from its signed webhook and reports its failures', async () => {
    const fake = await startFakeRazorpay({ keyId: 'rzp_test', keySecret: 'secret', webhookSecret: 'whsec' });
    const t = await startTestApp(targets[0]!, {
      razorpay: { keyId: 'rzp_test', keySecret: 'secret', webhookSecret: 'whsec', baseUrl: fake.baseUrl, planIds: { starter: 'plan_S', growth: 'plan_G', pro: 'plan_P' } },
    });
    try {
      const { client, email } = await customer(t, 'rzp@example.com');
      expect((await client.get('/pay/test-clock')).statusCode).toBe(404);
      const { short_url, subscription_id } = (await client.post('/api/create-subscription', { plan_id: 'growth', gst_invoice: 'No', email })).json();
      expect(short_url).toMatch(/^https:\/\/rzp\.io\//);
      const webhook = fake.activate(subscription_id);
      const delivered = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: webhook.rawBody,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhook.signature, 'x-razorpay-event-id': webhook.eventId },
      });
      expect(delivered.statusCode).toBe(200);
      expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Growth Plan', videos_allowed: 30 });
      expect((await client.post('/api/check-subscription-status', { subscription_id })).json()).toEqual({ status: 'active' });
      fake.failNextRequest(500);
      expect((await client.post('/api/cancel-subscription', { email })).json()).toEqual({ error: billingMessages.cancelFailed });
      expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Growth Plan', cancel_at_period_end: false });

      const { client: other, email: otherEmail } = await customer(t, 'rzp-down@example.com');
      fake.failNextRequest(500);
      const failed = await other.post('/api/create-subscription', { plan_id: 'growth', gst_invoice: 'No', email: otherEmail });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ error: billingMessages.failedToInitiateSubscription });
      fake.failNextRequest(503);
      expect((await other.post('/api/create-payment', { email: otherEmail, gst_invoice: 'Yes' })).json()).toEqual({ error: billingMessages.failedToInitiatePayment });
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
