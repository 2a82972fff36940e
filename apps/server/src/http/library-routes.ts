import type { FastifyInstance } from 'fastify';
import type { Auth } from '../services/auth.ts';
import type { LibraryFeatures } from '../services/library-setup.ts';
import { registerMusicRoutes } from './music-routes.ts';
import { requireSessionUser } from './session.ts';
import { registerStockRoutes } from './stock-routes.ts';

/**
 * The media library's routes (stock search and add, music, backgrounds). Also ties generation to the app's life: it
 * starts once the app is ready (when warm-up is on, else on the first request that needs it) and stops, mid-render
 * if need be, when the app closes.
 */
export function registerLibraryRoutes(app: FastifyInstance, auth: Auth, features: LibraryFeatures): void {
  registerStockRoutes(app, { auth, stock: features.stock });
  registerMusicRoutes(app, { auth, catalogue: features.catalogue });

  /** GET /api/backgrounds: the Scroll Stopper backgrounds made so far, [{id, name, thumbnail_url, video_url, duration}]. */
  app.get('/api/backgrounds', async (request) => {
    await requireSessionUser(auth, request);
    return features.catalogue.backgrounds();
  });

  if (features.warmUp) app.addHook('onReady', async () => void features.library.start());
  app.addHook('onClose', async () => features.library.stop());
}
