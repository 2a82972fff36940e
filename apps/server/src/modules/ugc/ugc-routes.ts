import { ugcEndpoints } from '@reelsmith/contracts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import type { UgcService } from './ugc.ts';

/** SPEC §7 UGC calls: the still (step 1), its status and the latest of both steps, and the video (step 2). */
export function registerUgcRoutes(router: EndpointRouter, deps: { ugc: UgcService }): void {
  router.route(ugcEndpoints.generateImage, ({ user, input, files }) => {
    const { user_id: _user, video_id, ...config } = input;
    return deps.ugc.generateImage(user.id, { videoId: video_id, config, productImage: files.get('productImage') });
  });
  router.route(ugcEndpoints.checkImageStatus, ({ user, input }) => deps.ugc.imageStatus(user.id, input.video_id));
  router.route(ugcEndpoints.latestConfig, ({ user, input }) => deps.ugc.latestConfig(user.id, input.video_id));
  router.route(ugcEndpoints.latestImage, ({ user, input }) => deps.ugc.latestImage(user.id, input.video_id));
  router.route(ugcEndpoints.generateVideo, ({ user, input }) =>
    deps.ugc.generateVideo(user.id, { videoId: input.video_id, prompt: input.prompt, length: input.video_length, motionTemplate: input.motion_template === true }),
  );
  router.route(ugcEndpoints.settings, ({ user }) => deps.ugc.settings(user.id));
}
