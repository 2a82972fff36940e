import type { FeatureModule } from '../../http/feature-module.ts';
import { createOwnVideos } from './own-videos.ts';
import { registerOwnVideoRoutes } from './own-video-routes.ts';
import { createVideoAudioService } from './video-audio.ts';
import { registerVideoAudioRoutes } from './video-audio-routes.ts';

/** Use Own Video: the user's clips combined, and the video's sound joined with the voiceover. */
export function ownVideoModule(deps: {
  ownVideos: Parameters<typeof createOwnVideos>[0];
  videoAudio: Parameters<typeof createVideoAudioService>[0];
}): FeatureModule {
  return {
    register({ router }) {
      registerOwnVideoRoutes(router, { ownVideos: createOwnVideos(deps.ownVideos) });
      registerVideoAudioRoutes(router, { videoAudio: createVideoAudioService(deps.videoAudio) });
    },
  };
}
