import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { registerFileRoutes } from './file-routes.ts';
import { registerJobRoutes } from './job-routes.ts';
import { registerUploadRoutes } from './upload-routes.ts';

/** Signed file URLs, uploads, and the status and cancelling of the jobs a user started. */
export function filesModule(infra: Infrastructure): FeatureModule {
  const { storage, signer, auth, uploads, queue } = infra;
  return {
    register({ router }) {
      registerFileRoutes(router, { storage, signer, auth });
      registerUploadRoutes(router, { uploads });
      registerJobRoutes(router, { queue, signer });
    },
  };
}
