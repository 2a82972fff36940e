import { accountDataEndpoints, accountDataMessages, accountDeleteLimit, accountExportFileName, accountExportLimit, genericMessages } from '@reelsmith/contracts';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../../platform/auth.ts';
import type { AccountDataRepository } from '../../db/repositories/account-data.ts';
import { UserFacingError } from '../../errors.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import { toWebHeaders } from '../../http/session.ts';
import { accountExport, type AccountExportDeps } from './account-export.ts';
import type { AccountDeletion } from './account-deletion.ts';

/**
 * Per-user limits: the key is the signed-in user's id (`user:<id>`, which deleting the account clears), or the
 * client's address for a caller without a session, whom the route then refuses anyway.
 */
function perUser(auth: Auth, limit: { max: number; windowSeconds: number }, message: string) {
  return {
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    keyGenerator: async (request: FastifyRequest) => {
      const user = await auth.readSession(toWebHeaders(request)).catch(() => null);
      return user ? `user:${user.id}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: () => new UserFacingError(429, message),
  };
}

export function registerAccountDataRoutes(
  router: EndpointRouter,
  deps: {
    auth: Auth;
    accountData: Pick<AccountDataRepository, 'snapshot'>;
    exports: AccountExportDeps;
    deletion: AccountDeletion;
    log: { error(message: string, fields?: Record<string, unknown>): void };
  },
): void {
  router.route(
    accountDataEndpoints.export,
    async ({ user, reply }) => {
      const snapshot = await deps.accountData.snapshot(user.id);
      if (!snapshot) throw new UserFacingError(401, genericMessages.signInRequired);
      const exportedAt = new Date();
      const { stream } = await accountExport(deps.exports, snapshot, exportedAt);
      // Headers are gone by the time a file fails mid-way: the download is cut short, and the log says why.
      stream.on('error', (error: Error) => deps.log.error(`account export of ${user.id} failed: ${error.message}`));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${accountExportFileName(exportedAt)}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
    { config: { rateLimit: perUser(deps.auth, accountExportLimit, accountDataMessages.exportLimited(accountExportLimit.max)) } },
  );

  router.route(
    accountDataEndpoints.delete,
    async ({ user, input, request, reply }) => {
      const { cookies } = await deps.deletion.deleteAccount(user, input.password, toWebHeaders(request));
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { status: 'deleted' as const, message: accountDataMessages.deleted };
    },
    { config: { rateLimit: perUser(deps.auth, accountDeleteLimit, accountDataMessages.tooManyAttempts) } },
  );
}
