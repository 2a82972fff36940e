import { billingEndpoints, type InvoiceItem } from '@reelsmith/contracts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { BillingService } from './billing.ts';
import type { InvoiceDocuments } from './invoice-documents.ts';
import type { PlanSwitches } from './plan-switches.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

export function registerBillingRoutes(router: EndpointRouter, deps: { billing: BillingService; switches: PlanSwitches; repositories: Repositories; documents: InvoiceDocuments }): void {
  const { billing } = deps;
  const { route } = router;

  route(billingEndpoints.createSubscription, ({ user, input }) => billing.createSubscription(user, input.plan_id, input.gst_invoice));

  route(billingEndpoints.checkSubscriptionStatus, ({ user, input }) => billing.checkSubscriptionStatus(user, input.subscription_id));

  route(billingEndpoints.createPayment, ({ user, input }) => billing.createTrialPayment(user, input.gst_invoice));

  route(billingEndpoints.verifyPayment, ({ user, input }) => billing.verifyPayment(user, input.payment_link_id));

  route(billingEndpoints.cancelSubscription, ({ user }) => billing.cancelSubscription(user));

  route(billingEndpoints.changePlan, ({ user, input }) => deps.switches.changePlan(user, input.plan_id, input.from_plan_id));

  route(billingEndpoints.cancelPlanChange, ({ user }) => deps.switches.cancelScheduledChange(user));

  route(billingEndpoints.invoices, async ({ user }): Promise<InvoiceItem[]> => {
    const invoices = await deps.repositories.billing.invoicesOf(user.id);
    return invoices.map((invoice) => ({
      kind: invoice.kind,
      ...(invoice.kind === 'credit_note' ? { credit_for: invoice.appliedToInvoiceId ? ('upgrade' as const) : ('refund' as const) } : {}),
      invoice_number: invoice.number,
      invoice_date: invoice.issuedAt.toISOString(),
      created_at: invoice.createdAt.toISOString(),
      invoice_amount: (invoice.kind === 'credit_note' ? -invoice.totalCents : invoice.totalCents) / 100,
      currency: invoice.currency,
      invoice_url: `/api/invoices/${encodeURIComponent(invoice.id)}/pdf`,
    }));
  });

  // "Billed to" is the name and email the document was issued with, not the account's current ones.
  route(billingEndpoints.invoicePdf, async ({ user, params, reply }) => {
    const { number, pdf } = await deps.documents.pdfFor(user, params.id);
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${number}.pdf"`).send(pdf);
  });
}
