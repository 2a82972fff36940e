import type { FeatureModule } from '../../http/feature-module.ts';
import { createStoryboardService } from './storyboard.ts';
import { registerStoryboardRoutes } from './storyboard-routes.ts';

/** Smart Storyboard: scenes written for the script, a clip or image per scene, rendered into the background. */
export function storyboardModule(deps: Parameters<typeof createStoryboardService>[0]): FeatureModule {
  return {
    register({ router }) {
      registerStoryboardRoutes(router, { storyboard: createStoryboardService(deps) });
    },
  };
}
