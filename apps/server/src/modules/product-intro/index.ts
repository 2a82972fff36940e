import type { FeatureModule } from '../../http/feature-module.ts';
import { createProductIntroService, type ProductIntroDependencies } from './product-intro.ts';
import { registerProductIntroRoutes } from './product-intro-routes.ts';

/** Product Intro: four product images brought to life as 3.5 s scenes of chosen types, joined into 14 s. */
export function productIntroModule(deps: ProductIntroDependencies): FeatureModule {
  return {
    register({ router }) {
      registerProductIntroRoutes(router, { intro: createProductIntroService(deps) });
    },
  };
}
