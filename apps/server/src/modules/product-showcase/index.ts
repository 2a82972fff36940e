import type { FeatureModule } from '../../http/feature-module.ts';
import type { VideoGenerator } from '../../providers/video-generation/types.ts';
import { createProductShowcaseService, type ProductShowcaseDependencies } from './product-showcase.ts';
import { registerProductShowcaseRoutes } from './product-showcase-routes.ts';

/** Product Showcase: one or two product images brought to life with their texts on them, as 7 s scenes. */
export function productShowcaseModule(deps: { showcase: ProductShowcaseDependencies; generatorName: VideoGenerator['name'] }): FeatureModule {
  return {
    register({ router }) {
      registerProductShowcaseRoutes(router, { showcase: createProductShowcaseService(deps.showcase), generatorName: deps.generatorName });
    },
  };
}
