import { billingMessages } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay } from './fake-razorpay.ts';
import { startTestApp, type TestApp } from './app.ts';
import { customer, invoicesOf, linkIdOf, subscriptionOf } from './billing-helpers.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

type Purchase = { url: string; body: Record<string, string> };
const subscribe = (email: string, plan: string): Purchase => ({ url: '/api/create-subscription', body: { plan_id: plan, gst_invoice: 'No', email } });
const trial = (email: string): Purchase => ({ url: '/api/create-payment', body: { email, gst_invoice: 'No' } });

/** Every answer to a burst of purchases is a checkout, or the refusal that another one is being opened. */
function expectCheckoutsOrRefusals(answers: Array<{ statusCode: number; json(): unknown }>) {
  for (const answer of answers) {
    if (answer.statusCode !== 200) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ error: billingMessages.checkoutInProgress });
    }
  }
  const opened = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json() as { short_url: string });
  expect(opened.length).toBeGreaterThanOrEqual(1);
  return opened;
}

describe.each(targets)('one payable checkout per user with the test gateway on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  /** What the gateway would still take money for, and what the app's books hold as open. */
  async function payable(email: string, userId: string) {
    const gateway = t.composed.testGateway!;
    const atGateway = [
      ...(await gateway.subscriptionsOf(email)).filter((s) => s.status === 'created').map((s) => s.id),
      ...(await gateway.paymentLinksOf(email)).filter((l) => l.status === 'created').map((l) => l.id),
    ];
    const inBooks = (await t.composed.repositories.billing.checkoutsOf(userId)).filter((c) => c.status === 'created').map((c) => c.providerRef);
    return { atGateway, inBooks };
  }

  it('parallel create-subscription calls leave exactly one payable checkout, and only it can be paid', async () => {
    const { client, email, userId } = await customer(t, 'parallel-subs@example.com');
    const plans = ['starter', 'growth', 'pro', 'starter', 'growth', 'pro'];
    const answers = await Promise.all(plans.map((plan) => client.post(subscribe(email, plan).url, subscribe(email, plan).body)));
    const opened = expectCheckoutsOrRefusals(answers);

    const { atGateway, inBooks } = await payable(email, userId);
    expect(atGateway).toHaveLength(1);
    expect(inBooks).toEqual(atGateway);
    // A refused call made nothing at the gateway: every subscription there was handed to the page.
    expect(await t.composed.testGateway!.subscriptionsOf(email)).toHaveLength(opened.length);

    for (const { short_url } of opened) await client.post(`${new URL(short_url).pathname}/pay`, {});
    expect((await subscriptionOf(client, email)).plan_name).not.toBe('Free Plan');
    const invoices = await invoicesOf(client, email);
    expect(invoices.map((i: { kind: string }) => i.kind)).toEqual(['invoice']);
    expect(await t.composed.testGateway!.paymentsFor([atGateway[0]!])).toHaveLength(1);
  });

  it('parallel trial and subscription purchases leave exactly one payable checkout', async () => {
    const { client, email, userId } = await customer(t, 'parallel-mixed@example.com');
    const purchases = [trial(email), subscribe(email, 'growth'), trial(email), subscribe(email, 'starter'), trial(email)];
    const opened = expectCheckoutsOrRefusals(await Promise.all(purchases.map((p) => client.post(p.url, p.body))));

    const { atGateway, inBooks } = await payable(email, userId);
    expect(atGateway).toHaveLength(1);
    expect(inBooks).toEqual(atGateway);
    const gateway = t.composed.testGateway!;
    expect((await gateway.subscriptionsOf(email)).length + (await gateway.paymentLinksOf(email)).length).toBe(opened.length);
  });

  it('a purchase left half-open by a process that died blocks the next one for two minutes, then no longer', async () => {
    const { client, email, userId } = await customer(t, 'abandoned@example.com');
    const first = (await client.post(trial(email).url, trial(email).body)).json();
    await t.composed.repositories.billing.reserveCheckout({ id: 'died-midway', userId, kind: 'subscription', planId: 'pro', gstInvoice: 'No' }, 120_000);
    const refused = await client.post(subscribe(email, 'growth').url, subscribe(email, 'growth').body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: billingMessages.checkoutInProgress });
    expect(await t.composed.testGateway!.subscriptionsOf(email)).toEqual([]);

    await t.database.executeSql("update checkout set created_at = now() - interval '3 minutes' where id = 'died-midway'");
    const growth = (await client.post(subscribe(email, 'growth').url, subscribe(email, 'growth').body)).json();
    expect((await payable(email, userId)).atGateway).toEqual([growth.subscription_id]);
    expect((await t.composed.testGateway!.paymentLinkFor(linkIdOf(first.short_url)))!.status).toBe('cancelled');
  });

  it('paying the old checkout while a new one is opened leaves one payable checkout, and keeps money only for a plan given', async () => {
    const { client, email, userId } = await customer(t, 'pay-while-replacing@example.com');
    const growth = (await client.post(subscribe(email, 'growth').url, subscribe(email, 'growth').body)).json().subscription_id as string;
    const [, starter] = await Promise.all([
      client.post(`/pay/subscriptions/${growth}/pay`, {}),
      client.post(subscribe(email, 'starter').url, subscribe(email, 'starter').body),
    ]);
    expect(starter.statusCode).toBe(200);
    expect((await payable(email, userId)).atGateway.length).toBeLessThanOrEqual(1);
    const kept = (await t.composed.testGateway!.paymentsFor([growth])).filter((p) => !p.refundId);
    expect(kept).toHaveLength((await subscriptionOf(client, email)).plan_name === 'Growth Plan' ? 1 : 0);
  });

  it('a checkout opened after a burst still replaces the one before it', async () => {
    const { client, email, userId } = await customer(t, 'after-burst@example.com');
    await Promise.all([trial(email), trial(email), trial(email)].map((p) => client.post(p.url, p.body)));
    const last = (await client.post(trial(email).url, trial(email).body)).json();
    expect((await payable(email, userId)).atGateway).toEqual([linkIdOf(last.short_url)]);
  });
});

describe('one payable checkout per user through Razorpay (local fake server)', () => {
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

  it('parallel purchases leave one payable checkout at Razorpay, the one the books hold', async () => {
    const { client, email, userId } = await customer(t, 'rzp-parallel@example.com');
    const purchases = [subscribe(email, 'pro'), subscribe(email, 'starter'), trial(email), subscribe(email, 'growth'), trial(email)];
    expectCheckoutsOrRefusals(await Promise.all(purchases.map((p) => client.post(p.url, p.body))));

    const atRazorpay = fake.payableOf(email);
    expect(atRazorpay).toHaveLength(1);
    const inBooks = (await t.composed.repositories.billing.checkoutsOf(userId)).filter((c) => c.status === 'created').map((c) => c.providerRef);
    expect(inBooks).toEqual(atRazorpay);
  });

  it('when Razorpay cannot close the unpaid checkout, no second one is made; the next purchase closes it', async () => {
    const { client, email, userId } = await customer(t, 'rzp-close-fails@example.com');
    const growth = (await client.post('/api/create-subscription', { plan_id: 'growth', gst_invoice: 'No', email })).json();
    fake.failNextRequest(500);
    const refused = await client.post('/api/create-payment', { email, gst_invoice: 'No' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ error: billingMessages.failedToInitiatePayment });
    expect(fake.payableOf(email)).toEqual([growth.subscription_id]);
    expect((await t.composed.repositories.billing.checkoutsOf(userId)).map((c) => c.providerRef)).toEqual([growth.subscription_id]);

    const { short_url } = (await client.post('/api/create-payment', { email, gst_invoice: 'No' })).json();
    expect(fake.payableOf(email)).toEqual(fake.paymentLinkIds().slice(-1));
    expect(short_url).toMatch(/^https:\/\/rzp\.io\/l\//);
    expect(fake.subscription(growth.subscription_id)!.status).toBe('cancelled');
  });

  it('a new checkout cancels the unpaid one at Razorpay, which then refuses its payment', async () => {
    const { client, email } = await customer(t, 'rzp-replaced@example.com');
    const pro = (await client.post('/api/create-subscription', { plan_id: 'pro', gst_invoice: 'No', email })).json();
    const starter = (await client.post('/api/create-subscription', { plan_id: 'starter', gst_invoice: 'No', email })).json();
    expect(fake.subscription(pro.subscription_id)!.status).toBe('cancelled');
    expect(() => fake.activate(pro.subscription_id)).toThrow(/cannot be paid/);
    expect(fake.payableOf(email)).toEqual([starter.subscription_id]);
    expect((await client.post('/api/check-subscription-status', { subscription_id: pro.subscription_id })).json()).toEqual({ status: 'cancelled' });
  });
});
