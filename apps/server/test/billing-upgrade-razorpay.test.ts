import { billingMessages, proratedAllowanceGain, proratedUpgrade } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay } from './fake-razorpay.ts';
import { startTestApp, type TestApp } from './app.ts';
import { customer, deliverWebhook, invoicesOf, subscriptionOf } from './billing-helpers.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();
const planIds = { starter: 'plan_S', growth: 'plan_G', pro: 'plan_P' };
const keys = { keyId: 'rzp_test', keySecret: 'secret', webhookSecret: 'whsec' };
type Listed = { kind: string; invoice_amount: number };

describe.each(targets)('a Razorpay upgrade waits for its charge on $name', (target) => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeRazorpay>>;
  beforeAll(async () => {
    fake = await startFakeRazorpay({ ...keys, planAmounts: { plan_S: 2000, plan_G: 3900, plan_P: 7500 } });
    t = await startTestApp(target, { razorpay: { ...keys, baseUrl: fake.baseUrl, planIds } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function growthSubscriber(email: string) {
    const who = await customer(t, email);
    const { subscription_id } = (await who.client.post('/api/create-subscription', { plan_id: 'growth', gst_invoice: 'No', email })).json();
    expect((await deliverWebhook(t, fake.activate(subscription_id))).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await t.composed.quotas.consume(who.userId, 'videos');
    await t.composed.quotas.consume(who.userId, 'aiVideos');
    return { ...who, subscriptionId: subscription_id as string };
  }
  const upgrade = (who: Awaited<ReturnType<typeof customer>>) =>
    who.client.post('/api/change-plan', { email: who.email, plan_id: 'pro', from_plan_id: 'growth' });

  it('grants the upgrade only when the charge is confirmed, and books the amount really charged', async () => {
    const who = await growthSubscriber('rzp-confirm@example.com');
    const before = (await t.composed.repositories.subscriptions.find(who.userId))!;

    const asked = await upgrade(who);
    expect([asked.statusCode, asked.json()]).toEqual([200, { change: 'pending', message: billingMessages.upgradePending('Pro Plan') }]);
    // Until Razorpay confirms the charge: the old plan and allowances, the upgrade shown as waiting, nothing invoiced.
    expect(await subscriptionOf(who.client, who.email)).toMatchObject({
      plan_name: 'Growth Plan',
      videos_allowed: 30,
      ai_videos_allowed: 10,
      pending_upgrade: { plan_id: 'pro', plan_name: 'Pro Plan' },
    });
    expect(await invoicesOf(who.client, who.email)).toHaveLength(1);
    const again = await upgrade(who);
    expect([again.statusCode, again.json()]).toEqual([409, { error: billingMessages.changeAwaitingPayment }]);

    const charged = fake.chargeUpdate(who.subscriptionId);
    const chargedCents = (JSON.parse(charged.rawBody) as { payload: { payment: { entity: { amount: number } } } }).payload.payment.entity.amount;
    expect((await deliverWebhook(t, charged)).statusCode).toBe(200);
    expect((await t.composed.repositories.subscriptions.find(who.userId))!).toMatchObject({ changePlanId: null, changeClaim: null });
    const quote = proratedUpgrade(3900, 7500, { start: before.periodStart, end: before.periodEnd }, new Date());
    const gain = proratedAllowanceGain('growth', 'pro', quote.fractionLeft);
    expect(await subscriptionOf(who.client, who.email)).toMatchObject({
      plan_name: 'Pro Plan',
      videos_used: 4,
      videos_allowed: 30 + gain.videos,
      ai_videos_used: 1,
      ai_videos_allowed: 10 + gain.aiVideos,
      pending_upgrade: null,
    });
    const books: Listed[] = await invoicesOf(who.client, who.email);
    expect(books).toHaveLength(3);
    const upgradeInvoice = books.find((i) => i.kind === 'invoice' && i.invoice_amount !== 39)!;
    const credit = books.find((i) => i.kind === 'credit_note')!;
    expect(Math.round((upgradeInvoice.invoice_amount + credit.invoice_amount) * 100)).toBe(chargedCents);

    // Delivered again (Razorpay retries), or reported once more under another event id: booked once.
    await deliverWebhook(t, charged);
    await deliverWebhook(t, { ...charged, eventId: `${charged.eventId}_again` });
    expect(await invoicesOf(who.client, who.email)).toHaveLength(3);
    expect((await subscriptionOf(who.client, who.email)).ai_videos_allowed).toBe(10 + gain.aiVideos);
  });

  it('a failed charge leaves the old plan and allowances as they were, and the plan can be changed again', async () => {
    const who = await growthSubscriber('rzp-failed@example.com');
    const before = (await t.composed.repositories.subscriptions.find(who.userId))!;
    expect((await upgrade(who)).json()).toMatchObject({ change: 'pending' });

    expect((await deliverWebhook(t, fake.failUpdateCharge(who.subscriptionId))).statusCode).toBe(200);
    const after = (await t.composed.repositories.subscriptions.find(who.userId))!;
    expect({ ...after, updatedAt: before.updatedAt }).toEqual(before);
    expect(await subscriptionOf(who.client, who.email)).toMatchObject({ plan_name: 'Growth Plan', videos_allowed: 30, ai_videos_allowed: 10, pending_upgrade: null });
    expect(await invoicesOf(who.client, who.email)).toHaveLength(1);
    expect(fake.subscription(who.subscriptionId)).toMatchObject({ plan_id: 'plan_G' });

    expect((await upgrade(who)).json()).toMatchObject({ change: 'pending' });
  });
});
