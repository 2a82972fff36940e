import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { billingMessages, genericMessages } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { customer, invoicesOf } from './billing-helpers.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

/** The account: a name of 480 000 characters, stored before names were bounded at the API. */
const hugeName = 'Priya Raman '.repeat(40_000);

describe.each(targets)('invoice PDFs on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  const pdfInfo = (bytes: Buffer, name: string) => {
    const file = join(t.config.dataDir, `${name}.pdf`);
    writeFileSync(file, bytes);
    return { pages: Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]), text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }) };
  };

  async function paidCustomer(email: string) {
    const who = await customer(t, email);
    const { subscription_id } = (await who.client.post('/api/create-subscription', { plan_id: 'growth', gst_invoice: 'Yes', email })).json();
    await who.client.post(`/pay/subscriptions/${subscription_id}/pay`, {});
    const [invoice] = await invoicesOf(who.client, email);
    return { ...who, invoice: invoice as { invoice_url: string; invoice_number: string } };
  }
  const setStoredName = (userId: string, name: string) => t.database.executeSql('update "user" set name = $1 where id = $2', [name, userId]);
  /** The name an invoice was issued to, as an account made before names were bounded may have left it. */
  const setBilledName = (userId: string, name: string) => t.database.executeSql('update invoice set billed_name = $1 where user_id = $2', [name, userId]);

  it('a user with a huge stored name gets a one-page PDF, and /health answers promptly while several are requested', async () => {
    const who = await paidCustomer('huge-name@example.com');
    await setBilledName(who.userId, hugeName);

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let settled = false;
    const downloads = Promise.all(Array.from({ length: 8 }, () => who.client.get(who.invoice.invoice_url))).finally(() => {
      settled = true;
    });
    let slowestHealthMs = 0;
    while (!settled) {
      const asked = performance.now();
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answers = await downloads;
    delay.disable();

    // Generous bounds for a busy machine: one unbounded render of this name blocked the process for seconds.
    expect(slowestHealthMs).toBeLessThan(1500);
    expect(delay.max / 1e6).toBeLessThan(1500);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
    }
    const { pages, text } = pdfInfo(answers[0]!.rawPayload, 'huge-name');
    expect(pages).toBe(1);
    expect(text).toContain(who.invoice.invoice_number);
    expect(text).toContain('Priya Raman Priya Raman');
    expect(text).toContain('huge-name@example.com');
  });

  it('an invoice is rendered once: later downloads serve the stored file, whatever the account says since', async () => {
    const who = await paidCustomer('stored-pdf@example.com');
    const first = (await who.client.get(who.invoice.invoice_url)).rawPayload;
    await setStoredName(who.userId, 'Somebody Else');
    const again = (await who.client.get(who.invoice.invoice_url)).rawPayload;
    expect(again.equals(first)).toBe(true);
    expect(pdfInfo(again, 'stored').text).toContain('Test User');
  });

  it('limits PDF downloads per user with the catalogue message, and the refused one changes nothing', async () => {
    const who = await paidCustomer('many-pdfs@example.com');
    const other = await paidCustomer('other-pdfs@example.com');
    // Every request counts, found or not: 30 in a minute are allowed.
    for (let i = 0; i < 30; i += 1) expect((await who.client.get('/api/invoices/inv_missing/pdf')).statusCode).toBe(404);
    const refused = await who.client.get(who.invoice.invoice_url);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: billingMessages.invoiceDownloadsLimited });
    const invoiceId = decodeURIComponent(who.invoice.invoice_url.split('/')[3]!);
    expect(await t.composed.repositories.billing.storedInvoicePdf(invoiceId)).toBeUndefined();
    expect((await other.client.get(other.invoice.invoice_url)).statusCode).toBe(200);
  });

  it("answers 404 for another user's invoice and for one that does not exist", async () => {
    const owner = await paidCustomer('pdf-owner@example.com');
    const stranger = await customer(t, 'pdf-stranger@example.com');
    for (const url of [owner.invoice.invoice_url, '/api/invoices/inv_missing/pdf']) {
      const answer = await stranger.client.get(url);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: genericMessages.notFound });
    }
  });
});
