import { resendVerificationMessages } from '@reelsmith/contracts';
import type { SessionUser } from '@reelsmith/contracts';
import type { UsersRepository } from '../../db/repositories/users.ts';
import { verifiedCallbackPath, type Auth } from '../../platform/auth.ts';

/** SPEC §4 calls /create-user right after sign-up; an older account has long had its record. */
const justCreatedMs = 10 * 60 * 1000;

export function createAccountsService(deps: { users: UsersRepository; auth: Auth }) {
  const { users, auth } = deps;
  return {
    async isEmailConfirmed(sessionUser: SessionUser): Promise<boolean> {
      const account = await users.findById(sessionUser.id);
      return account?.emailVerified ?? false;
    },

    /**
     * The spec's /create-user, callable before any session exists: it makes sure a new account has its user record.
     * Sign-up already creates it, so this only repairs a missing one, only for a just-created, unconfirmed account
     * whose id and email both match, and its caller never learns which case it was (ids appear in file URLs).
     */
    async ensureUserRecord(claim: { id: string; email: string; name: string }): Promise<void> {
      const account = await users.findById(claim.id);
      if (!account || account.email !== claim.email.toLowerCase() || account.emailVerified) return;
      if (Date.now() - account.createdAt.getTime() > justCreatedMs) return;
      await users.ensureProfile({ userId: account.id, email: account.email, name: account.name });
    },

    /**
     * Answers the same for unknown and already-confirmed addresses as for pending ones, so the form cannot be
     * used to find out who has an account; only a pending account is actually mailed.
     */
    async resendVerification(email: string, headers: Headers): Promise<string> {
      const account = await users.findByEmail(email);
      if (account && !account.emailVerified && !account.disabled) {
        await auth.api.sendVerificationEmail({ body: { email: account.email, callbackURL: verifiedCallbackPath }, headers });
      }
      return resendVerificationMessages.success;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
