import type { FastifyInstance } from 'fastify';
import type { Auth } from '../services/auth.ts';
import type { FileUrlSigner } from '../services/file-urls.ts';
import type { VoiceSamples } from '../services/voice-samples.ts';
import { requireSessionUser } from './session.ts';

/**
 * GET /api/voices: the nine voices with their labels and a signed sample URL each (null until the sample exists).
 * The first call starts making the samples.
 */
export function registerVoiceRoutes(app: FastifyInstance, deps: { auth: Auth; samples: VoiceSamples; signer: FileUrlSigner }): void {
  app.get('/api/voices', async (request) => {
    await requireSessionUser(deps.auth, request);
    void deps.samples.start();
    return deps.samples.list(deps.signer);
  });
}
