import type { Auth } from '../../platform/auth.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { FeatureModule } from '../../http/feature-module.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { registerAccountDataRoutes } from './account-data-routes.ts';
import { createAccountDeletion } from './account-deletion.ts';
import type { AccountExportDeps } from './account-export.ts';

/**
 * The user's rights over their data (GDPR, India's DPDP Act): a copy of everything stored about them, streamed as
 * one ZIP, and deleting the account with everything in it except the invoices tax law keeps.
 */
export function accountDataModule(deps: {
  auth: Auth;
  repositories: Pick<Repositories, 'accountData' | 'billing' | 'users' | 'subscriptions' | 'jobStatus'>;
  storage: ObjectStorage;
  queue: JobQueue;
  provider: PaymentProvider;
  renderInvoice: AccountExportDeps['renderInvoice'];
  /** How long running jobs get to see their cancel before the account's rows go (tests shorten it). */
  cancelGraceMs?: number;
}): FeatureModule {
  return {
    register({ router, app }) {
      const log = {
        info: (message: string, fields: Record<string, unknown> = {}) => app.log.info(fields, message),
        error: (message: string, fields: Record<string, unknown> = {}) => app.log.error(fields, message),
      };
      const { repositories } = deps;
      const deletion = createAccountDeletion({
        auth: deps.auth,
        users: repositories.users,
        accountData: repositories.accountData,
        billing: repositories.billing,
        subscriptions: repositories.subscriptions,
        jobStatus: repositories.jobStatus,
        provider: deps.provider,
        queue: deps.queue,
        storage: deps.storage,
        log,
        cancelGraceMs: deps.cancelGraceMs,
      });
      registerAccountDataRoutes(router, {
        auth: deps.auth,
        accountData: repositories.accountData,
        exports: { storage: deps.storage, renderInvoice: deps.renderInvoice },
        deletion,
        log,
      });
    },
  };
}
