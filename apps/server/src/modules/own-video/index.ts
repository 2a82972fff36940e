import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import { createOwnVideos } from './own-videos.ts';
import { registerOwnVideoRoutes } from './own-video-routes.ts';
import { createVideoAudioService } from './video-audio.ts';
import { registerVideoAudioRoutes } from './video-audio-routes.ts';

/** Use Own Video: the user's clips combined, and the video's sound joined with the voiceover. */
export function ownVideoModule(infra: Infrastructure, shared: SharedCore): FeatureModule {
  const { workflow, videoJobs } = shared;
  const { signer, repositories } = infra;
  const ownVideos = createOwnVideos({ workflow, ownVideos: repositories.ownVideos, uploads: infra.uploads, uploadRecords: repositories.uploads, signer, videoJobs });
  const videoAudio = createVideoAudioService({ workflow, videoJobs, storage: infra.storage, signer, probeDuration: shared.probeDuration });
  return {
    register({ router }) {
      registerOwnVideoRoutes(router, { ownVideos });
      registerVideoAudioRoutes(router, { videoAudio });
    },
  };
}
