import { pageViewRequest, rateLimitMessages } from '@reelsmith/contracts';
import type { FastifyInstance } from 'fastify';
import type { PageViewsRepository } from '../db/repositories/page-views.ts';
import { UserFacingError } from '../errors.ts';
import type { Auth } from '../services/auth.ts';
import { parseWith } from './errors.ts';
import { readSessionUser } from './session.ts';

// Anyone may record a page view, signed in or not; a person clicking through the app stays far below this.
const pageViewsPerMinute = 120;

export function registerAnalyticsRoutes(app: FastifyInstance, deps: { auth: Auth; pageViews: PageViewsRepository }): void {
  app.post(
    '/api/analytics/pageview',
    {
      config: {
        rateLimit: {
          max: pageViewsPerMinute,
          timeWindow: 60_000,
          errorResponseBuilder: () => new UserFacingError(429, rateLimitMessages.tooManyRequests),
        },
      },
    },
    async (request, reply) => {
      const body = parseWith(pageViewRequest, request.body);
      const user = await readSessionUser(deps.auth, request);
      await deps.pageViews.add({ path: body.path, referrer: body.referrer || null, userId: user?.id ?? null });
      return reply.status(204).send();
    },
  );
}
