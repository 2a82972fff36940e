import type { FeatureModule } from '../../http/feature-module.ts';
import { registerSubtitleRoutes } from './subtitle-routes.ts';
import { createSubtitlesService } from './subtitles.ts';

/** Captions: made from the voice's word timings (or the own video's heard words, or typed), edited, styled, previewed. */
export function subtitlesModule(deps: Parameters<typeof createSubtitlesService>[0]): FeatureModule {
  return {
    register({ router }) {
      registerSubtitleRoutes(router, { subtitles: createSubtitlesService(deps) });
    },
  };
}
