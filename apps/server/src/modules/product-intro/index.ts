import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import type { BusinessOf } from '../../providers/video-generation/templates/template-words.ts';
import { createProductIntroService } from './product-intro.ts';
import { registerProductIntroRoutes } from './product-intro-routes.ts';

/** Product Intro: four product images brought to life as 3.5 s scenes of chosen types, joined into 14 s. */
export function productIntroModule(infra: Infrastructure, shared: SharedCore, business: BusinessOf): FeatureModule {
  const intro = createProductIntroService({
    ...shared,
    quotas: infra.quotas,
    job: infra.jobs.videoGeneration,
    generatorName: infra.videoGenerator.name,
    business,
    templateLook: (userId, projectId) => shared.brands.templateLookFor(userId, projectId),
    probe: shared.probeMedia,
    tmpDir: infra.config.tmpDir,
  });
  return {
    register({ router }) {
      registerProductIntroRoutes(router, { intro });
    },
  };
}
