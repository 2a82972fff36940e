import { voiceoverEndpoints } from '@reelsmith/contracts';
import type { VoiceoverService } from './voiceover.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** SPEC §7 save-audio (JSON) and adjust-tempo (form). */
export function registerVoiceoverRoutes(router: EndpointRouter, deps: { voiceover: VoiceoverService }): void {
  router.route(voiceoverEndpoints.saveAudio, ({ user, input }) =>
    deps.voiceover.save(user.id, { videoId: input.video_id, script: input.script, voice: input.voice, instructions: input.instructions }),
  );
  router.route(voiceoverEndpoints.adjustTempo, ({ user, input }) => deps.voiceover.adjustTempo(user.id, { videoId: input.video_id, tempo: input.tempo }));
}
