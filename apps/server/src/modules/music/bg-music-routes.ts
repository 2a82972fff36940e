import { mediaEndpoints } from '@reelsmith/contracts';
import type { BgMusicService } from './bg-music.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** SPEC §7 upload-music (form: file, user_id, type 'bg_music') and update-bg-music. */
export function registerBgMusicRoutes(router: EndpointRouter, deps: { bgMusic: BgMusicService }): void {
  // The file is required by the endpoint's upload spec: the router has refused a form without it.
  router.route(mediaEndpoints.uploadMusic, async ({ user, files, reply }) => reply.status(201).send(await deps.bgMusic.upload(user.id, files.get('file')!)));

  router.route(mediaEndpoints.updateBgMusic, ({ user, input }) => deps.bgMusic.update(user.id, { videoId: input.video_id, bgMusic: input.bg_music }));
}
