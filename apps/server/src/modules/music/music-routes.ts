import { mediaEndpoints, type MusicTrack } from '@reelsmith/contracts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** POST /music (SPEC §7) returns the list of tracks: {id, title, url, duration, mood, silent}[]. */
export function registerMusicRoutes(router: EndpointRouter, deps: { music(): Promise<MusicTrack[]> }): void {
  router.route(mediaEndpoints.music, () => deps.music());
}
