import type { ObjectStorage } from '../storage/types.ts';
import { createLocalStockProvider } from './local.ts';
import { createPexelsProvider, type PexelsSettings } from './pexels.ts';
import type { KeySigner, StockLibrary, StockProvider } from './types.ts';

export type { StockProvider, StockFile } from './types.ts';
export { StockSourceRefused, StockUnavailable } from './types.ts';
export type { PexelsSettings } from './pexels.ts';

/** Pexels when a key is configured, else the local library. */
export function createStockProvider(options: {
  pexels: PexelsSettings | undefined;
  library: StockLibrary;
  storage: ObjectStorage;
  signer: KeySigner;
}): StockProvider {
  return options.pexels ? createPexelsProvider(options.pexels) : createLocalStockProvider(options);
}
