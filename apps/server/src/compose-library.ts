import { join } from 'node:path';
import { createStockProvider, type PexelsSettings } from './providers/stock/index.ts';
import type { MediaPort } from './providers/media/types.ts';
import type { ObjectStorage } from './providers/storage/types.ts';
import type { FileUrlSigner } from './core/file-urls.ts';
import { createMediaLibrary, type LibraryLog, type LibrarySettings } from './modules/library/library.ts';
import { createLibraryCatalogue } from './modules/library/library-catalogue.ts';
import { operatorTasks } from './modules/library/library-operator.ts';
import { fullLibrary, generatedTasks } from './modules/library/library-tasks.ts';
import { createStockService } from './modules/stock/stock.ts';
import type { UploadService } from './core/uploads.ts';

/** Wires the media library, the stock provider and the catalogue from settings (the composition root calls this). */
export function createLibraryFeatures(deps: {
  settings: LibrarySettings;
  pexels: PexelsSettings | undefined;
  storage: ObjectStorage;
  media: MediaPort;
  signer: FileUrlSigner;
  uploads: UploadService;
  dataDir: string;
  log: LibraryLog;
}) {
  const counts = { ...fullLibrary, ...deps.settings.counts };
  const library = createMediaLibrary({
    tmpDir: join(deps.dataDir, 'tmp'),
    log: deps.log,
    // The operator's files come first: they are quick to import and are what the operator chose to offer.
    tasks: async () => [
      ...(await operatorTasks(deps.storage, deps.media, deps.settings)),
      // With Pexels configured the local stock set would never be searched, so only music and backgrounds are made.
      ...generatedTasks(deps.storage, deps.media, counts, { stock: !deps.pexels }),
    ],
  });
  const provider = createStockProvider({ pexels: deps.pexels, library, storage: deps.storage, signer: deps.signer });
  return {
    library,
    warmUp: deps.settings.warmUp,
    stock: createStockService({ provider, uploads: deps.uploads, log: deps.log }),
    catalogue: createLibraryCatalogue({ library, signer: deps.signer }),
  };
}

export type LibraryFeatures = ReturnType<typeof createLibraryFeatures>;
