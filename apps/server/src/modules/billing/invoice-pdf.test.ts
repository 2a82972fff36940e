import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InvoiceRecord } from '../../db/repositories/billing.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

const scratch = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const invoice: InvoiceRecord = {
  id: 'inv-1',
  userId: 'user-1',
  billedName: 'Priya Raman',
  billedEmail: 'priya.raman.marketing@example.com',
  kind: 'invoice',
  creditsInvoiceId: null,
  appliedToInvoiceId: null,
  number: 'RS-2026-000001',
  issuedAt: new Date('2026-11-01T10:00:00Z'),
  planId: 'growth',
  description: 'Growth plan, monthly',
  periodStart: new Date('2026-11-01T10:00:00Z'),
  periodEnd: new Date('2026-12-01T10:00:00Z'),
  currency: 'USD',
  netCents: 3305,
  taxCents: 595,
  totalCents: 3900,
  gst: true,
  paymentRef: 'pay_123',
  createdAt: new Date('2026-11-01T10:00:00Z'),
};
const seller = { name: 'Reelsmith', address: 'Reelsmith Studio, 1 Market Street, Bengaluru 560001, India', taxId: '29ABCDE1234F1Z5', email: 'billing@reelsmith.example' };
const buyer = { name: 'Priya Raman', email: 'priya.raman.marketing@example.com' };

async function layoutText(): Promise<string[]> {
  const file = join(scratch, 'invoice.pdf');
  writeFileSync(file, await renderInvoicePdf(invoice, buyer, seller));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\n');
}

const pagesOf = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);

describe('invoice PDF layout', () => {
  it("keeps the seller's address in its own column, clear of the customer's email", async () => {
    const lines = await layoutText();
    const emailLine = lines.find((line) => line.includes(buyer.email));
    expect(emailLine).toBeDefined();
    // The buyer's email stands alone after whatever the seller column holds on that line, with a gap between them.
    expect(emailLine).toMatch(new RegExp(`(^|\\s{2,})${buyer.email.replace(/\./g, '\\.')}\\s*$`));
    const sellerColumn = lines.map((line) => line.split(/\s{2,}/)[0]?.trim() ?? '').join(' ');
    for (const word of seller.address.split(' ')) expect(sellerColumn).toContain(word);
    expect(lines.join('\n')).toContain(seller.email);
  });
});

describe('invoice PDF bounds', () => {
  it('stays one page whatever length the stored texts have, cutting each printed one short', async () => {
    const huge = (word: string, times: number) => `${word} \n`.repeat(times);
    const file = join(scratch, 'huge.pdf');
    const pdf = await renderInvoicePdf(
      { ...invoice, description: huge('Growth', 20_000), paymentRef: 'p'.repeat(10_000), number: `RS-${'9'.repeat(5_000)}` },
      { name: 'N'.repeat(480_000), email: `${'e'.repeat(100_000)}@example.com` },
      { ...seller, name: huge('Reelsmith', 5_000), address: huge('Street', 50_000), email: `${'b'.repeat(50_000)}@example.com` },
      { ...invoice, number: 'C'.repeat(20_000) },
    );
    writeFileSync(file, pdf);
    expect(pagesOf(file)).toBe(1);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Growth Growth');
    expect(text).toContain('…');
  });
});
