import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { registerAccountDataRoutes } from './account-data-routes.ts';
import { createAccountDeletion } from './account-deletion.ts';
import type { AccountExportDeps } from './account-export.ts';

/**
 * The user's rights over their data (GDPR, India's DPDP Act): a copy of everything stored about them, streamed as
 * one ZIP, and deleting the account with everything in it except the invoices tax law keeps.
 */
export function accountDataModule(infra: Infrastructure, invoices: Pick<AccountExportDeps, 'renderInvoice'>): FeatureModule {
  const { auth, repositories, storage, queue, log } = infra;
  const deletion = createAccountDeletion({
    auth,
    users: repositories.users,
    accountData: repositories.accountData,
    billing: repositories.billing,
    subscriptions: repositories.subscriptions,
    jobStatus: repositories.jobStatus,
    provider: infra.payments.provider,
    queue,
    storage,
    log,
  });
  return {
    register({ router }) {
      registerAccountDataRoutes(router, { auth, accountData: repositories.accountData, exports: { storage, renderInvoice: invoices.renderInvoice }, deletion, log });
    },
  };
}
