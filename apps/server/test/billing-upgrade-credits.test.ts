import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { proratedUpgrade } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { advanceDays, changePlan, invoicesOf, subscriber, subscriptionOf } from './billing-helpers.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();
const dayMs = 86_400_000;

describe.each(targets)('what an upgrade adds and credits on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  const pdfText = (bytes: Buffer) => {
    const file = join(t.config.dataDir, `credit-${Date.now()}.pdf`);
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  };
  type Listed = { kind: string; invoice_number: string; invoice_url: string };
  const creditNotesOf = async (client: Parameters<typeof invoicesOf>[0], email: string) =>
    ((await invoicesOf(client, email)) as Listed[]).filter((i) => i.kind === 'credit_note');

  it('with a tenth of the period left, an upgrade adds a tenth of the extra credits, and the renewal brings the full plan', async () => {
    const { client, email, userId } = await subscriber(t, 'upgrade-late@example.com', 'growth');
    for (let i = 0; i < 28; i += 1) await t.composed.quotas.consume(userId, 'videos');
    for (let i = 0; i < 9; i += 1) await t.composed.quotas.consume(userId, 'aiVideos');
    const { periodStart, periodEnd } = (await t.composed.repositories.subscriptions.find(userId))!;
    const length = periodEnd.getTime() - periodStart.getTime();
    // To 10 % of the period left, less a minute for the requests' own time (still rounding to a tenth).
    await advanceDays(client, (0.9 * length - 60_000) / dayMs);
    const fractionLeft = proratedUpgrade(3900, 7500, { start: periodStart, end: periodEnd }, t.composed.testGateway!.now()).fractionLeft;
    expect(fractionLeft).toBeCloseTo(0.1, 3);

    expect((await changePlan(client, email, 'pro')).statusCode).toBe(200);
    // Pro has 30 videos and 10 AI videos more than Growth: a tenth of them is 3 and 1.
    expect(await subscriptionOf(client, email)).toMatchObject({
      plan_name: 'Pro Plan',
      videos_used: 28,
      videos_allowed: 33,
      ai_videos_used: 9,
      ai_videos_allowed: 11,
      ideas_allowed: 110,
    });

    await advanceDays(client, (0.1 * length) / dayMs + 1);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Pro Plan', videos_used: 0, videos_allowed: 60, ai_videos_used: 0, ai_videos_allowed: 20 });
  });

  it('an upgrade right after a purchase adds the whole difference: never more than the new plan', async () => {
    const { client, email } = await subscriber(t, 'upgrade-early@example.com', 'starter');
    expect((await changePlan(client, email, 'pro')).statusCode).toBe(200);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Pro Plan', videos_allowed: 60, ai_videos_allowed: 20, ideas_allowed: 200 });
  });

  it("the credit for the unused plan credits the invoice that paid for this period, not the newest one, and its PDF names it", async () => {
    const { client, email, userId } = await subscriber(t, 'credit-period@example.com', 'growth');
    const [periodInvoice] = await t.composed.repositories.billing.invoicesOf(userId);
    await advanceDays(client, 5);
    // A later invoice for something else (a late charge from an older subscription, invoiced as it arrived).
    const later = await t.composed.repositories.billing.addInvoice(
      {
        id: 'inv_pay_late_other',
        userId,
        billedName: periodInvoice!.billedName,
        billedEmail: periodInvoice!.billedEmail,
        issuedAt: t.composed.testGateway!.now(),
        planId: 'starter',
        description: 'Starter plan, monthly subscription',
        periodStart: new Date(periodInvoice!.periodStart!.getTime() - 31 * dayMs),
        periodEnd: periodInvoice!.periodStart!,
        currency: 'USD',
        netCents: 2000,
        taxCents: 0,
        totalCents: 2000,
        gst: false,
        paymentRef: 'pay_late_other',
      },
      (n) => `RS-LATE-${n}`,
    );

    expect((await changePlan(client, email, 'pro')).statusCode).toBe(200);
    const [note] = await creditNotesOf(client, email);
    const record = (await t.composed.repositories.billing.invoicesOf(userId)).find((i) => i.number === note!.invoice_number)!;
    expect(record.creditsInvoiceId).toBe(periodInvoice!.id);
    expect(record.creditsInvoiceId).not.toBe(later.id);
    const text = pdfText((await client.get(note!.invoice_url)).rawPayload);
    expect(text).toContain(`Credits invoice: ${periodInvoice!.number}`);
  });

  it('a second upgrade in the period credits the first upgrade\'s invoice, which paid for the plan it leaves', async () => {
    const { client, email, userId } = await subscriber(t, 'credit-twice@example.com', 'starter');
    await advanceDays(client, 3);
    expect((await changePlan(client, email, 'growth')).statusCode).toBe(200);
    const growthInvoice = (await t.composed.repositories.billing.invoicesOf(userId)).find((i) => i.kind === 'invoice' && i.planId === 'growth')!;
    await advanceDays(client, 3);
    expect((await changePlan(client, email, 'pro')).statusCode).toBe(200);
    const records = await t.composed.repositories.billing.invoicesOf(userId);
    const growthCredit = records.find((i) => i.kind === 'credit_note' && i.planId === 'growth')!;
    expect(growthCredit.creditsInvoiceId).toBe(growthInvoice.id);
    const text = pdfText((await client.get(`/api/invoices/${growthCredit.id}/pdf`)).rawPayload);
    expect(text).toContain(`Credits invoice: ${growthInvoice.number}`);
  });
});
