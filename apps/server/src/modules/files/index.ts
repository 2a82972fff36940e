import type { Auth } from '../../platform/auth.ts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';
import type { UploadService } from '../../core/files/uploads.ts';
import type { FeatureModule } from '../../http/feature-module.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { registerFileRoutes } from './file-routes.ts';
import { registerJobRoutes } from './job-routes.ts';
import { registerUploadRoutes } from './upload-routes.ts';

/** Signed file URLs, uploads, and the status and cancelling of the jobs a user started. */
export function filesModule(deps: { storage: ObjectStorage; signer: FileUrlSigner; auth: Auth; uploads: UploadService; queue: JobQueue }): FeatureModule {
  return {
    register({ router }) {
      registerFileRoutes(router, { storage: deps.storage, signer: deps.signer, auth: deps.auth });
      registerUploadRoutes(router, { uploads: deps.uploads });
      registerJobRoutes(router, { queue: deps.queue, signer: deps.signer });
    },
  };
}
