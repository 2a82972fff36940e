import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import { createClonedVoiceService } from './cloned-voice.ts';
import { registerClonedVoiceRoutes } from './cloned-voice-routes.ts';
import { createVoiceSamples } from './voice-samples.ts';
import { registerVoiceRoutes } from './voice-routes.ts';
import { createVoiceoverService } from './voiceover.ts';
import { registerVoiceoverRoutes } from './voiceover-routes.ts';

/** Voices and their samples, the voiceover (speech, tempo) and the Pro plan's cloned voice. */
export function voiceoverModule(infra: Infrastructure, shared: SharedCore): FeatureModule {
  const { storage, signer, config } = infra;
  const voiceover = createVoiceoverService({ queue: infra.queue, speechJob: infra.jobs.speech, storage, signer, workflow: shared.workflow });
  const clonedVoice = createClonedVoiceService({ cloner: infra.speech.cloner, quotas: infra.quotas, voiceover, recordingEmail: config.seller.email });
  const samples = createVoiceSamples({ tts: infra.speech.tts, storage, tmpDir: config.tmpDir, log: infra.log.error });
  return {
    register({ router }) {
      registerVoiceRoutes(router, { samples, signer });
      registerVoiceoverRoutes(router, { voiceover });
      registerClonedVoiceRoutes(router, { clonedVoice });
    },
  };
}
