import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway } from '../src/providers/payments/test-gateway.ts';
import { startTestApp, testPublicUrl, type TestApp } from './app.ts';
import { advanceDays, customer, deliverLateSubscriptionEvent, invoicesOf, linkIdOf, liveAtGateway, operator, subscriptionOf } from './billing-helpers.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

type Customer = Awaited<ReturnType<typeof customer>>;
interface InvoiceRow {
  kind: 'invoice' | 'credit_note';
  invoice_number: string;
  invoice_amount: number;
  invoice_url: string;
}

/** Everything the app and the gateway say about one customer must tell the same story. */
async function expectBooksReconcile(t: TestApp, who: Customer, plan: { name: string; videosUsed: number }) {
  expect(await subscriptionOf(who.client, who.email)).toMatchObject({ plan_name: plan.name, videos_used: plan.videosUsed });
  const record = (await t.composed.repositories.subscriptions.find(who.userId))!;
  const onSubscription = record.planId !== 'free' && record.planId !== 'trial';
  expect(await liveAtGateway(t, who.email)).toEqual(onSubscription ? [record.providerSubscriptionId] : []);

  const refs = (await t.composed.repositories.billing.checkoutsOf(who.userId)).map((c) => c.providerRef);
  const payments = await t.composed.testGateway!.paymentsFor(refs);
  const invoices: InvoiceRow[] = await invoicesOf(who.client, who.email);
  expect(invoices.filter((i) => i.kind === 'invoice')).toHaveLength(payments.length);
  expect(invoices.filter((i) => i.kind === 'credit_note')).toHaveLength(payments.filter((p) => p.refundId).length);
  const kept = payments.filter((p) => !p.refundId).reduce((sum, p) => sum + p.amountCents, 0);
  expect(Math.round(invoices.reduce((sum, i) => sum + i.invoice_amount, 0) * 100)).toBe(kept);
  return invoices;
}

describe.each(targets)('billing reconciliation with the test gateway on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('after purchases, renewals, failures, cancellations, refunds and late webhooks, plans, invoices and the gateway agree', async () => {
    const names = ['renewer', 'halted', 'trial', 'switcher', 'delayed'] as const;
    const [renewer, halted, trial, switcher, delayed] = (await Promise.all(names.map((name) => customer(t, `${name}@reconcile.example.com`)))) as [
      Customer,
      Customer,
      Customer,
      Customer,
      Customer,
    ];
    const subscribe = async (who: Customer, plan: string) =>
      (await who.client.post('/api/create-subscription', { plan_id: plan, gst_invoice: 'No', email: who.email })).json().subscription_id as string;
    const pay = (who: Customer, id: string) => who.client.post(`/pay/subscriptions/${id}/pay`, {});

    await pay(renewer, await subscribe(renewer, 'growth'));
    await t.composed.quotas.consume(renewer.userId, 'videos');

    const failing = await subscribe(halted, 'pro');
    await pay(halted, failing);
    await halted.client.post(`/pay/subscriptions/${failing}/fail-next-renewal`, {}, operator);

    await trial.client.post('/api/create-payment', { email: trial.email, gst_invoice: 'No' });
    const { short_url } = (await trial.client.post('/api/create-payment', { email: trial.email, gst_invoice: 'Yes' })).json();
    await trial.client.post(`/pay/links/${linkIdOf(short_url)}/pay`, {});

    const stalePro = await subscribe(switcher, 'pro');
    const starter = await subscribe(switcher, 'starter');
    await pay(switcher, starter);
    await pay(switcher, stalePro);
    const [firstStarterInvoice] = await t.composed.repositories.billing.invoicesOf(switcher.userId);

    // The delayed customer pays a Starter checkout whose webhooks reach the app only after a Growth purchase.
    const held: Array<{ rawBody: string; headers: Record<string, string> }> = [];
    const sameGateway = createTestGateway({
      books: t.composed.repositories.gateway,
      publicUrl: testPublicUrl,
      webhookSecret: createHmac('sha256', t.config.authSecret).update('test gateway webhooks').digest('hex'),
      deliver: async (rawBody, headers) => void held.push({ rawBody, headers }),
    });
    await sameGateway.ready();
    await sameGateway.paySubscription(await subscribe(delayed, 'starter'));
    await pay(delayed, await subscribe(delayed, 'growth'));
    for (const { rawBody, headers } of held) {
      expect((await t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: rawBody, headers })).statusCode).toBe(200);
    }

    await advanceDays(renewer.client, 31);
    const previous = { subscriptionId: starter, planId: 'starter', period: { start: firstStarterInvoice!.periodStart!, end: firstStarterInvoice!.periodEnd! } };
    await deliverLateSubscriptionEvent(t, { ...previous, name: 'subscription.charged', status: 'active', createdAt: previous.period.start }, { id: firstStarterInvoice!.paymentRef, amountCents: 2000 });
    await deliverLateSubscriptionEvent(t, { ...previous, name: 'subscription.halted', status: 'halted', createdAt: previous.period.start });
    await t.composed.quotas.consume(switcher.userId, 'videos');
    await renewer.client.post('/api/cancel-subscription', { email: renewer.email });
    await expectBooksReconcile(t, renewer, { name: 'Growth Plan', videosUsed: 0 });
    await expectBooksReconcile(t, switcher, { name: 'Starter Plan', videosUsed: 1 });

    await advanceDays(renewer.client, 31);
    expect(await expectBooksReconcile(t, renewer, { name: 'Free Plan', videosUsed: 0 })).toHaveLength(2);
    expect(await expectBooksReconcile(t, halted, { name: 'Free Plan', videosUsed: 0 })).toHaveLength(1);
    expect(await expectBooksReconcile(t, trial, { name: 'Trial Pack', videosUsed: 0 })).toHaveLength(1);
    expect(await expectBooksReconcile(t, switcher, { name: 'Starter Plan', videosUsed: 0 })).toHaveLength(3);
    const delayedInvoices = await expectBooksReconcile(t, delayed, { name: 'Growth Plan', videosUsed: 0 });
    expect(delayedInvoices.map((i) => i.invoice_amount).sort((a, b) => a - b)).toEqual([-20, 20, 39, 39, 39]);

    const creditNote = delayedInvoices.find((i) => i.kind === 'credit_note')!;
    const credited = delayedInvoices.find((i) => i.kind === 'invoice' && i.invoice_amount === 20)!;
    expect(creditNote.invoice_number).toMatch(/^CN-\d{4}-\d{5}$/);
    const file = join(t.config.dataDir, 'credit-note.pdf');
    writeFileSync(file, (await delayed.client.get(creditNote.invoice_url)).rawPayload);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Credit note number: ${creditNote.invoice_number}`);
    expect(text).toContain(`Credits invoice: ${credited.invoice_number}`);
    expect(text).toContain('Total refunded');
  });
});
