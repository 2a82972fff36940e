import type { BackgroundItem } from '@reelsmith/contracts';
import type { FeatureModule } from '../../http/feature-module.ts';
import { registerScrollStopperRoutes } from './scroll-stopper-routes.ts';

/** The Scroll Stopper's named backgrounds (choosing one starts a project: dashboard's create-video). */
export function scrollStopperModule(media: { backgrounds(): Promise<BackgroundItem[]> }): FeatureModule {
  return {
    register({ router }) {
      registerScrollStopperRoutes(router, media);
    },
  };
}
