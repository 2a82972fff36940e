import type { FeatureModule } from '../../http/feature-module.ts';
import { createUgcService, type UgcDependencies } from './ugc.ts';
import { registerUgcRoutes } from './ugc-routes.ts';

/** UGC Video: a still of the product in a chosen scene, then that still brought to life. */
export function ugcModule(deps: UgcDependencies): FeatureModule {
  return {
    register({ router }) {
      registerUgcRoutes(router, { ugc: createUgcService(deps) });
    },
  };
}
