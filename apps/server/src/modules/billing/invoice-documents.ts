import { billingMessages, genericMessages } from '@reelsmith/contracts';
import type { BillingRepository, InvoiceRecord } from '../../db/repositories/billing.ts';
import type { RateLimitsRepository } from '../../db/repositories/rate-limits.ts';
import { UserFacingError } from '../../errors.ts';
import { renderInvoicePdf, type Seller } from './invoice-pdf.ts';

/** A person downloading their invoices stays far below this; a script asking in a loop does not. */
const downloadsPerMinute = 30;

/**
 * An invoice's PDF, rendered once: an issued invoice does not change, so the first rendering is stored and every
 * later download serves it. Renderings of the same invoice asked for at once share one, and each is bounded
 * (invoice-pdf.ts), so downloads cannot hold the process up.
 */
export function createInvoiceDocuments(deps: { billing: BillingRepository; rateLimits: RateLimitsRepository; seller: Seller }) {
  const { billing } = deps;
  const rendering = new Map<string, Promise<Buffer>>();

  /** "Billed to" is the name and email the document was issued with, not the account's current ones. */
  async function render(userId: string, invoice: InvoiceRecord): Promise<Buffer> {
    const credited = invoice.creditsInvoiceId ? await billing.invoiceOf(userId, invoice.creditsInvoiceId) : undefined;
    const applied = invoice.appliedToInvoiceId ? await billing.invoiceOf(userId, invoice.appliedToInvoiceId) : undefined;
    const buyer = { name: invoice.billedName, email: invoice.billedEmail };
    return billing.storeInvoicePdf(invoice.id, await renderInvoicePdf(invoice, buyer, deps.seller, credited, applied));
  }

  return {
    async pdfFor(user: { id: string }, invoiceId: string): Promise<{ number: string; pdf: Buffer }> {
      const { count } = await deps.rateLimits.hit(`invoice-pdf:${user.id}`, 60_000);
      if (count > downloadsPerMinute) throw new UserFacingError(429, billingMessages.invoiceDownloadsLimited);
      const invoice = await billing.invoiceOf(user.id, invoiceId);
      if (!invoice) throw new UserFacingError(404, genericMessages.notFound);
      const stored = await billing.storedInvoicePdf(invoice.id);
      if (stored) return { number: invoice.number, pdf: stored };
      let pending = rendering.get(invoice.id);
      if (!pending) {
        pending = render(user.id, invoice).finally(() => rendering.delete(invoice.id));
        rendering.set(invoice.id, pending);
      }
      return { number: invoice.number, pdf: await pending };
    },
  };
}

export type InvoiceDocuments = ReturnType<typeof createInvoiceDocuments>;
