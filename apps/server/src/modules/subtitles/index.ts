import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import { registerSubtitleRoutes } from './subtitle-routes.ts';
import { createSubtitlesService } from './subtitles.ts';

/** Captions: made from the voice's word timings (or the own video's heard words, or typed), edited, styled, previewed. */
export function subtitlesModule(infra: Infrastructure, shared: SharedCore): FeatureModule {
  const subtitles = createSubtitlesService({ workflow: shared.workflow, ownSound: shared.ownSound, signer: infra.signer, brandDefaults: shared.brands.defaultsFor });
  return {
    register({ router }) {
      registerSubtitleRoutes(router, { subtitles });
    },
  };
}
