import { platformEndpoints } from '@reelsmith/contracts';
import type { EndpointRouter } from './endpoint-router.ts';

export function registerHealthRoutes(router: EndpointRouter): void {
  router.route(platformEndpoints.health, () => ({ status: 'ok' as const }));
}
