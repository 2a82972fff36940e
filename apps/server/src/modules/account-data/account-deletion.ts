import { setTimeout as sleep } from 'node:timers/promises';
import { accountDataMessages, type SessionUser } from '@reelsmith/contracts';
import { APIError } from 'better-auth/api';
import type { Auth } from '../../platform/auth.ts';
import type { AccountDataRepository } from '../../db/repositories/account-data.ts';
import type { BillingRepository } from '../../db/repositories/billing.ts';
import type { JobStatusRepository } from '../../db/repositories/job-status.ts';
import type { SubscriptionsRepository } from '../../db/repositories/subscriptions.ts';
import type { UsersRepository } from '../../db/repositories/users.ts';
import { UserFacingError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { userFolder } from './account-export.ts';

export interface AccountDeletionDeps {
  auth: Auth;
  users: Pick<UsersRepository, 'setDisabled'>;
  accountData: Pick<AccountDataRepository, 'erase'>;
  billing: Pick<BillingRepository, 'checkoutsOf' | 'setCheckoutStatus'>;
  subscriptions: Pick<SubscriptionsRepository, 'find'>;
  jobStatus: Pick<JobStatusRepository, 'idsOf'>;
  provider: PaymentProvider;
  queue: Pick<JobQueue, 'cancelAllOf' | 'forget'>;
  storage: ObjectStorage;
  log: { info(message: string, fields?: Record<string, unknown>): void; error(message: string, fields?: Record<string, unknown>): void };
  /** How long a running job is given to see its cancel (its heartbeat beats every second) before its rows go. */
  cancelGraceMs?: number;
}

const endedSubscription = new Set(['cancelled', 'completed', 'expired']);
const fileAttempts = 3;

/**
 * Deleting an account, in an order that leaves nothing behind:
 *
 * 1. the password is checked by better-auth (nothing changes on a wrong one);
 * 2. every subscription still able to charge, and every unpaid payment link, is cancelled at the payment provider;
 *    if that fails nothing is deleted, so no one is charged for an account that no longer exists;
 * 3. the account is disabled: its sessions stop working and no new one can be made, so no new work starts;
 * 4. its queued and running jobs are cancelled, and running ones get a moment to see it (a running render aborts);
 * 5. its files are deleted; if storage fails the account is enabled again and nothing else is deleted;
 * 6. its rows are deleted in one transaction (invoices and credit notes stay, detached, as printed), then pg-boss's
 *    copies of its jobs;
 * 7. its folder is swept once more, for a job that stored a file between 5 and 6. A job that ends later still finds
 *    its status row gone and sweeps the folder itself (jobs/queue.ts `onOwnerGone`); a final render's commit also
 *    finds its project gone and is refused, and its output is discarded.
 */
export function createAccountDeletion(deps: AccountDeletionDeps) {
  const { storage, log } = deps;

  async function checkPassword(password: string, headers: Headers): Promise<void> {
    try {
      await deps.auth.api.verifyPassword({ body: { password }, headers });
    } catch (error) {
      if (error instanceof APIError && (error.statusCode === 400 || error.statusCode === 401)) {
        throw new UserFacingError(403, accountDataMessages.wrongPassword, 'password');
      }
      throw error;
    }
  }

  /** Nothing may charge the user once the account is gone; unpaid checkouts could still be paid, so they go too. */
  async function cancelAtProvider(userId: string): Promise<number> {
    let cancelled = 0;
    try {
      for (const checkout of await deps.billing.checkoutsOf(userId)) {
        if (checkout.kind === 'trial') {
          if (checkout.status !== 'created') continue;
          const link = await deps.provider.fetchPaymentLink(checkout.providerRef);
          if (link.status === 'created') await deps.billing.setCheckoutStatus(checkout.id, (await deps.provider.cancelPaymentLink(link.id)).status);
          continue;
        }
        const sub = await deps.provider.fetchSubscription(checkout.providerRef);
        if (endedSubscription.has(sub.status)) continue;
        await deps.provider.cancelSubscriptionNow(sub.id);
        cancelled += 1;
      }
    } catch (error) {
      log.error(`account deletion: cancelling at the payment provider failed: ${(error as Error).message}`, { user: userId });
      throw new UserFacingError(502, accountDataMessages.subscriptionNotCancelled);
    }
    return cancelled;
  }

  async function deleteFiles(userId: string): Promise<number> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await storage.deletePrefix(userFolder(userId));
      } catch (error) {
        if (attempt >= fileAttempts) throw error;
        await sleep(200 * attempt);
      }
    }
  }

  return {
    /** Deletes the signed-in user's account (see above); answers the Set-Cookie headers that end the browser's session. */
    async deleteAccount(user: SessionUser, password: string, headers: Headers): Promise<{ cookies: string[] }> {
      await checkPassword(password, headers);
      const subscriptionsCancelled = await cancelAtProvider(user.id);
      const voiceId = (await deps.subscriptions.find(user.id))?.voiceId ?? null;

      await deps.users.setDisabled(user.id, true);
      const jobs = await deps.queue.cancelAllOf(user.id);
      if (jobs.running > 0) await sleep(deps.cancelGraceMs ?? 2500);

      let files: number;
      try {
        files = await deleteFiles(user.id);
      } catch (error) {
        log.error(`account deletion: deleting the files failed, the account is kept: ${(error as Error).message}`, { user: user.id });
        await deps.users.setDisabled(user.id, false);
        throw new UserFacingError(503, accountDataMessages.filesNotDeleted);
      }

      const jobIds = await deps.jobStatus.idsOf(user.id);
      const { invoicesKept } = await deps.accountData.erase({ userId: user.id, email: user.email });
      await deps.queue.forget(jobIds).catch((error: Error) => log.error(`account deletion: forgetting the jobs failed: ${error.message}`, { user: user.id }));
      try {
        files += await deleteFiles(user.id);
      } catch (error) {
        // The account is gone; what a late job stored stays until the folder is deleted by hand.
        log.error(`account deletion: files may remain under ${userFolder(user.id)}: ${(error as Error).message}`, { user: user.id });
      }

      log.info('account deleted', { user: user.id, subscriptionsCancelled, jobsCancelled: jobs.cancelled, files, invoicesKept });
      if (voiceId) log.info(`account deletion: the deleted account had the cloned voice ${voiceId} at ElevenLabs; delete it there`, { user: user.id });

      // The session row is gone with the account; better-auth's sign-out answers the cookies that clear the browser's.
      const signedOut = await deps.auth.api.signOut({ headers, asResponse: true });
      return { cookies: signedOut.headers.getSetCookie() };
    },
  };
}

export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
