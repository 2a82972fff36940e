import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import type { BusinessOf } from '../../providers/video-generation/templates/template-words.ts';
import { createProductShowcaseService } from './product-showcase.ts';
import { registerProductShowcaseRoutes } from './product-showcase-routes.ts';

/** Product Showcase: one or two product images brought to life with their texts on them, as 7 s scenes. */
export function productShowcaseModule(infra: Infrastructure, shared: SharedCore, business: BusinessOf): FeatureModule {
  const showcase = createProductShowcaseService({ ...shared, quotas: infra.quotas, job: infra.jobs.videoGeneration, probe: shared.probeMedia, tmpDir: infra.config.tmpDir, generatorName: infra.videoGenerator.name, business, templateLook: (userId, projectId) => shared.brands.templateLookFor(userId, projectId) });
  return {
    register({ router }) {
      registerProductShowcaseRoutes(router, { showcase, generatorName: infra.videoGenerator.name });
    },
  };
}
