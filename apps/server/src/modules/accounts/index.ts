import type { Auth } from '../../platform/auth.ts';
import type { OutboxRepository } from '../../db/repositories/outbox.ts';
import type { PageViewsRepository } from '../../db/repositories/page-views.ts';
import type { UsersRepository } from '../../db/repositories/users.ts';
import type { FeatureModule } from '../../http/feature-module.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { createAccountsService } from './accounts.ts';
import { registerAnalyticsRoutes } from './analytics-routes.ts';
import { registerAuthHandler } from './auth-handler.ts';
import { registerDevOutboxRoutes } from './dev-outbox-routes.ts';

/** Sign-up, sign-in and the account itself (better-auth underneath), page views, and the dev mailbox when mail stays in the outbox. */
export function accountsModule(deps: {
  auth: Auth;
  users: UsersRepository;
  pageViews: PageViewsRepository;
  publicUrl: string;
  resendLimit: { max: number; windowSeconds: number };
  /** The outbox the dev mailbox reads; undefined when mail really goes out. */
  outbox: OutboxRepository | undefined;
}): FeatureModule {
  return {
    register({ router, operator }) {
      registerAuthHandler(router, deps.auth, deps.publicUrl, deps.resendLimit);
      registerAccountRoutes(router, { accounts: createAccountsService({ users: deps.users, auth: deps.auth }), resendLimit: deps.resendLimit });
      registerAnalyticsRoutes(router, { pageViews: deps.pageViews });
      if (deps.outbox) registerDevOutboxRoutes(router, deps.outbox, operator);
    },
  };
}
