import type { Seller } from '../../config.ts';
import PDFDocument from 'pdfkit';
import type { InvoiceRecord } from '../../db/repositories/billing.ts';

export type { Seller };

/**
 * Every text printed is one line of bounded length: the work of a rendering is then bounded whatever an account or a
 * configuration holds (a 480 000-character name once made a 449-page PDF and blocked the process for seconds).
 */
const printedLimits = { name: 120, email: 254, address: 300, description: 200, reference: 64 } as const;
const clip = (text: string, limit: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > limit ? `${line.slice(0, limit - 1)}…` : line;
};

const money = (cents: number, currency: string) => `${currency === 'USD' ? '$' : `${clip(currency, 8)} `}${(cents / 100).toFixed(2)}`;
const day = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * A real invoice PDF: seller, buyer, plan, period and amount; a GST tax invoice shows the 18 % tax separately. A credit
 * note (a refund) names the invoice it credits and shows the amounts given back.
 */
export function renderInvoicePdf(
  invoice: InvoiceRecord,
  buyerAsStored: { name: string; email: string },
  sellerAsConfigured: Seller,
  credited?: InvoiceRecord,
  applied?: InvoiceRecord,
): Promise<Buffer> {
  const buyer = { name: clip(buyerAsStored.name, printedLimits.name), email: clip(buyerAsStored.email, printedLimits.email) };
  const seller = {
    name: clip(sellerAsConfigured.name, printedLimits.name),
    address: clip(sellerAsConfigured.address, printedLimits.address),
    taxId: clip(sellerAsConfigured.taxId, printedLimits.reference),
    email: clip(sellerAsConfigured.email, printedLimits.email),
  };
  const number = clip(invoice.number, printedLimits.reference);
  const credit = invoice.kind === 'credit_note';
  const document = credit ? 'Credit note' : 'Invoice';
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${document} ${number}`, Author: seller.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.fillColor('#6d28d9').fontSize(24).text(seller.name, { continued: false });
  doc.moveDown(0.3).fillColor('#1f2330').fontSize(16).text(invoice.gst ? `${credit ? 'Credit Note' : 'Tax Invoice'} (GST)` : document);
  doc.moveDown();
  doc.fontSize(10).fillColor('#1f2330');
  doc.text(`${document} number: ${number}`);
  doc.text(`${document} date: ${day(invoice.issuedAt)}`);
  if (credited) doc.text(`Credits invoice: ${clip(credited.number, printedLimits.reference)} of ${day(credited.issuedAt)}`);
  doc.text(`${credit ? 'Refund' : 'Payment'} reference: ${clip(invoice.paymentRef, printedLimits.reference)}`);
  doc.moveDown();

  // Two bounded columns: an unbounded seller address would run on into the buyer's column.
  const top = doc.y;
  const from = { width: 230 };
  const billed = { width: 219 };
  doc.font('Helvetica-Bold').text('From', 56, top, from).font('Helvetica').text(seller.name, from).text(seller.address, from).text(seller.email, from);
  if (invoice.gst) doc.text(`GSTIN: ${seller.taxId}`, from);
  const fromBottom = doc.y;
  doc.font('Helvetica-Bold').text('Billed to', 320, top, billed).font('Helvetica').text(buyer.name, 320, doc.y, billed).text(buyer.email, 320, doc.y, billed);
  doc.x = 56;
  doc.y = Math.max(fromBottom, doc.y);
  doc.moveDown(2);

  doc.font('Helvetica-Bold').text('Description', 56, doc.y, { continued: false });
  const lineY = doc.y + 4;
  doc.moveTo(56, lineY).lineTo(539, lineY).strokeColor('#d4d4dc').stroke();
  doc.moveDown(0.8).font('Helvetica');
  doc.text(clip(invoice.description, printedLimits.description), 56);
  if (invoice.periodStart && invoice.periodEnd) doc.text(`Period: ${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`);
  doc.moveDown();

  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, 320, y).text(value, 440, y, { width: 99, align: 'right' });
  };
  if (invoice.gst) {
    row('Taxable value', money(invoice.netCents, invoice.currency));
    row('GST @ 18%', money(invoice.taxCents, invoice.currency));
  }
  // A credit for the unused part of a plan is not paid out: it is taken off the invoice of the upgrade.
  const setAgainst = credit && applied;
  row(setAgainst ? 'Total credited' : credit ? 'Total refunded' : 'Total', money(invoice.totalCents, invoice.currency), true);
  const closing = setAgainst
    ? `This amount was taken off invoice ${clip(applied.number, printedLimits.reference)} for your plan upgrade.`
    : credit
      ? 'This amount has been refunded to your original payment method.'
      : 'Thank you for making videos with Reelsmith.';
  doc.moveDown(2).font('Helvetica').fontSize(9).fillColor('#5b5f6b').text(closing, 56);
  doc.end();
  return done;
}
