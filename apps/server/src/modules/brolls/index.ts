import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import { createAutoBroll, type AutoBrollDependencies } from './auto-broll.ts';
import { registerBrollRoutes } from './broll-routes.ts';
import { createBrollsService } from './brolls.ts';

/** B-roll images laid over the background video, picked by hand or matched to the words (auto B-roll). */
export function brollsModule(infra: Infrastructure, shared: SharedCore, media: { stock: AutoBrollDependencies['stock'] }): FeatureModule {
  const { storage, signer, uploads, queue } = infra;
  const { workflow, probeDuration, ownSound } = shared;
  const brolls = createBrollsService({ workflow, uploads, storage, signer, queue, renderJob: infra.jobs.render, probeDuration });
  const autoBroll = createAutoBroll({ workflow, stock: media.stock, storage, signer, probeDuration, ownSound });
  return {
    register({ router }) {
      registerBrollRoutes(router, { brolls, autoBroll });
    },
  };
}
