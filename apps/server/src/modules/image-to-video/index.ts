import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import { createImageEffects } from './image-effects.ts';
import { createImageToVideoService } from './image-to-video.ts';
import { registerImageToVideoRoutes } from './image-to-video-routes.ts';

/** Image to Video: up to ten images made into a slideshow with a transition effect (each effect has a preview clip). */
export function imageToVideoModule(infra: Infrastructure, shared: SharedCore): FeatureModule {
  const { storage, signer, quotas, config } = infra;
  const imageToVideo = createImageToVideoService({ ...shared, storage, signer, quotas, probe: shared.probeMedia, tmpDir: config.tmpDir });
  const effects = createImageEffects({ storage, media: infra.mediaPort, signer, tmpDir: config.tmpDir });
  return {
    register({ router }) {
      registerImageToVideoRoutes(router, { imageToVideo, effects });
    },
  };
}
