import type { FileUrlSigner } from '../../core/files/file-urls.ts';
import type { FeatureModule } from '../../http/feature-module.ts';
import { createClonedVoiceService } from './cloned-voice.ts';
import { registerClonedVoiceRoutes } from './cloned-voice-routes.ts';
import type { VoiceSamples } from './voice-samples.ts';
import { registerVoiceRoutes } from './voice-routes.ts';
import { createVoiceoverService } from './voiceover.ts';
import { registerVoiceoverRoutes } from './voiceover-routes.ts';

/** Voices and their samples, the voiceover (speech, tempo) and the Pro plan's cloned voice. */
export function voiceoverModule(deps: {
  voiceover: Parameters<typeof createVoiceoverService>[0];
  cloned: Omit<Parameters<typeof createClonedVoiceService>[0], 'voiceover'>;
  samples: VoiceSamples;
  signer: FileUrlSigner;
}): FeatureModule {
  return {
    register({ router }) {
      const voiceover = createVoiceoverService(deps.voiceover);
      registerVoiceRoutes(router, { samples: deps.samples, signer: deps.signer });
      registerVoiceoverRoutes(router, { voiceover });
      registerClonedVoiceRoutes(router, { clonedVoice: createClonedVoiceService({ ...deps.cloned, voiceover }) });
    },
  };
}
