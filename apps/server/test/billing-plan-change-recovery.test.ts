import { billingMessages } from '@reelsmith/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeRazorpay } from './fake-razorpay.ts';
import { startTestApp, type TestApp } from './app.ts';
import { advanceDays, changePlan, customer, deliverWebhook, subscriber, subscriptionOf } from './billing-helpers.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();
const day = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The app's write after the provider's update fails once, as a database error or a crash between the two would. */
function failOnce(t: TestApp, method: 'finishChange' | 'awaitPayment') {
  vi.spyOn(t.composed.repositories.subscriptions, method).mockRejectedValueOnce(new Error('connection terminated'));
}

/** Ages the claim past claimLostAfterMs: the process that held it is presumed dead. */
async function ageClaim(t: TestApp, userId: string) {
  await t.composed.repositories.subscriptions.update(userId, { changeClaimedAt: new Date(Date.now() - 5 * 60_000) });
}

describe.each(targets)('a plan change the provider made but the app did not write, on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('a downgrade scheduled at the provider is written once its claim is stale, and made at the renewal', async () => {
    const { client, email, userId, subscriptionId } = await subscriber(t, 'recover-downgrade@example.com', 'growth');
    const end = new Date((await subscriptionOf(client, email)).end_date);
    failOnce(t, 'finishChange');
    const failed = await changePlan(client, email, 'starter');
    expect([failed.statusCode, failed.json()]).toEqual([502, { error: billingMessages.changeBeingCompleted }]);
    expect((await t.composed.testGateway!.subscriptionFor(subscriptionId))!.scheduledPlanId).toBe('starter');

    // While the claim may still be live, nothing else is made.
    const meanwhile = await changePlan(client, email, 'pro');
    expect([meanwhile.statusCode, meanwhile.json()]).toEqual([409, { error: billingMessages.changeInProgress }]);

    await ageClaim(t, userId);
    const next = await changePlan(client, email, 'pro');
    expect([next.statusCode, next.json()]).toEqual([409, { error: billingMessages.changeAlreadyScheduled('Starter Plan', day(end)) }]);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Growth Plan', scheduled_change: { plan_id: 'starter', date: end.toISOString() } });
    expect((await t.composed.repositories.subscriptions.find(userId))!).toMatchObject({ changeClaim: null, changePlanId: null });

    await advanceDays(client, 31);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Starter Plan', scheduled_change: null });
  });

  it('a scheduled change dropped at the provider is dropped in the app once its claim is stale', async () => {
    const { client, email, userId, subscriptionId } = await subscriber(t, 'recover-keep@example.com', 'growth');
    expect((await changePlan(client, email, 'starter')).statusCode).toBe(200);
    failOnce(t, 'finishChange');
    const failed = await client.post('/api/cancel-plan-change', { email });
    expect([failed.statusCode, failed.json()]).toEqual([502, { error: billingMessages.changeBeingCompleted }]);
    expect((await t.composed.testGateway!.subscriptionFor(subscriptionId))!.scheduledPlanId).toBeNull();

    await ageClaim(t, userId);
    const again = await client.post('/api/cancel-plan-change', { email });
    expect([again.statusCode, again.json()]).toEqual([409, { error: billingMessages.noScheduledChange }]);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Growth Plan', scheduled_change: null });
    expect((await changePlan(client, email, 'starter')).json()).toMatchObject({ change: 'scheduled' });
  });
});

describe('a Razorpay upgrade whose write failed after the update', () => {
  it('is granted when its charge is confirmed, and let go once stale when the charge failed', async () => {
    const keys = { keyId: 'rzp_test', keySecret: 'secret', webhookSecret: 'whsec' };
    const fake = await startFakeRazorpay({ ...keys, planAmounts: { plan_S: 2000, plan_G: 3900, plan_P: 7500 } });
    const t = await startTestApp(targets[0]!, { razorpay: { ...keys, baseUrl: fake.baseUrl, planIds: { starter: 'plan_S', growth: 'plan_G', pro: 'plan_P' } } });
    try {
      const subscribe = async (email: string) => {
        const who = await customer(t, email);
        const { subscription_id } = (await who.client.post('/api/create-subscription', { plan_id: 'growth', gst_invoice: 'No', email })).json();
        await deliverWebhook(t, fake.activate(subscription_id));
        return { ...who, subscriptionId: subscription_id as string };
      };

      const paid = await subscribe('recover-rzp-paid@example.com');
      failOnce(t, 'awaitPayment');
      expect((await changePlan(paid.client, paid.email, 'pro')).json()).toEqual({ error: billingMessages.changeBeingCompleted });
      expect((await deliverWebhook(t, fake.chargeUpdate(paid.subscriptionId))).statusCode).toBe(200);
      expect(await subscriptionOf(paid.client, paid.email)).toMatchObject({ plan_name: 'Pro Plan', pending_upgrade: null });
      expect((await t.composed.repositories.subscriptions.find(paid.userId))!).toMatchObject({ changeClaim: null, changePlanId: null });

      const unpaid = await subscribe('recover-rzp-unpaid@example.com');
      const before = (await t.composed.repositories.subscriptions.find(unpaid.userId))!;
      failOnce(t, 'awaitPayment');
      expect((await changePlan(unpaid.client, unpaid.email, 'pro')).json()).toEqual({ error: billingMessages.changeBeingCompleted });
      expect((await deliverWebhook(t, fake.failUpdateCharge(unpaid.subscriptionId))).statusCode).toBe(200);
      await ageClaim(t, unpaid.userId);
      const retried = await changePlan(unpaid.client, unpaid.email, 'pro');
      expect(retried.json()).toMatchObject({ change: 'pending' });
      const row = (await t.composed.repositories.subscriptions.find(unpaid.userId))!;
      expect(row).toMatchObject({ planId: 'growth', videosAllowed: before.videosAllowed, aiVideosAllowed: before.aiVideosAllowed, changePlanId: 'pro' });
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
