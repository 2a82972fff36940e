import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { createBillingService } from './billing.ts';
import { registerBillingRoutes } from './billing-routes.ts';
import { createCheckouts } from './checkouts.ts';
import { createInvoiceDocuments } from './invoice-documents.ts';
import { createPaymentArrivals } from './payment-arrivals.ts';
import { registerPaymentWebhookRoutes } from './payment-webhook-routes.ts';
import { createPlanChangeSettlements } from './plan-change-settlements.ts';
import { createPlanChanges } from './plan-changes.ts';
import { createPlanSwitches } from './plan-switches.ts';
import { registerTestGatewayRoutes } from './test-gateway-routes.ts';

/** Plans, purchases, invoices and the payment webhook; the built-in test gateway's pages when no provider is configured. */
export function billingModule(infra: Infrastructure): FeatureModule {
  const { repositories, quotas, log, config } = infra;
  const { provider, testGateway, clock } = infra.payments;
  const planChanges = createPlanChanges({ subscriptions: repositories.subscriptions, billing: repositories.billing, clock });
  const settlements = createPlanChangeSettlements({ provider, subscriptions: repositories.subscriptions, planChanges });
  const billing = createBillingService({
    provider,
    billing: repositories.billing,
    quotas,
    planChanges,
    arrivals: createPaymentArrivals({ provider, billing: repositories.billing, quotas, planChanges, log }),
    settlements,
    checkouts: createCheckouts({ provider, billing: repositories.billing, log }),
    publicUrl: config.publicUrl,
    clock,
    log,
  });
  const switches = createPlanSwitches({ provider, subscriptions: repositories.subscriptions, quotas, settlements, clock, log });
  const documents = createInvoiceDocuments({ billing: repositories.billing, rateLimits: repositories.rateLimits, seller: config.seller });
  return {
    async register({ router, app }) {
      registerBillingRoutes(router, { billing, switches, repositories, documents });
      await registerPaymentWebhookRoutes(app, router, { provider, billing });
      if (testGateway) registerTestGatewayRoutes(router, testGateway);
    },
  };
}
