import { combineVideoFieldPattern, ownMediaEndpoints } from '@reelsmith/contracts';
import type { OwnVideos } from './own-videos.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** SPEC §7 upload-and-save and combine-videos-silent (the Use Own Video page). */
export function registerOwnVideoRoutes(router: EndpointRouter, deps: { ownVideos: OwnVideos }): void {
  const { ownVideos } = deps;

  // The clip waits in a scratch file, held to the 40 MB limit by the router, until the whole form has been checked.
  router.route(ownMediaEndpoints.uploadAndSave, ({ user, input: body, files }) => {
    const video = files.get('video');
    const file = video && { path: video.path, filename: video.filename, size: video.size, truncated: false };
    return ownVideos.uploadAndSave(user.id, { itemId: body.id, videoId: body.video_id, items: body.items, file, videoUrl: body.video_url });
  });

  router.route(ownMediaEndpoints.combineVideosSilent, ({ user, input }) => {
    const videos = new Map<number, string>();
    for (const [name, value] of Object.entries(input)) {
      const n = combineVideoFieldPattern.exec(name)?.[1];
      if (n && typeof value === 'string' && value.trim()) videos.set(Number(n), value.trim());
    }
    return ownVideos.combine(user.id, { videoId: input.video_id, videos });
  });
}
