import { voiceoverEndpoints } from '@reelsmith/contracts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';
import type { VoiceSamples } from './voice-samples.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/**
 * GET /api/voices: the nine voices with their labels and a signed sample URL each (null until the sample exists).
 * The first call starts making the samples.
 */
export function registerVoiceRoutes(router: EndpointRouter, deps: { samples: VoiceSamples; signer: FileUrlSigner }): void {
  router.route(voiceoverEndpoints.voices, () => {
    void deps.samples.start();
    return deps.samples.list(deps.signer);
  });
}
