import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { registerVendorWebhookRoutes } from './vendor-webhook-routes.ts';
import { createVendorWebhooks } from './vendor-webhooks.ts';

/** fal.ai's and Replicate's webhooks: a generation's end, announced by the vendor, kept for the job polling it. */
export function vendorWebhooksModule(infra: Infrastructure): FeatureModule {
  const webhooks = createVendorWebhooks({ generator: infra.videoGenerator, generations: infra.repositories.videoGenerations });
  return {
    async register({ router, app }) {
      await registerVendorWebhookRoutes(app, router, { webhooks, logError: infra.log.error });
    },
  };
}
