import { adjustTempoRequest, saveAudioRequest } from '@reelsmith/contracts';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../services/auth.ts';
import type { VoiceoverService } from '../services/voiceover.ts';
import { parseWith } from './errors.ts';
import { assertSameUser, requireSessionUser } from './session.ts';

/** SPEC §7 save-audio (JSON) and adjust-tempo (form). */
export function registerVoiceoverRoutes(app: FastifyInstance, deps: { auth: Auth; voiceover: VoiceoverService }): void {
  app.post('/api/save-audio', async (request) => {
    const user = await requireSessionUser(deps.auth, request);
    const body = parseWith(saveAudioRequest, request.body);
    assertSameUser(user, { id: body.user_id });
    return deps.voiceover.save(user.id, { videoId: body.video_id, script: body.script, voice: body.voice, instructions: body.instructions });
  });

  app.post('/api/adjust-tempo', async (request) => {
    const user = await requireSessionUser(deps.auth, request);
    const body = parseWith(adjustTempoRequest, request.body);
    assertSameUser(user, { id: body.user_id });
    return deps.voiceover.adjustTempo(user.id, { videoId: body.video_id, tempo: body.tempo });
  });
}
