import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import { createSceneMedia } from './scene-media.ts';
import { createAiVideoService, type AiVideoDependencies } from './ai-video.ts';
import { createStoryboardService, type StoryboardDependencies } from './storyboard.ts';
import { registerStoryboardRoutes } from './storyboard-routes.ts';

/**
 * Smart Storyboard: scenes written for the script, a clip or image per scene, rendered into the background (Create
 * Video), or each scene's still animated by the video generator (Create AI Video).
 */
export function storyboardModule(
  infra: Infrastructure,
  shared: SharedCore,
  // A scene without an image takes a stock still: the stock feature's search and add-from-stock.
  outside: { business: StoryboardDependencies['business']; stock: AiVideoDependencies['stock'] },
): FeatureModule {
  const { storage, signer, config } = infra;
  const { workflow, videoJobs } = shared;
  const storyboard = createStoryboardService({
    workflow,
    writer: infra.writer,
    business: outside.business,
    uploads: infra.uploads,
    storage,
    signer,
    videoJobs,
    probeMedia: shared.probeMedia,
    probeDuration: shared.probeDuration,
    tmpDir: config.tmpDir,
  });
  const aiVideo = createAiVideoService({
    workflow,
    storage,
    signer,
    paidJobs: shared.paidJobs,
    videoJobs,
    job: infra.jobs.videoGeneration,
    generatorName: infra.videoGenerator.name,
    stock: outside.stock,
    business: outside.business,
    probe: shared.probeMedia,
    tmpDir: config.tmpDir,
    templateLook: (userId, projectId) => shared.brands.templateLookFor(userId, projectId),
  });
  return {
    register({ router }) {
      registerStoryboardRoutes(router, { storyboard, aiVideo, sceneMedia: createSceneMedia({ workflow, signer, storage }) });
    },
  };
}
