import { z } from 'zod';
import {
  signUpPageBody,
  updateUserBodyBounds,
  createUserRequest,
  isEmailConfirmedRequest,
  isEmailConfirmedResponse,
  messageOrErrorResponse,
  pageViewRequest,
  passwordResetRequest,
  sendVerificationEmailRequest,
} from '../accounts.ts';
import { defineEndpoint } from '../endpoint.ts';
import { resendVerificationMessages } from '../messages.ts';
import { meResponse } from '../web.ts';

const tag = 'accounts';
/** better-auth's own answers: documented as objects, checked by better-auth itself. */
const authAnswer = z.looseObject({});
const none = z.object({});

const betterAuth = (method: 'GET' | 'POST') =>
  defineEndpoint({
    method,
    path: '/api/auth/*',
    summary: 'better-auth: sign-in, sign-up, sign-out, sessions, email verification and password reset.',
    tag,
    access: 'auth',
    body: 'raw',
    request: z.unknown(),
    response: z.unknown(),
  });

const betterAuthCall = <const Path extends string, R extends z.ZodType>(path: Path, summary: string, request: R) =>
  defineEndpoint({ method: 'POST', path, summary, tag, access: 'auth', body: 'json', request, response: authAnswer });

export const accountEndpoints = {
  authGet: betterAuth('GET'),
  authPost: betterAuth('POST'),
  signIn: betterAuthCall(
    '/api/auth/sign-in/email',
    'Password sign-in (better-auth); sets the session cookie.',
    z.object({ email: z.string(), password: z.string(), rememberMe: z.boolean().optional() }),
  ),
  signUp: betterAuthCall(
    '/api/auth/sign-up/email',
    'Sign-up (better-auth); sends the verification email.',
    signUpPageBody.extend({ email: z.string(), password: z.string() }),
  ),
  signOut: betterAuthCall('/api/auth/sign-out', 'Ends the session (better-auth).', none),
  requestPasswordReset: betterAuthCall(
    '/api/auth/request-password-reset',
    'Mails a password-reset link (better-auth).',
    passwordResetRequest.extend({ redirectTo: z.string().optional() }),
  ),
  resetPassword: betterAuthCall('/api/auth/reset-password', 'Sets a new password from a reset link (better-auth).', z.object({ newPassword: z.string(), token: z.string() })),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/me',
    summary: 'The signed-in user, or null.',
    tag,
    access: 'public',
    body: 'none',
    request: none,
    response: meResponse,
  }),
  isEmailConfirmed: defineEndpoint({
    method: 'POST',
    path: '/api/is-email-confirmed',
    summary: 'SPEC §7 is-email-confirmed.',
    tag,
    access: 'session',
    body: 'json',
    request: isEmailConfirmedRequest,
    response: isEmailConfirmedResponse,
    namesUser: { email: 'email' },
  }),
  sendVerificationEmail: defineEndpoint({
    method: 'POST',
    path: '/api/send-verification-email',
    summary: 'SPEC §7 send-verification-email: a new verification link, rate limited.',
    tag,
    access: 'public',
    body: 'json',
    request: sendVerificationEmailRequest,
    response: messageOrErrorResponse,
    namesUser: { id: 'id', email: 'email' },
    badRequestMessage: resendVerificationMessages.byStatus[400],
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: '/api/create-user',
    summary: 'SPEC §7 create-user: the product record of a signed-up account.',
    tag,
    access: 'public',
    body: 'json',
    request: createUserRequest,
    response: z.object({ status: z.literal('success') }),
  }),
  pageView: defineEndpoint({
    method: 'POST',
    path: '/api/analytics/pageview',
    summary: 'Records a page view (signed in or not); answers 204.',
    tag: 'analytics',
    access: 'public',
    body: 'json',
    request: pageViewRequest,
    response: z.null(),
  }),
} as const;

/** No page changes a profile yet: kept apart from accountEndpoints, so the pages' first load does not carry it. */
export const profileEndpoints = {
  updateUser: betterAuthCall('/api/auth/update-user', "Changes the signed-in user's name or picture (better-auth).", updateUserBodyBounds),
} as const;
