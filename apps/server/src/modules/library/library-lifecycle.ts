import type { FastifyInstance } from 'fastify';
import type { MediaLibrary } from './library.ts';

/**
 * Ties library generation to the app's life: it starts once the app is ready (when warm-up is on, else on the first
 * request that needs it) and stops, mid-render if need be, when the app closes.
 */
export function registerLibraryLifecycle(app: FastifyInstance, deps: { library: MediaLibrary; warmUp: boolean }): void {
  if (deps.warmUp) app.addHook('onReady', async () => void deps.library.start());
  app.addHook('onClose', async () => deps.library.stop());
}
