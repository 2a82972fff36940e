import type { FeatureModule } from '../../http/feature-module.ts';
import { createBeforeAfterService, type BeforeAfterDependencies } from './before-after.ts';
import { registerBeforeAfterRoutes } from './before-after-routes.ts';

/** Before/After: two 7 s scenes (a clip, an animated still, or a generated one) joined with a transition. */
export function beforeAfterModule(deps: BeforeAfterDependencies): FeatureModule {
  return {
    register({ router }) {
      registerBeforeAfterRoutes(router, { beforeAfter: createBeforeAfterService(deps) });
    },
  };
}
