import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { billingMessages, genericMessages, proratedAllowanceGain, proratedUpgrade } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay } from './fake-razorpay.ts';
import { startTestApp, type TestApp } from './app.ts';
import { advanceDays, changePlan, customer, deliverWebhook, invoicesOf, linkIdOf, subscriber as subscriberOf, subscriptionOf } from './billing-helpers.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();
const day = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const amountsOf = (invoices: Array<{ kind: string; invoice_amount: number }>) => invoices.map((i) => [i.kind, i.invoice_amount]);

describe.each(targets)('plan changes with the test gateway on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  const pdfText = (bytes: Buffer) => {
    const file = join(t.config.dataDir, `plan-change-${Date.now()}.pdf`);
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  };

  const subscriber = (email: string, planId: 'starter' | 'growth' | 'pro', gst: 'Yes' | 'No' = 'No') => subscriberOf(t, email, planId, gst);

  it('upgrades Growth to Pro at once: prorated charge, counters kept, an invoice and a credit note that render', async () => {
    const { client, email, userId, subscriptionId } = await subscriber('upgrade@example.com', 'growth');
    for (let i = 0; i < 30; i += 1) await t.composed.quotas.consume(userId, 'videos');
    await t.composed.quotas.consume(userId, 'aiVideos');
    await advanceDays(client, 10);
    const before = (await t.composed.repositories.subscriptions.find(userId))!;
    const at = t.composed.testGateway!.now();

    const response = await changePlan(client, email, 'pro');
    expect(response.statusCode).toBe(200);
    const payments = await t.composed.testGateway!.paymentsFor([subscriptionId]);
    expect(payments.map((p) => p.amountCents)).toEqual([3900, expect.any(Number)]);
    const charged = payments[1]!.amountCents;
    const quote = proratedUpgrade(3900, 7500, { start: before.periodStart, end: before.periodEnd }, at);
    expect(Math.abs(charged - quote.chargeCents)).toBeLessThanOrEqual(1);
    expect(Math.abs(charged - 3600 * quote.fractionLeft)).toBeLessThanOrEqual(1);
    expect(response.json()).toEqual({ change: 'upgraded', message: billingMessages.upgraded('Pro Plan', `$${(charged / 100).toFixed(2)}`) });

    const gain = proratedAllowanceGain('growth', 'pro', quote.fractionLeft);
    expect(await subscriptionOf(client, email)).toMatchObject({
      plan_name: 'Pro Plan',
      videos_used: 30,
      videos_allowed: 30 + gain.videos,
      ai_videos_used: 1,
      ai_videos_allowed: 10 + gain.aiVideos,
      end_date: before.periodEnd.toISOString(),
      scheduled_change: null,
    });
    expect((await t.composed.testGateway!.subscriptionFor(subscriptionId))!).toMatchObject({ planId: 'pro', amountCents: 7500 });

    const invoices = await invoicesOf(client, email);
    expect(invoices).toHaveLength(3);
    const upgradeInvoice = invoices.find((i: { kind: string; invoice_amount: number }) => i.kind === 'invoice' && i.invoice_amount !== 39);
    const creditNote = invoices.find((i: { kind: string }) => i.kind === 'credit_note');
    expect(Math.round(upgradeInvoice.invoice_amount * 100 + creditNote.invoice_amount * 100)).toBe(charged);
    expect(Math.round(-creditNote.invoice_amount * 100)).toBe(quote.unusedCents);
    expect(creditNote.credit_for).toBe('upgrade');
    const invoiceText = pdfText((await client.get(upgradeInvoice.invoice_url)).rawPayload);
    expect(invoiceText).toContain('Pro plan');
    expect(invoiceText).toContain('upgrade from Growth');
    expect(invoiceText).toContain(`$${upgradeInvoice.invoice_amount.toFixed(2)}`);
    const creditText = pdfText((await client.get(creditNote.invoice_url)).rawPayload);
    expect(creditText).toContain('Unused Growth plan');
    expect(creditText).toContain('Total credited');
    expect(creditText).toContain(`This amount was taken off invoice ${upgradeInvoice.invoice_number} for your plan upgrade.`);

    // The next renewal is at Pro's price, with fresh counters.
    await advanceDays(client, 25);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Pro Plan', videos_used: 0, ai_videos_used: 0, videos_allowed: 60 });
    expect((await invoicesOf(client, email))[0]).toMatchObject({ kind: 'invoice', invoice_amount: 75 });
  });

  it('a GST upgrade splits the 18 % out of both documents', async () => {
    const { client, email } = await subscriber('upgrade-gst@example.com', 'starter', 'Yes');
    expect((await changePlan(client, email, 'growth')).statusCode).toBe(200);
    const documents = await invoicesOf(client, email);
    const creditNote = documents.find((i: { kind: string }) => i.kind === 'credit_note');
    const text = pdfText((await client.get(creditNote.invoice_url)).rawPayload);
    expect(text).toContain('Credit Note (GST)');
    expect(text).toContain('GST @ 18%');
  });

  it('schedules a downgrade for the end of the period, drops it on request, and makes it at the renewal', async () => {
    const { client, email, userId, subscriptionId } = await subscriber('downgrade@example.com', 'growth');
    await t.composed.quotas.consume(userId, 'videos');
    const end = new Date((await subscriptionOf(client, email)).end_date);

    const scheduled = await changePlan(client, email, 'starter');
    expect(scheduled.json()).toEqual({ change: 'scheduled', message: billingMessages.changeScheduled('Starter Plan', day(end)) });
    expect(await subscriptionOf(client, email)).toMatchObject({
      plan_name: 'Growth Plan',
      videos_used: 1,
      videos_allowed: 30,
      scheduled_change: { plan_id: 'starter', plan_name: 'Starter Plan', date: end.toISOString() },
    });
    expect(await invoicesOf(client, email)).toHaveLength(1);

    const another = await changePlan(client, email, 'pro');
    expect(another.statusCode).toBe(409);
    expect(another.json()).toEqual({ error: billingMessages.changeAlreadyScheduled('Starter Plan', day(end)) });

    expect((await client.post('/api/cancel-plan-change', { email })).json()).toEqual({ message: billingMessages.scheduledChangeCancelled('Growth Plan') });
    expect((await subscriptionOf(client, email)).scheduled_change).toBeNull();
    expect((await t.composed.testGateway!.subscriptionFor(subscriptionId))!.scheduledPlanId).toBeNull();

    await changePlan(client, email, 'starter');
    await advanceDays(client, 31);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Starter Plan', videos_used: 0, videos_allowed: 10, ai_videos_allowed: 3, scheduled_change: null });
    expect(amountsOf(await invoicesOf(client, email))).toEqual([
      ['invoice', 20],
      ['invoice', 39],
    ]);
  });

  it('refuses what cannot be changed with its message, and changes nothing', async () => {
    const free = await customer(t, 'free-change@example.com');
    const onFree = await changePlan(free.client, free.email, 'pro');
    expect([onFree.statusCode, onFree.json()]).toEqual([409, { error: billingMessages.noSubscriptionToChange }]);

    const { client, email, userId } = await subscriber('refusals@example.com', 'growth');
    const rowBefore = await t.composed.repositories.subscriptions.find(userId);
    const invoicesBefore = await invoicesOf(client, email);
    const refusals: Array<[string, Record<string, string>, number, string]> = [
      ['/api/change-plan', { email, plan_id: 'growth', from_plan_id: 'growth' }, 409, billingMessages.alreadyOnPlan('Growth Plan')],
      ['/api/cancel-plan-change', { email }, 409, billingMessages.noScheduledChange],
      ['/api/change-plan', { email: free.email, plan_id: 'pro', from_plan_id: 'free' }, 403, genericMessages.forbidden],
      ['/api/change-plan', { email, plan_id: 'trial', from_plan_id: 'growth' }, 400, billingMessages.changeFailed],
    ];
    for (const [url, body, status, error] of refusals) {
      const response = await client.post(url, body);
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toBe(error);
    }
    expect(await t.composed.repositories.subscriptions.find(userId)).toEqual(rowBefore);
    expect(await invoicesOf(client, email)).toEqual(invoicesBefore);

    await client.post('/api/cancel-subscription', { email });
    const ending = await changePlan(client, email, 'pro');
    expect([ending.statusCode, ending.json()]).toEqual([409, { error: billingMessages.changeWhileEnding }]);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Growth Plan', cancel_at_period_end: true, scheduled_change: null });

    // A failed renewal's subscription.pending event leaves the plan pending until the provider's retry is paid.
    const due = await subscriber('payment-due@example.com', 'starter');
    await t.composed.repositories.subscriptions.update(due.userId, { status: 'pending' });
    const pending = await changePlan(due.client, due.email, 'pro');
    expect([pending.statusCode, pending.json()]).toEqual([409, { error: billingMessages.changeWhilePaymentDue }]);

    const trial = await customer(t, 'trial-change@example.com');
    const { short_url } = (await trial.client.post('/api/create-payment', { email: trial.email, gst_invoice: 'No' })).json();
    await trial.client.post(`/pay/links/${linkIdOf(short_url)}/pay`, {});
    await trial.client.post('/api/verify-payment', { email: trial.email, payment_link_id: linkIdOf(short_url) });
    const onTrial = await changePlan(trial.client, trial.email, 'pro');
    expect([onTrial.statusCode, onTrial.json()]).toEqual([409, { error: billingMessages.alreadyActivePlan }]);
  });

  it('two tabs upgrade at once: one change is made and charged, the other is refused', async () => {
    const { client, email, subscriptionId } = await subscriber('two-tabs@example.com', 'starter');
    const fromStarter = (planId: string) => client.post('/api/change-plan', { email, plan_id: planId, from_plan_id: 'starter' });
    const answers = await Promise.all([fromStarter('pro'), fromStarter('pro'), fromStarter('growth')]);
    const made = answers.filter((a) => a.statusCode === 200);
    expect(made).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect([billingMessages.changeInProgress, billingMessages.planChangedMeanwhile]).toContain(refused.json().error);
    }
    expect(await t.composed.testGateway!.paymentsFor([subscriptionId])).toHaveLength(2);
    expect(await invoicesOf(client, email)).toHaveLength(3);
    const planName = (await subscriptionOf(client, email)).plan_name;
    expect((await t.composed.testGateway!.subscriptionFor(subscriptionId))!.planId).toBe(planName === 'Pro Plan' ? 'pro' : 'growth');

    // A page still showing Starter is out of date: its change is refused, whatever it asks for.
    const stale = await fromStarter('pro');
    expect([stale.statusCode, stale.json()]).toEqual([409, { error: billingMessages.planChangedMeanwhile }]);
  });
});

describe('plan changes with Razorpay (local fake server)', () => {
  it('upgrades through PATCH /subscriptions with schedule_change_at now; a failed update changes nothing', async () => {
    const planIds = { starter: 'plan_S', growth: 'plan_G', pro: 'plan_P' };
    const fake = await startFakeRazorpay({ keyId: 'rzp_test', keySecret: 'secret', webhookSecret: 'whsec', planAmounts: { plan_S: 2000, plan_G: 3900, plan_P: 7500 } });
    const t = await startTestApp(targets[0]!, { razorpay: { keyId: 'rzp_test', keySecret: 'secret', webhookSecret: 'whsec', baseUrl: fake.baseUrl, planIds } });
    try {
      const { client, email, userId } = await customer(t, 'rzp-upgrade@example.com');
      const { subscription_id } = (await client.post('/api/create-subscription', { plan_id: 'growth', gst_invoice: 'No', email })).json();
      const webhook = fake.activate(subscription_id);
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: webhook.rawBody,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhook.signature, 'x-razorpay-event-id': webhook.eventId },
      });
      await t.composed.quotas.consume(userId, 'aiVideos');
      const before = await t.composed.repositories.subscriptions.find(userId);

      fake.failNextRequest(500);
      const failed = await client.post('/api/change-plan', { email, plan_id: 'pro', from_plan_id: 'growth' });
      expect([failed.statusCode, failed.json()]).toEqual([502, { error: billingMessages.changeFailed }]);
      expect(await t.composed.repositories.subscriptions.find(userId)).toEqual(before);

      const upgraded = await client.post('/api/change-plan', { email, plan_id: 'pro', from_plan_id: 'growth' });
      expect(upgraded.json()).toMatchObject({ change: 'pending' });
      expect((await deliverWebhook(t, fake.chargeUpdate(subscription_id))).statusCode).toBe(200);
      expect(fake.updates().at(-1)).toEqual({ id: subscription_id, body: { plan_id: 'plan_P', schedule_change_at: 'now', customer_notify: 1 } });
      expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Pro Plan', ai_videos_used: 1, ai_videos_allowed: 20 });
      expect((await invoicesOf(client, email)).map((i: { kind: string }) => i.kind).sort()).toEqual(['credit_note', 'invoice', 'invoice']);

      const down = await client.post('/api/change-plan', { email, plan_id: 'starter', from_plan_id: 'pro' });
      expect(down.json()).toMatchObject({ change: 'scheduled' });
      expect(fake.updates().at(-1)!.body).toEqual({ plan_id: 'plan_S', schedule_change_at: 'cycle_end', customer_notify: 1 });
      expect(fake.subscription(subscription_id)).toMatchObject({ plan_id: 'plan_P', has_scheduled_changes: true });
      await client.post('/api/cancel-plan-change', { email });
      expect(fake.subscription(subscription_id)).toMatchObject({ has_scheduled_changes: false });
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
