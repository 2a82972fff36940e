import type { Repositories } from '../../db/repositories/index.ts';
import type { FeatureModule } from '../../http/feature-module.ts';
import type { TestGateway } from '../../providers/payments/test-gateway.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import type { BillingService } from './billing.ts';
import { registerBillingRoutes } from './billing-routes.ts';
import { createInvoiceDocuments } from './invoice-documents.ts';
import type { Seller } from './invoice-pdf.ts';
import { registerPaymentWebhookRoutes } from './payment-webhook-routes.ts';
import { registerTestGatewayRoutes } from './test-gateway-routes.ts';

/**
 * Plans, purchases, invoices and the payment webhook; the built-in test gateway's pages when no provider is
 * configured. The billing service itself is made by the composition root, which the test gateway also needs.
 */
export function billingModule(deps: {
  billing: BillingService;
  repositories: Repositories;
  seller: Seller;
  provider: PaymentProvider;
  testGateway: TestGateway | undefined;
}): FeatureModule {
  return {
    async register({ router, app }) {
      const { billing, rateLimits } = deps.repositories;
      const documents = createInvoiceDocuments({ billing, rateLimits, seller: deps.seller });
      registerBillingRoutes(router, { billing: deps.billing, repositories: deps.repositories, documents });
      await registerPaymentWebhookRoutes(app, router, { provider: deps.provider, billing: deps.billing });
      if (deps.testGateway) registerTestGatewayRoutes(router, deps.testGateway);
    },
  };
}
