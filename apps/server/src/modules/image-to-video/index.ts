import type { FeatureModule } from '../../http/feature-module.ts';
import { createImageEffects } from './image-effects.ts';
import { createImageToVideoService } from './image-to-video.ts';
import { registerImageToVideoRoutes } from './image-to-video-routes.ts';

/** Image to Video: up to ten images made into a slideshow with a transition effect (each effect has a preview clip). */
export function imageToVideoModule(deps: { imageToVideo: Parameters<typeof createImageToVideoService>[0]; effects: Parameters<typeof createImageEffects>[0] }): FeatureModule {
  return {
    register({ router }) {
      registerImageToVideoRoutes(router, { imageToVideo: createImageToVideoService(deps.imageToVideo), effects: createImageEffects(deps.effects) });
    },
  };
}
