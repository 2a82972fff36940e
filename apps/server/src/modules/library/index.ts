import type { FeatureModule } from '../../http/feature-module.ts';
import type { MediaLibrary } from './library.ts';
import { registerLibraryLifecycle } from './library-lifecycle.ts';

/** The generated media library: made in the background from the app's start, stopped with it. */
export function libraryModule(deps: { library: MediaLibrary; warmUp: boolean }): FeatureModule {
  return {
    register({ app }) {
      registerLibraryLifecycle(app, deps);
    },
  };
}
