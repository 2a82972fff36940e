import type { VideoGenerationsRepository } from '../../db/repositories/video-generations.ts';
import type { FeatureModule } from '../../http/feature-module.ts';
import type { VideoGenerator } from '../../providers/video-generation/types.ts';
import { registerVendorWebhookRoutes } from './vendor-webhook-routes.ts';
import { createVendorWebhooks } from './vendor-webhooks.ts';

/** fal.ai's and Replicate's webhooks: a generation's end, announced by the vendor, kept for the job polling it. */
export function vendorWebhooksModule(deps: {
  generator: Pick<VideoGenerator, 'name' | 'readWebhook'>;
  generations: VideoGenerationsRepository;
  logError: (line: string) => void;
}): FeatureModule {
  return {
    async register({ router, app }) {
      const webhooks = createVendorWebhooks({ generator: deps.generator, generations: deps.generations });
      await registerVendorWebhookRoutes(app, router, { webhooks, logError: deps.logError });
    },
  };
}
