import { mediaEndpoints, type BackgroundItem } from '@reelsmith/contracts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** GET /api/backgrounds: the Scroll Stopper backgrounds made so far, [{id, name, thumbnail_url, video_url, duration}]. */
export function registerScrollStopperRoutes(router: EndpointRouter, deps: { backgrounds(): Promise<BackgroundItem[]> }): void {
  router.route(mediaEndpoints.backgrounds, () => deps.backgrounds());
}
