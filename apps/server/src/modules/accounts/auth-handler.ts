import { accountEndpoints, genericMessages, loginMessages } from '@reelsmith/contracts';
import type { FastifyRequest } from 'fastify';
import { UserFacingError } from '../../errors.ts';
import type { Auth } from '../../platform/auth.ts';
import type { EndpointHandler, EndpointRouter } from '../../http/endpoint-router.ts';
import { toWebHeaders } from '../../http/session.ts';

/** People paste addresses with stray spaces; every auth endpoint sees the trimmed one (SPEC §5). */
function withTrimmedEmail(body: unknown): unknown {
  if (body && typeof body === 'object' && 'email' in body && typeof body.email === 'string') {
    return { ...body, email: body.email.trim() };
  }
  return body;
}

// Far deeper than any auth form, far shallower than what overflows the stack when the body is serialised again.
const maxBodyDepth = 32;

/** Walks the body without recursion, so measuring a hostile body cannot overflow the stack either. */
function deeperThan(body: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[body, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * better-auth names a session by its token in what it answers (sign-in, get-session, list-sessions). The cookie that
 * holds the token is HttpOnly so that no script can read it; an answer a script reads must not carry it either.
 * Sessions keep their ids.
 */
function withoutSessionTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSessionTokens);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (key === 'token' ? [] : [[key, withoutSessionTokens(item)]])));
}

/** The attempts worth guessing at: a client gets `max` of each per window; every other auth call ten times that. */
const guessablePaths = new Set(['/sign-in/email', '/sign-up/email', '/request-password-reset', '/send-verification-email', '/reset-password']);
const authPath = (request: FastifyRequest) => (request.url.split('?')[0] ?? '').replace(/^\/api\/auth/, '');

/**
 * Hands /api/auth/* to better-auth as a Fetch request and streams its answer back. The attempts are limited here,
 * per client address and path, in the shared rate_limit table (better-auth's own limiter counts in one process's
 * memory, which a client could spread across the API hosts).
 */
export function registerAuthHandler(router: EndpointRouter, auth: Auth, publicUrl: string, limit: { max: number; windowSeconds: number }): void {
  const handler: EndpointHandler<typeof accountEndpoints.authPost> = async ({ request, reply }) => {
    if (deeperThan(request.body, maxBodyDepth)) return reply.status(400).send({ error: genericMessages.badRequest });
    // Built on the public URL, not the Host header, which the client chooses and which might not even parse.
    const url = new URL(request.url, publicUrl);
    const headers = toWebHeaders(request);
    // Rate limits key on this header; it is set here from the socket, so a client cannot choose its own.
    headers.set('x-client-ip', request.ip);
    const hasBody = request.method !== 'GET' && request.body !== undefined;
    const response = await auth.handler(
      new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(withTrimmedEmail(request.body)) : undefined }),
    );
    reply.status(response.status);
    // The length is Fastify's to set: a JSON answer is sent shorter than better-auth made it.
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    // Sessions, session cookies and the redirects of mail links: nothing a browser or a proxy should keep.
    if (!response.headers.has('cache-control')) reply.header('cache-control', 'no-store');
    if (!response.body) return reply.send(null);
    if (response.headers.get('content-type')?.startsWith('application/json')) return reply.send(JSON.stringify(withoutSessionTokens(await response.json())));
    return reply.send(Buffer.from(await response.arrayBuffer()));
  };
  const rateLimit = {
    timeWindow: limit.windowSeconds * 1000,
    max: async (request: FastifyRequest) => (guessablePaths.has(authPath(request)) ? limit.max : limit.max * 10),
    keyGenerator: (request: FastifyRequest) => `${request.ip} ${authPath(request)}`,
    errorResponseBuilder: () => new UserFacingError(429, loginMessages.tooManyRequests),
  };
  router.route(accountEndpoints.authGet, handler, { config: { rateLimit } });
  router.route(accountEndpoints.authPost, handler, { config: { rateLimit } });
}
