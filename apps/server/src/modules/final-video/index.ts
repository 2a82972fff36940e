import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import { createFinalVideoService } from './final-video.ts';
import { registerFinalVideoRoutes } from './final-video-routes.ts';

/** The final MP4: rendered once from the project document, a video credit held while it renders. */
export function finalVideoModule(infra: Infrastructure, shared: SharedCore): FeatureModule {
  const finalVideo = createFinalVideoService({
    workflow: shared.workflow,
    paidJobs: shared.paidJobs,
    ownSound: shared.ownSound,
    queue: infra.queue,
    job: infra.jobs.final,
    quotas: infra.quotas,
    uploads: infra.uploads,
    signer: infra.signer,
    brandOf: (userId, projectId) => infra.repositories.brands.ofProject(userId, projectId),
  });
  return {
    register({ router }) {
      registerFinalVideoRoutes(router, { finalVideo });
    },
  };
}
