import type { FeatureModule } from '../../http/feature-module.ts';
import { createFinalVideoService } from './final-video.ts';
import { registerFinalVideoRoutes } from './final-video-routes.ts';

/** The final MP4: rendered once from the project document, a video credit held while it renders. */
export function finalVideoModule(deps: Parameters<typeof createFinalVideoService>[0]): FeatureModule {
  return {
    register({ router }) {
      registerFinalVideoRoutes(router, { finalVideo: createFinalVideoService(deps) });
    },
  };
}
