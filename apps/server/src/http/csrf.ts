import type { FastifyInstance } from 'fastify';
import { originMessages } from '@reelsmith/contracts';
import type { OriginTrust } from '../platform/origins.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Session cookies are SameSite=Lax, which already keeps them off cross-site POSTs; this also refuses any
 * state-changing call whose Origin (or Fetch-Metadata) says it came from another site. `Origin: null` (sandboxed
 * frames, some redirects) and anything that is not an origin at all are refused like a foreign one.
 */
export function registerCsrfGuard(app: FastifyInstance, origins: OriginTrust): void {
  app.addHook('onRequest', async (request, reply) => {
    if (safeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if (crossSite || (origin !== undefined && !origins.isTrusted(origin, request.headers.host))) {
      return reply.status(403).send({ error: originMessages.untrusted });
    }
  });
}
