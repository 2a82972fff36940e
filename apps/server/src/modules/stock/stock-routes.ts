import { mediaEndpoints } from '@reelsmith/contracts';
import type { StockService } from './stock.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/**
 * POST /api/{provider}-search (SPEC §7: the path carries the provider's name, e.g. /api/pexels-search) and its
 * provider-neutral twin /api/stock-search, which the web app uses whatever provider is configured;
 * POST /api/stock-add keeps a chosen result as the user's upload.
 */
export function registerStockRoutes(router: EndpointRouter, deps: { stock: StockService }): void {
  const { route } = router;
  const providerSearch = deps.stock.provider === 'pexels' ? mediaEndpoints.pexelsSearch : mediaEndpoints.librarySearch;
  route(mediaEndpoints.stockSearch, ({ input }) => deps.stock.search(input));
  route(providerSearch, ({ input }) => deps.stock.search(input));
  route(mediaEndpoints.stockAdd, async ({ user, input, reply }) => reply.status(201).send(await deps.stock.add(user.id, input)));
}
