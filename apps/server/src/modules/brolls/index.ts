import type { FeatureModule } from '../../http/feature-module.ts';
import { createAutoBroll } from './auto-broll.ts';
import { registerBrollRoutes } from './broll-routes.ts';
import { createBrollsService } from './brolls.ts';

/** B-roll images laid over the background video, picked by hand or matched to the words (auto B-roll). */
export function brollsModule(deps: { brolls: Parameters<typeof createBrollsService>[0]; autoBroll: Parameters<typeof createAutoBroll>[0] }): FeatureModule {
  return {
    register({ router }) {
      registerBrollRoutes(router, { brolls: createBrollsService(deps.brolls), autoBroll: createAutoBroll(deps.autoBroll) });
    },
  };
}
