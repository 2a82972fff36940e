import { generateClonedVoiceRequest } from '@reelsmith/contracts';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../services/auth.ts';
import type { ClonedVoiceService } from '../services/cloned-voice.ts';
import { parseWith } from './errors.ts';
import { assertSameUser, requireSessionUser } from './session.ts';

/** SPEC §7 generate-cloned-voice (form), and what the audio page shows about the cloned voice before using it. */
export function registerClonedVoiceRoutes(app: FastifyInstance, deps: { auth: Auth; clonedVoice: ClonedVoiceService }): void {
  app.get('/api/cloned-voice', async (request) => {
    const user = await requireSessionUser(deps.auth, request);
    return deps.clonedVoice.status(user.id);
  });

  app.post('/api/generate-cloned-voice', async (request) => {
    const user = await requireSessionUser(deps.auth, request);
    const body = parseWith(generateClonedVoiceRequest, request.body);
    assertSameUser(user, { id: body.user_id });
    return deps.clonedVoice.generate(user.id, { videoId: body.video_id, script: body.script, voiceId: body.voice_id, emotion: body.emotion });
  });
}
