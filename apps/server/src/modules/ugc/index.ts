import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import { createUgcService } from './ugc.ts';
import { registerUgcRoutes } from './ugc-routes.ts';

/** UGC Video: a still of the product in a chosen scene, then that still brought to life. */
export function ugcModule(infra: Infrastructure, shared: SharedCore): FeatureModule {
  const { jobs, repositories } = infra;
  const ugc = createUgcService({
    workflow: shared.workflow,
    paidJobs: shared.paidJobs,
    videoJobs: shared.videoJobs,
    quotas: infra.quotas,
    queue: infra.queue,
    imageJob: jobs.imageGeneration,
    videoJob: jobs.videoGeneration,
    signer: infra.signer,
    probe: shared.probeMedia,
    tmpDir: infra.config.tmpDir,
    imageGenerator: infra.imageGenerator,
    videoGeneratorName: infra.videoGenerator.name,
    images: {
      startedSince: (userId, since) => repositories.jobStatus.countStartedSince(userId, jobs.imageGeneration.name, since),
      everStarted: (userId) => repositories.jobStatus.countEver(userId, jobs.imageGeneration.name),
    },
    imagesPerAiCredit: infra.config.ugcImagesPerAiCredit,
    templateLook: (userId, projectId) => shared.brands.templateLookFor(userId, projectId),
  });
  return {
    register({ router }) {
      registerUgcRoutes(router, { ugc });
    },
  };
}
