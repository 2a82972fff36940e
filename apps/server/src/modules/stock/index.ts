import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { createStockProvider } from '../../providers/stock/index.ts';
import { createStockService, type StockService } from './stock.ts';
import { registerStockRoutes } from './stock-routes.ts';

/** Stock search (Pexels, else the local library) and keeping a result as the user's upload. */
export function stockModule(infra: Infrastructure, media: { library: Parameters<typeof createStockProvider>[0]['library'] }): FeatureModule & { stock: StockService } {
  const { config, storage, signer } = infra;
  const provider = createStockProvider({ pexels: config.pexels, library: media.library, storage, signer });
  const stock = createStockService({ provider: infra.measure(provider, config.pexels ? 'pexels' : 'local-stock'), uploads: infra.uploads, log: infra.log });
  return {
    stock,
    register({ router }) {
      registerStockRoutes(router, { stock });
    },
  };
}
