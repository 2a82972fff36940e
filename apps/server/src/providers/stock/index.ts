import type { ObjectStorage } from '../storage/types.ts';
import type { FileUrlSigner } from '../../services/file-urls.ts';
import type { MediaLibrary } from '../../services/library.ts';
import { createLocalStockProvider } from './local.ts';
import { createPexelsProvider, type PexelsSettings } from './pexels.ts';
import type { StockProvider } from './types.ts';

export type { StockProvider, StockFile } from './types.ts';
export { StockSourceRefused, StockUnavailable } from './types.ts';
export type { PexelsSettings } from './pexels.ts';

/** Pexels when a key is configured, else the local library. */
export function createStockProvider(options: {
  pexels: PexelsSettings | undefined;
  library: MediaLibrary;
  storage: ObjectStorage;
  signer: FileUrlSigner;
}): StockProvider {
  return options.pexels ? createPexelsProvider(options.pexels) : createLocalStockProvider(options);
}
