import type { MusicTrack } from '@reelsmith/contracts';
import type { FeatureModule } from '../../http/feature-module.ts';
import { createBgMusicService } from './bg-music.ts';
import { registerBgMusicRoutes } from './bg-music-routes.ts';
import { registerMusicRoutes } from './music-routes.ts';

/** The music list and the project's background music (a library track, an upload, or none). */
export function musicModule(deps: { bgMusic: Parameters<typeof createBgMusicService>[0]; music(): Promise<MusicTrack[]> }): FeatureModule {
  return {
    register({ router }) {
      registerMusicRoutes(router, { music: deps.music });
      registerBgMusicRoutes(router, { bgMusic: createBgMusicService(deps.bgMusic) });
    },
  };
}
