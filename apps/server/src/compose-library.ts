import { createStockProvider, type PexelsSettings } from './providers/stock/index.ts';
import type { MediaPort } from './providers/media/types.ts';
import type { ObjectStorage } from './providers/storage/types.ts';
import type { FileUrlSigner } from './core/files/file-urls.ts';
import type { LibraryItemJob } from './jobs/library-item-job.ts';
import type { JobQueue } from './jobs/queue.ts';
import { createMediaLibrary, type LibraryLog, type LibrarySettings, type LibraryTask } from './modules/library/library.ts';
import { createLibraryCatalogue } from './modules/library/library-catalogue.ts';
import { operatorTasks } from './modules/library/library-operator.ts';
import { queuedLibraryItems } from './modules/library/library-makers.ts';
import { fullLibrary, generatedTasks } from './modules/library/library-tasks.ts';
import { createStockService } from './modules/stock/stock.ts';
import type { UploadService } from './core/files/uploads.ts';

/**
 * Every item of the library in the order they are made. The web process lists them and queues the missing ones; a
 * worker looks each queued one up here, in the list its own (identical) settings give.
 */
export function libraryTasks(deps: { settings: LibrarySettings; pexels: PexelsSettings | undefined; storage: ObjectStorage; media: MediaPort }) {
  const counts = { ...fullLibrary, ...deps.settings.counts };
  return async (): Promise<LibraryTask[]> => [
    // The operator's files come first: they are quick to import and are what the operator chose to offer.
    ...(await operatorTasks(deps.storage, deps.media, deps.settings)),
    // With Pexels configured the local stock set would never be searched, so only music and backgrounds are made.
    ...generatedTasks(deps.storage, deps.media, counts, { stock: !deps.pexels }),
  ];
}

/** Wires the media library, the stock provider and the catalogue from settings (the composition root calls this). */
export function createLibraryFeatures(deps: {
  settings: LibrarySettings;
  pexels: PexelsSettings | undefined;
  tasks: () => Promise<LibraryTask[]>;
  queue: JobQueue;
  job: LibraryItemJob;
  storage: ObjectStorage;
  signer: FileUrlSigner;
  uploads: UploadService;
  log: LibraryLog;
  /** Wraps the stock provider so its calls are measured. */
  measure?: <T extends object>(provider: T, name: string) => T;
}) {
  const library = createMediaLibrary({ tasks: deps.tasks, make: queuedLibraryItems({ queue: deps.queue, job: deps.job }), log: deps.log });
  const stock = createStockProvider({ pexels: deps.pexels, library, storage: deps.storage, signer: deps.signer });
  const provider = deps.measure ? deps.measure(stock, deps.pexels ? 'pexels' : 'local-stock') : stock;
  return {
    library,
    warmUp: deps.settings.warmUp,
    stock: createStockService({ provider, uploads: deps.uploads, log: deps.log }),
    catalogue: createLibraryCatalogue({ library, signer: deps.signer }),
  };
}

export type LibraryFeatures = ReturnType<typeof createLibraryFeatures>;
