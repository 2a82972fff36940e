import type { FeatureModule } from '../../http/feature-module.ts';
import { createAiVideoService } from './ai-video.ts';
import { createStoryboardService } from './storyboard.ts';
import { registerStoryboardRoutes } from './storyboard-routes.ts';

/**
 * Smart Storyboard: scenes written for the script, a clip or image per scene, rendered into the background (Create
 * Video), or each scene's still animated by the video generator (Create AI Video).
 */
export function storyboardModule(deps: {
  storyboard: Parameters<typeof createStoryboardService>[0];
  aiVideo: Parameters<typeof createAiVideoService>[0];
}): FeatureModule {
  return {
    register({ router }) {
      registerStoryboardRoutes(router, { storyboard: createStoryboardService(deps.storyboard), aiVideo: createAiVideoService(deps.aiVideo) });
    },
  };
}
