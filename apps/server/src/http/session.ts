import type { SessionUser } from '@reelsmith/contracts';
import { genericMessages } from '@reelsmith/contracts';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../platform/auth.ts';
import { UserFacingError } from '../errors.ts';

export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return headers;
}

export async function readSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  return auth.readSession(toWebHeaders(request));
}

export async function requireSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const user = await readSessionUser(auth, request);
  if (!user) throw new UserFacingError(401, genericMessages.signInRequired);
  return user;
}

/** A body may name a user only to say "me": anything else is someone else's data (ARCHITECTURE: identity from the session). */
export function assertSameUser(sessionUser: SessionUser, claimed: { id?: string; email?: string }): void {
  if (claimed.id !== undefined && claimed.id !== sessionUser.id) throw new UserFacingError(403, genericMessages.forbidden);
  if (claimed.email !== undefined && claimed.email.toLowerCase() !== sessionUser.email.toLowerCase()) {
    throw new UserFacingError(403, genericMessages.forbidden);
  }
}
