import { z } from 'zod';
import { profileMessages } from './messages.ts';

/** A deliberately simple address pattern (SPEC §5 resend verification): something@something.tld. */
export const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z.string().trim().toLowerCase().max(254).regex(simpleEmailPattern);

export const passwordPolicy = { min: 8, max: 128 } as const;

/** A person's or a business's name fits; a paragraph pasted into it (or a phishing text) does not. */
export const userNameMaxLength = 100;
/** Longer than any address of the app or of a picture; a link is not a place for text. */
export const linkMaxLength = 2048;

/** Counted as sent, not trimmed: spaces are stored too. */
export const userNameSchema = z
  .string({ error: profileMessages.nameRequired })
  .max(userNameMaxLength, { error: profileMessages.nameTooLong(userNameMaxLength) })
  .refine((name) => name.trim() !== '', { error: profileMessages.nameRequired });

/** A profile picture is an https address or none: a javascript: or data: URL would run or load wherever it is shown. */
export const profileImageSchema = z
  .url({ protocol: /^https$/, error: profileMessages.imageNotHttps })
  .max(linkMaxLength, { error: profileMessages.imageNotHttps })
  .nullable();

const appLink = z.string().max(linkMaxLength, { error: profileMessages.linkTooLong(linkMaxLength) });

/**
 * What the server checks of better-auth's bodies before better-auth reads them, by better-auth path: better-auth
 * itself takes a name or a callback of any length and any picture URL. Other fields are left to better-auth.
 */
/** What the sign-up page sends; better-auth would also take a picture, which the server checks (signUpBodyBounds). */
export const signUpPageBody = z.looseObject({ name: userNameSchema, callbackURL: appLink.optional() });
export const signUpBodyBounds = signUpPageBody.extend({ image: profileImageSchema.optional() });
export const updateUserBodyBounds = z.looseObject({ name: userNameSchema.optional(), image: profileImageSchema.optional() });

export const authBodyBounds = {
  '/sign-up/email': signUpBodyBounds,
  '/update-user': updateUserBodyBounds,
  '/request-password-reset': z.looseObject({ redirectTo: appLink.optional() }),
  '/send-verification-email': z.looseObject({ callbackURL: appLink.optional() }),
} as const;

export const signupFormSchema = z
  .object({
    name: z.string().trim().min(1).max(userNameMaxLength),
    email: emailSchema,
    password: z.string().min(passwordPolicy.min).max(passwordPolicy.max),
    confirmPassword: z.string(),
  });

export const isEmailConfirmedRequest = z.object({ email: emailSchema });
export const isEmailConfirmedResponse = z.object({ confirmed: z.boolean() });

export const sendVerificationEmailRequest = z.object({
  id: z.string().min(1).max(100).optional(),
  email: emailSchema,
  name: z.string().max(userNameMaxLength).optional(),
});
export const messageOrErrorResponse = z.object({ message: z.string().optional(), error: z.string().optional() });

export const createUserRequest = z.object({
  id: z.string().min(1).max(100),
  email: emailSchema,
  name: z.string().trim().min(1).max(userNameMaxLength),
});

export const passwordResetRequest = z.object({ email: emailSchema });

export const sessionUser = z.object({ id: z.string(), email: z.string(), name: z.string() });
export type SessionUser = z.infer<typeof sessionUser>;

export const pageViewRequest = z.object({
  path: z.string().min(1).max(2048).startsWith('/'),
  referrer: z.string().max(2048).optional(),
});
export type PageViewRequest = z.infer<typeof pageViewRequest>;

export const outboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
