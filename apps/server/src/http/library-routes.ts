import { mediaEndpoints } from '@reelsmith/contracts';
import type { FastifyInstance } from 'fastify';
import type { LibraryFeatures } from '../services/library-setup.ts';
import type { EndpointRouter } from './endpoint-router.ts';
import { registerMusicRoutes } from './music-routes.ts';
import { registerStockRoutes } from './stock-routes.ts';

/**
 * The media library's routes (stock search and add, music, backgrounds). Also ties generation to the app's life: it
 * starts once the app is ready (when warm-up is on, else on the first request that needs it) and stops, mid-render
 * if need be, when the app closes.
 */
export function registerLibraryRoutes(app: FastifyInstance, router: EndpointRouter, features: LibraryFeatures): void {
  registerStockRoutes(router, { stock: features.stock });
  registerMusicRoutes(router, { catalogue: features.catalogue });

  /** GET /api/backgrounds: the Scroll Stopper backgrounds made so far, [{id, name, thumbnail_url, video_url, duration}]. */
  router.route(mediaEndpoints.backgrounds, () => features.catalogue.backgrounds());

  if (features.warmUp) app.addHook('onReady', async () => void features.library.start());
  app.addHook('onClose', async () => features.library.stop());
}
