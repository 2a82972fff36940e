import { mediaEndpoints } from '@reelsmith/contracts';
import type { LibraryCatalogue } from '../services/library-catalogue.ts';
import type { EndpointRouter } from './endpoint-router.ts';

/** POST /music (SPEC §7) returns the list of tracks: {id, title, url, duration, mood, silent}[]. */
export function registerMusicRoutes(router: EndpointRouter, deps: { catalogue: LibraryCatalogue }): void {
  router.route(mediaEndpoints.music, () => deps.catalogue.music());
}
