import { z } from 'zod';

/** A deliberately simple address pattern (SPEC §5 resend verification): something@something.tld. */
export const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z.string().trim().toLowerCase().max(254).regex(simpleEmailPattern);

export const passwordPolicy = { min: 8, max: 128 } as const;

export const signupFormSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    email: emailSchema,
    password: z.string().min(passwordPolicy.min).max(passwordPolicy.max),
    confirmPassword: z.string(),
  });

export const isEmailConfirmedRequest = z.object({ email: emailSchema });
export const isEmailConfirmedResponse = z.object({ confirmed: z.boolean() });

export const sendVerificationEmailRequest = z.object({
  id: z.string().min(1).max(100).optional(),
  email: emailSchema,
  name: z.string().max(120).optional(),
});
export const messageOrErrorResponse = z.object({ message: z.string().optional(), error: z.string().optional() });

export const createUserRequest = z.object({
  id: z.string().min(1).max(100),
  email: emailSchema,
  name: z.string().trim().min(1).max(120),
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
