import {
  billingMessages,
  checkSubscriptionStatusRequest,
  createPaymentRequest,
  createSubscriptionRequest,
  emailRequest,
  verifyPaymentRequest,
  type InvoiceItem,
} from '@reelsmith/contracts';
import type { FastifyInstance } from 'fastify';
import type { Repositories } from '../db/repositories/index.ts';
import { UserFacingError } from '../errors.ts';
import type { Auth } from '../services/auth.ts';
import type { BillingService } from '../services/billing.ts';
import { renderInvoicePdf, type Seller } from '../services/invoice-pdf.ts';
import { parseWith } from './errors.ts';
import { assertSameUser, requireSessionUser } from './session.ts';

export function registerBillingRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; billing: BillingService; repositories: Repositories; seller: Seller },
): void {
  const { auth, billing } = deps;

  app.post('/api/create-subscription', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(createSubscriptionRequest, request.body, billingMessages.failedToInitiateSubscription);
    assertSameUser(user, { email: body.email });
    return billing.createSubscription(user, body.plan_id, body.gst_invoice);
  });

  app.post('/api/check-subscription-status', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(checkSubscriptionStatusRequest, request.body);
    return billing.checkSubscriptionStatus(user, body.subscription_id);
  });

  app.post('/api/create-payment', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(createPaymentRequest, request.body, billingMessages.failedToInitiatePayment);
    assertSameUser(user, { email: body.email });
    return billing.createTrialPayment(user, body.gst_invoice);
  });

  app.post('/api/verify-payment', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(verifyPaymentRequest, request.body, billingMessages.paymentVerificationFailed);
    assertSameUser(user, { email: body.email });
    return billing.verifyPayment(user, body.payment_link_id);
  });

  app.post('/api/cancel-subscription', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(emailRequest, request.body, billingMessages.cancelFailed);
    assertSameUser(user, { email: body.email });
    return billing.cancelSubscription(user);
  });

  app.post('/api/invoices', async (request): Promise<InvoiceItem[]> => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(emailRequest, request.body);
    assertSameUser(user, { email: body.email });
    const invoices = await deps.repositories.billing.invoicesOf(user.id);
    return invoices.map((invoice) => ({
      kind: invoice.kind,
      invoice_number: invoice.number,
      invoice_date: invoice.issuedAt.toISOString(),
      created_at: invoice.createdAt.toISOString(),
      invoice_amount: (invoice.kind === 'credit_note' ? -invoice.totalCents : invoice.totalCents) / 100,
      currency: invoice.currency,
      invoice_url: `/api/invoices/${encodeURIComponent(invoice.id)}/pdf`,
    }));
  });

  app.get('/api/invoices/:id/pdf', async (request, reply) => {
    const user = await requireSessionUser(auth, request);
    const invoice = await deps.repositories.billing.invoiceOf(user.id, (request.params as { id: string }).id);
    if (!invoice) throw new UserFacingError(404, 'Not found.');
    const credited = invoice.creditsInvoiceId ? await deps.repositories.billing.invoiceOf(user.id, invoice.creditsInvoiceId) : undefined;
    const pdf = await renderInvoicePdf(invoice, { name: user.name, email: user.email }, deps.seller, credited);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
      .send(pdf);
  });
}
