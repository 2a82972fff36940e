import type { FastifyInstance } from 'fastify';
import { genericMessages } from '@reelsmith/contracts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Session cookies are SameSite=Lax, which already keeps them off cross-site POSTs; this also refuses any
 * state-changing call whose Origin (or Fetch-Metadata) says it came from another site.
 */
export function registerCsrfGuard(app: FastifyInstance, trustedOrigins: string[]): void {
  const trusted = new Set(trustedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (safeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    const sameHost = origin !== undefined && request.headers.host !== undefined && new URL(origin).host === request.headers.host;
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if ((origin !== undefined && origin !== 'null' && !trusted.has(origin) && !sameHost) || crossSite || origin === 'null') {
      return reply.status(403).send({ error: genericMessages.forbidden });
    }
  });
}
