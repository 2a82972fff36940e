import { z } from 'zod';
import {
  isEmailConfirmedRequest,
  pageViewRequest,
  passwordPolicy,
  sendVerificationEmailRequest,
  sessionUser,
} from './accounts.ts';
import { genericMessages, loginMessages } from './messages.ts';

/** What the web app reads from the server and the texts it needs beyond the SPEC §8 catalogue. */
export const meResponse = z.object({ user: sessionUser.nullable() });
export type MeResponse = z.infer<typeof meResponse>;

/** better-auth answers failures with `{code, message}`; the product's own routes with `{error}`. */
export const authErrorBody = z.object({ code: z.string().optional(), message: z.string().optional() });
export const apiErrorBody = z.object({ error: z.string() });

export type IsEmailConfirmedRequest = z.infer<typeof isEmailConfirmedRequest>;
export type SendVerificationEmailRequest = z.infer<typeof sendVerificationEmailRequest>;
export type PageViewBody = z.input<typeof pageViewRequest>;

export interface SignUpEmailRequest {
  name: string;
  email: string;
  password: string;
  callbackURL: string;
}
export interface SignInEmailRequest {
  email: string;
  password: string;
}
export interface RequestPasswordResetRequest {
  email: string;
  redirectTo: string;
}
export interface ResetPasswordRequest {
  newPassword: string;
  token: string;
}

/** Where the mails' links land (the server passes the same paths to better-auth). */
export const authCallbackPaths = { verified: '/login?verified=1', resetPassword: '/reset-password' } as const;

export const brand = {
  name: 'Reelsmith',
  tagline: 'Scroll-stopping vertical videos for your business — written, voiced and cut in minutes.',
} as const;

/** The busy overlays' texts (SPEC §2). */
export const busyMessages = {
  login: 'Logging you in',
  signup: 'Signing you up',
  newPassword: 'Saving your new password',
} as const;

export const formMessages = {
  required: (field: string) => `${field} is required.`,
  invalidEmail: loginMessages.invalidEmail,
  passwordHint: `At least ${passwordPolicy.min} characters.`,
  network: loginMessages.network,
  unexpected: genericMessages.internal,
} as const;

export const newPasswordMessages = {
  failed: (reason: string) => `Couldn't set your new password: ${reason}`,
} as const;

export const sessionMessages = {
  checkFailed: "We couldn't check your session. Check your connection and retry.",
  checking: 'Checking your session',
} as const;

/** Shown while the code of the first page opened is still arriving. */
export const pageLoadingText = 'Loading the page';

/** What a page that failed to show says instead of a stack trace. */
export const pageErrorTexts = {
  title: 'This page could not be shown',
  body: 'Something went wrong on our side while showing this page. Go back to the dashboard and try again.',
  home: 'Back to the dashboard',
} as const;
