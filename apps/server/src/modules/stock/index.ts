import type { FeatureModule } from '../../http/feature-module.ts';
import type { StockService } from './stock.ts';
import { registerStockRoutes } from './stock-routes.ts';

/** Stock search (Pexels or the local library) and keeping a result as the user's upload. */
export function stockModule(deps: { stock: StockService }): FeatureModule {
  return {
    register({ router }) {
      registerStockRoutes(router, deps);
    },
  };
}
