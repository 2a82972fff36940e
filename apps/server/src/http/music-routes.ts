import type { FastifyInstance } from 'fastify';
import type { Auth } from '../services/auth.ts';
import type { LibraryCatalogue } from '../services/library-catalogue.ts';
import { requireSessionUser } from './session.ts';

/** POST /music (SPEC §7) returns the list of tracks: {id, title, url, duration, mood, silent}[]. */
export function registerMusicRoutes(app: FastifyInstance, deps: { auth: Auth; catalogue: LibraryCatalogue }): void {
  app.post('/api/music', async (request) => {
    await requireSessionUser(deps.auth, request);
    return deps.catalogue.music();
  });
}
