import { checkVideoStatusRequest, combineVideoAudioRequest, genericMessages, updateVideoAudioRequest } from '@reelsmith/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UserFacingError } from '../errors.ts';
import type { Auth } from '../services/auth.ts';
import type { VideoAudioService } from '../services/video-audio.ts';
import { parseWith } from './errors.ts';
import { checkedParts } from './input-guard.ts';
import { assertSameUser, requireSessionUser } from './session.ts';

/** A "form" call's fields, whether the browser sent FormData (multipart) or URL-encoded; files have no place here. */
async function formFields(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body;
  const fields: Record<string, string> = {};
  try {
    for await (const part of checkedParts(request, { limits: { files: 0 } })) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof UserFacingError) throw error;
    throw new UserFacingError(400, genericMessages.badRequest);
  }
  return fields;
}

/** SPEC §7 update-video-audio (JSON), combine-video-audio (form) and check-video-status (JSON). */
export function registerVideoAudioRoutes(app: FastifyInstance, deps: { auth: Auth; videoAudio: VideoAudioService }): void {
  const { auth, videoAudio } = deps;

  app.post('/api/update-video-audio', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(updateVideoAudioRequest, request.body);
    assertSameUser(user, { id: body.user_id });
    return videoAudio.updateAudio(user.id, { videoId: body.video_id, audioUrl: body.audio_url });
  });

  app.post('/api/combine-video-audio', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(combineVideoAudioRequest, await formFields(request));
    assertSameUser(user, { id: body.user_id });
    return videoAudio.combine(user.id, body.video_id);
  });

  app.post('/api/check-video-status', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(checkVideoStatusRequest, request.body);
    assertSameUser(user, { id: body.user_id });
    return videoAudio.status(user.id, body.video_id);
  });
}
