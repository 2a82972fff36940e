import {
  createUserRequest,
  isEmailConfirmedRequest,
  resendVerificationMessages,
  sendVerificationEmailRequest,
} from '@reelsmith/contracts';
import type { FastifyInstance } from 'fastify';
import type { AccountsService } from '../services/accounts.ts';
import type { Auth } from '../services/auth.ts';
import { UserFacingError } from '../errors.ts';
import { parseWith } from './errors.ts';
import { assertSameUser, readSessionUser, requireSessionUser, toWebHeaders } from './session.ts';

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; accounts: AccountsService; resendLimit: { max: number; windowSeconds: number } },
): void {
  const { auth, accounts } = deps;

  app.get('/api/me', async (request) => ({ user: await readSessionUser(auth, request) }));

  app.post('/api/is-email-confirmed', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(isEmailConfirmedRequest, request.body);
    assertSameUser(user, { email: body.email });
    return { confirmed: await accounts.isEmailConfirmed(user) };
  });

  app.post(
    '/api/send-verification-email',
    {
      config: {
        rateLimit: {
          max: deps.resendLimit.max,
          timeWindow: deps.resendLimit.windowSeconds * 1000,
          errorResponseBuilder: () => new UserFacingError(429, resendVerificationMessages.byStatus[429]!),
        },
      },
    },
    async (request) => {
      const body = parseWith(sendVerificationEmailRequest, request.body, resendVerificationMessages.byStatus[400]);
      const user = await readSessionUser(auth, request);
      if (user) assertSameUser(user, { id: body.id, email: body.email });
      return { message: await accounts.resendVerification(body.email, toWebHeaders(request)) };
    },
  );

  app.post('/api/create-user', async (request) => {
    await accounts.ensureUserRecord(parseWith(createUserRequest, request.body));
    return { status: 'success' };
  });
}
