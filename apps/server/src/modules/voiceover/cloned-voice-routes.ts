import { voiceoverEndpoints } from '@reelsmith/contracts';
import type { ClonedVoiceService } from './cloned-voice.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** SPEC §7 generate-cloned-voice (form), and what the audio page shows about the cloned voice before using it. */
export function registerClonedVoiceRoutes(router: EndpointRouter, deps: { clonedVoice: ClonedVoiceService }): void {
  router.route(voiceoverEndpoints.clonedVoice, ({ user }) => deps.clonedVoice.status(user.id));
  router.route(voiceoverEndpoints.generateClonedVoice, ({ user, input }) =>
    deps.clonedVoice.generate(user.id, { videoId: input.video_id, script: input.script, voiceId: input.voice_id, emotion: input.emotion }),
  );
}
