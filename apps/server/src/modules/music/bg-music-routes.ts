import { mediaEndpoints, uploadMessages } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import type { BgMusicService } from './bg-music.ts';
import { readMultipartForm } from '../../http/multipart-form.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** SPEC §7 upload-music (form: file, user_id, type 'bg_music') and update-bg-music. */
export function registerBgMusicRoutes(router: EndpointRouter, deps: { bgMusic: BgMusicService }): void {
  router.route(mediaEndpoints.uploadMusic, async ({ user, request, reply, check }) => {
    const { fields, files } = await readMultipartForm(request, 'music', 1);
    check(Object.fromEntries(fields));
    const file = files.get('file');
    if (!file) throw new UserFacingError(400, uploadMessages.missingFile);
    return reply.status(201).send(await deps.bgMusic.upload(user.id, file));
  });

  router.route(mediaEndpoints.updateBgMusic, ({ user, input }) => deps.bgMusic.update(user.id, { videoId: input.video_id, bgMusic: input.bg_music }));
}
