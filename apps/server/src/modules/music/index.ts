import type { MusicTrack } from '@reelsmith/contracts';
import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import { createBgMusicService, type BgMusicDependencies } from './bg-music.ts';
import { registerBgMusicRoutes } from './bg-music-routes.ts';
import { registerMusicRoutes } from './music-routes.ts';

/** The music list and the project's background music (a library track, an upload, or none). */
export function musicModule(
  infra: Infrastructure,
  shared: SharedCore,
  media: { music(): Promise<MusicTrack[]>; libraryTracks: BgMusicDependencies['libraryTracks'] },
): FeatureModule {
  const bgMusic = createBgMusicService({ workflow: shared.workflow, uploads: infra.uploads, storage: infra.storage, signer: infra.signer, libraryTracks: media.libraryTracks });
  return {
    register({ router }) {
      registerMusicRoutes(router, { music: media.music });
      registerBgMusicRoutes(router, { bgMusic });
    },
  };
}
