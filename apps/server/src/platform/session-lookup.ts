import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SessionUser } from '@reelsmith/contracts';
import type { UsersRepository } from '../db/repositories/users.ts';

/** The parts of a better-auth instance the lookup uses. */
export interface BetterAuthSessions {
  api: { getSession(request: { headers: Headers }): Promise<{ user: { id: string; email: string; name: string } } | null> };
  $context: Promise<{
    authCookies: { sessionToken: { name: string }; dontRememberToken: { name: string } };
    sessionConfig: { expiresIn: number; updateAge: number };
  }>;
}

/**
 * Who is signed in, for every API call. better-auth's getSession reads the session and then its user in two queries;
 * on the dashboard's hot path that doubles the database work, so a session that is current is read here in one
 * joined query after checking the cookie's signature the way better-auth signs it (HMAC-SHA256 of the token with the
 * auth secret). Anything out of the ordinary — a session due for its sliding refresh, an expired one better-auth
 * would delete, a "don't remember me" session — goes to better-auth itself, so its rules stay the only rules.
 */
export function createSessionLookup(deps: { auth: BetterAuthSessions; users: Pick<UsersRepository, 'findSessionAccount'>; secret: string }) {
  async function viaBetterAuth(headers: Headers): Promise<SessionUser | null> {
    const found = await deps.auth.api.getSession({ headers });
    return found ? { id: found.user.id, email: found.user.email, name: found.user.name } : null;
  }

  return async function readSession(headers: Headers): Promise<SessionUser | null> {
    const context = await deps.auth.$context;
    const cookies = parseCookieHeader(headers.get('cookie'));
    const signed = cookies.get(context.authCookies.sessionToken.name);
    if (!signed) return null;
    if (cookies.has(context.authCookies.dontRememberToken.name)) return viaBetterAuth(headers);
    const token = verifiedValue(signed, deps.secret);
    if (!token) return null;
    const account = await deps.users.findSessionAccount(token);
    if (!account) return null;
    const now = Date.now();
    const { expiresIn, updateAge } = context.sessionConfig;
    const dueForRefresh = account.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now;
    if (account.expiresAt.getTime() <= now || dueForRefresh) return viaBetterAuth(headers);
    if (account.disabled) return null;
    return { id: account.id, email: account.email, name: account.name };
  };
}

export type SessionLookup = ReturnType<typeof createSessionLookup>;

function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

/** `token.signature` as better-call writes it (URI-encoded, base64 HMAC-SHA256); null for anything else. */
export function verifiedValue(cookie: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(cookie);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
