import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import { createBeforeAfterService } from './before-after.ts';
import { registerBeforeAfterRoutes } from './before-after-routes.ts';

/** Before/After: two 7 s scenes (a clip, an animated still, or a generated one) joined with a transition. */
export function beforeAfterModule(infra: Infrastructure, shared: SharedCore): FeatureModule {
  const beforeAfter = createBeforeAfterService({
    ...shared,
    quotas: infra.quotas,
    job: infra.jobs.videoGeneration,
    generatorName: infra.videoGenerator.name,
    probe: shared.probeMedia,
    tmpDir: infra.config.tmpDir,
    templateLook: (userId, projectId) => shared.brands.templateLookFor(userId, projectId),
  });
  return {
    register({ router }) {
      registerBeforeAfterRoutes(router, { beforeAfter });
    },
  };
}
