import { mediaEndpoints } from '@reelsmith/contracts';
import { libraryLanes } from '../../jobs/library-item-job.ts';
import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { PexelsSettings } from '../../providers/stock/index.ts';
import type { MediaPort } from '../../providers/media/types.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { createMediaLibrary, type LibrarySettings, type LibraryTask, type MediaLibrary } from './library.ts';
import { createLibraryCatalogue } from './library-catalogue.ts';
import { seedLibrary } from './library-seed.ts';
import { registerLibraryLifecycle } from './library-lifecycle.ts';
import { queuedLibraryItems } from './library-makers.ts';
import { operatorTasks } from './library-operator.ts';
import { fullLibrary, generatedTasks } from './library-tasks.ts';

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

export interface LibraryModule extends FeatureModule {
  library: MediaLibrary;
  catalogue: ReturnType<typeof createLibraryCatalogue>;
}

/** The generated media library (stock, backgrounds, music): made in the background from the app's start, stopped with it. */
export function libraryModule(infra: Infrastructure): LibraryModule {
  const { config, storage, queue } = infra;
  const listed = libraryTasks({ settings: config.library, pexels: config.pexels, storage, media: infra.mediaPort });
  // Only the web process seeds: it lists the library before queueing anything, so a worker never renders what a copy brings.
  const tasks = async () => {
    const all = await listed();
    await seedLibrary(storage, { dir: config.library.seedDir, markers: new Set(all.map((t) => t.id)) }, infra.log);
    return all;
  };
  const library = createMediaLibrary({ tasks, make: queuedLibraryItems({ queue, job: infra.jobs.libraryItem }), log: infra.log, lanes: libraryLanes });
  const catalogue = createLibraryCatalogue({ library, signer: infra.signer });
  return {
    library,
    catalogue,
    register({ app, router }) {
      registerLibraryLifecycle(app, { library, warmUp: config.library.warmUp });
      router.route(mediaEndpoints.videoTypePreviews, async () => ({ previews: catalogue.previews() }));
    },
  };
}
