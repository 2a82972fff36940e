import { accountEndpoints, rateLimitMessages, resendVerificationMessages } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import type { AccountsService } from './accounts.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import { toWebHeaders } from '../../http/session.ts';

export function registerAccountRoutes(
  router: EndpointRouter,
  deps: { accounts: AccountsService; resendLimit: { max: number; windowSeconds: number } },
): void {
  const { accounts } = deps;
  const { route } = router;

  route(accountEndpoints.me, ({ user }) => ({ user }));

  route(accountEndpoints.isEmailConfirmed, async ({ user }) => ({ confirmed: await accounts.isEmailConfirmed(user) }));

  route(
    accountEndpoints.sendVerificationEmail,
    async ({ input, request }) => ({ message: await accounts.resendVerification(input.email, toWebHeaders(request)) }),
    {
      config: {
        rateLimit: {
          max: deps.resendLimit.max,
          timeWindow: deps.resendLimit.windowSeconds * 1000,
          errorResponseBuilder: () => new UserFacingError(429, resendVerificationMessages.byStatus[429]!),
        },
      },
    },
  );

  // Anyone may call it, and each call reads the user table: limited per client like the other account calls.
  route(
    accountEndpoints.createUser,
    async ({ input }) => {
      await accounts.ensureUserRecord(input);
      return { status: 'success' as const };
    },
    {
      config: {
        rateLimit: {
          max: deps.resendLimit.max,
          timeWindow: deps.resendLimit.windowSeconds * 1000,
          errorResponseBuilder: () => new UserFacingError(429, rateLimitMessages.tooManyRequests),
        },
      },
    },
  );
}
