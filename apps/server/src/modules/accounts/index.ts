import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { createAccountsService } from './accounts.ts';
import { registerAnalyticsRoutes } from './analytics-routes.ts';
import { registerAuthHandler } from './auth-handler.ts';
import { registerDevOutboxRoutes } from './dev-outbox-routes.ts';

/** Sign-up, sign-in and the account itself (better-auth underneath), page views, and the dev mailbox when mail stays in the outbox. */
export function accountsModule(infra: Infrastructure): FeatureModule {
  const { auth, repositories, config } = infra;
  const resendLimit = config.authRateLimit;
  return {
    register({ router, operator }) {
      registerAuthHandler(router, auth, config.publicUrl, resendLimit);
      registerAccountRoutes(router, { accounts: createAccountsService({ users: repositories.users, auth }), resendLimit });
      registerAnalyticsRoutes(router, { pageViews: repositories.pageViews });
      // The dev mailbox reads the outbox, which holds mail only while none really goes out.
      if (infra.email.kind === 'outbox') registerDevOutboxRoutes(router, repositories.outbox, operator);
    },
  };
}
