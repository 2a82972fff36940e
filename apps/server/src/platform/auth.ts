import { format } from 'node:util';
import { authBodyBounds, authErrorCodes, emailSchema } from '@reelsmith/contracts';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Database } from '../db/client.ts';
import type { UsersRepository } from '../db/repositories/users.ts';
import * as schema from '../db/schema.ts';
import type { EmailSender } from '../providers/email/types.ts';
import type { OriginTrust } from './origins.ts';
import { passwordResetMail, verificationMail } from './emails.ts';
import { createSessionLookup } from './session-lookup.ts';

export interface AuthDependencies {
  db: Database;
  users: UsersRepository;
  email: EmailSender;
  /** Links in mails always start with this, whatever Host a request came in with. */
  publicUrl: string;
  origins: OriginTrust;
  secret: string;
  /** The process log: better-auth's own lines go there, as JSON with secrets cut, instead of to the console. */
  log: { info(message: string): void; error(message: string): void };
  /** Runs in the request that creates the account: its user record and Free Plan subscription. */
  onUserCreated(created: { id: string; email: string; name: string }): Promise<void>;
}

/** Where the links in mails land: the login page tells the user the outcome. */
export const verifiedCallbackPath = '/login?verified=1';
export const resetPasswordPagePath = '/reset-password';

async function refuseUnknownOrDisabled(users: UsersRepository, rawEmail: unknown, checkDisabled: boolean) {
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', { code: authErrorCodes.invalidEmail, message: 'Invalid email' });
  }
  const account = await users.findByEmail(parsed.data);
  if (!account) throw new APIError('NOT_FOUND', { code: authErrorCodes.userNotFound, message: 'User not found' });
  if (checkDisabled && account.disabled) {
    throw new APIError('FORBIDDEN', { code: authErrorCodes.accountDisabled, message: 'Account disabled' });
  }
}

/** The contracts' bounds on what a person chooses (name, picture, links back), refused with their own words. */
function refuseOutOfBounds(path: string, body: unknown) {
  const bounds = Object.hasOwn(authBodyBounds, path) ? authBodyBounds[path as keyof typeof authBodyBounds] : undefined;
  const result = bounds?.safeParse(body ?? {});
  if (result && !result.success) {
    throw new APIError('BAD_REQUEST', { code: authErrorCodes.invalidField, message: result.error.issues[0]!.message });
  }
}

/**
 * better-auth owns passwords, sessions, verification and reset tokens. The product's rules sit on top:
 * sign-in tells an unknown email apart from a wrong password (SPEC §8 has a message for each), a disabled
 * account never gets a session, and every account gets its user record the moment it is created.
 */
export function createAuth(deps: AuthDependencies) {
  const instance = createBetterAuth(deps);
  return Object.assign(instance, { readSession: createSessionLookup({ auth: instance, users: deps.users, secret: deps.secret }) });
}

function createBetterAuth(deps: AuthDependencies) {
  const { users, email } = deps;
  return betterAuth({
    appName: 'Reelsmith',
    baseURL: deps.publicUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    // The CSRF guard's rule, so sign-up works at any address the guard lets through. Callback URLs are checked again
    // when a mail link is followed, in a request with no Origin, where only the public origin is trusted.
    trustedOrigins: (request) => {
      const origin = request?.headers.get('origin');
      return origin && deps.origins.isTrusted(origin, request?.headers.get('host') ?? undefined) ? [deps.publicUrl, origin] : [deps.publicUrl];
    },
    database: drizzleAdapter(deps.db, { provider: 'pg', schema }),
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args: unknown[]) => (level === 'error' || level === 'warn' ? deps.log.error : deps.log.info)(`better-auth: ${format(message, ...args)}`),
    },
    user: {
      additionalFields: { disabled: { type: 'boolean', required: false, defaultValue: false, input: false } },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await email.send(passwordResetMail(user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await email.send(verificationMail(user.email, url));
      },
    },
    // Attempts are limited in front of better-auth (auth-handler.ts) in the shared rate_limit table.
    rateLimit: { enabled: false },
    advanced: {
      // better-auth turns its origin and callback checks off under NODE_ENV=test; tests must see what production does.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: ['x-client-ip'] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      useSecureCookies: deps.publicUrl.startsWith('https://'),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            await deps.onUserCreated({ id: created.id, email: created.email, name: created.name });
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const account = await users.findById(session.userId);
            if (!account || account.disabled) {
              throw new APIError('FORBIDDEN', { code: authErrorCodes.accountDisabled, message: 'Account disabled' });
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = ctx.body as { email?: unknown } | undefined;
        refuseOutOfBounds(ctx.path, body);
        if (ctx.path === '/sign-in/email') await refuseUnknownOrDisabled(users, body?.email, true);
        if (ctx.path === '/request-password-reset') await refuseUnknownOrDisabled(users, body?.email, false);
        // Answers name sessions by id only (auth-handler.ts), so one is revoked by its id; better-auth then checks,
        // as for a token, that the session is the caller's.
        const sessionId = (body as { id?: unknown } | undefined)?.id;
        if (ctx.path === '/revoke-session' && typeof sessionId === 'string') {
          return { context: { body: { token: (await users.sessionTokenById(sessionId)) ?? '' } } };
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
