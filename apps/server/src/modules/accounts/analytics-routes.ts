import { accountEndpoints, rateLimitMessages } from '@reelsmith/contracts';
import type { PageViewsRepository } from '../../db/repositories/page-views.ts';
import { UserFacingError } from '../../errors.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import { redactSecrets } from '../../redact.ts';

// Anyone may record a page view, signed in or not; a person clicking through the app stays far below this.
const pageViewsPerMinute = 120;

export function registerAnalyticsRoutes(router: EndpointRouter, deps: { pageViews: PageViewsRepository }): void {
  router.route(
    accountEndpoints.pageView,
    async ({ user, input, reply }) => {
      // A page left by a full load names the previous page as referrer, and that may be the reset page with its token.
      const referrer = input.referrer ? redactSecrets(input.referrer) : null;
      await deps.pageViews.add({ path: redactSecrets(input.path), referrer, userId: user?.id ?? null });
      return reply.status(204).send();
    },
    {
      config: {
        rateLimit: {
          max: pageViewsPerMinute,
          timeWindow: 60_000,
          errorResponseBuilder: () => new UserFacingError(429, rateLimitMessages.tooManyRequests),
        },
      },
    },
  );
}
