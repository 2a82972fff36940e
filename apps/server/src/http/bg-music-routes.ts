import { uploadMessages, updateBgMusicRequest } from '@reelsmith/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UserFacingError } from '../errors.ts';
import type { Auth } from '../services/auth.ts';
import type { BgMusicService } from '../services/bg-music.ts';
import { readMultipartForm } from './broll-routes.ts';
import { parseWith } from './errors.ts';
import { assertSameUser, requireSessionUser } from './session.ts';

const uploadMusicFields = z.object({ user_id: z.string().min(1), type: z.literal('bg_music').default('bg_music') });

/** SPEC §7 upload-music (form: file, user_id, type 'bg_music') and update-bg-music. */
export function registerBgMusicRoutes(app: FastifyInstance, deps: { auth: Auth; bgMusic: BgMusicService }): void {
  app.post('/api/upload-music', async (request, reply) => {
    const user = await requireSessionUser(deps.auth, request);
    const { fields, files } = await readMultipartForm(request, 'music', 1);
    const body = parseWith(uploadMusicFields, Object.fromEntries(fields));
    assertSameUser(user, { id: body.user_id });
    const file = files.get('file');
    if (!file) throw new UserFacingError(400, uploadMessages.missingFile);
    return reply.status(201).send(await deps.bgMusic.upload(user.id, file));
  });

  app.post('/api/update-bg-music', async (request) => {
    const user = await requireSessionUser(deps.auth, request);
    const body = parseWith(updateBgMusicRequest, request.body);
    assertSameUser(user, { id: body.user_id });
    return deps.bgMusic.update(user.id, { videoId: body.video_id, bgMusic: body.bg_music });
  });
}
