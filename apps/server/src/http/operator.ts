import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { genericMessages } from '@reelsmith/contracts';

export const operatorTokenHeader = 'x-operator-token';
export const operatorCookie = 'reelsmith_operator';
export const operatorQueryParam = 'token';

// Hashing first gives both sides the same length, so the comparison takes the same time whatever was sent.
const digest = (value: string) => createHash('sha256').update(value).digest();

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * The dev mailbox and the test gateway's clock act on every account, so only the operator reaches them. Anyone else
 * gets the same 404 as a path that does not exist.
 */
export function createOperatorGuard(token: string, secureCookie: boolean) {
  const expected = digest(token);
  const matches = (candidate: unknown) => typeof candidate === 'string' && timingSafeEqual(digest(candidate), expected);

  const isOperator = (request: FastifyRequest) => matches(request.headers[operatorTokenHeader]) || matches(readCookie(request.headers.cookie, operatorCookie));

  return {
    /** For a public answer that tells the operator more than anyone else (/ready's reasons). */
    isOperator,

    async requireOperator(request: FastifyRequest, reply: FastifyReply) {
      if (isOperator(request)) return;
      return reply.status(404).send({ error: genericMessages.notFound });
    },

    /**
     * The start log's link carries the token once: it becomes an HttpOnly cookie and the browser moves on to the
     * clean URL, so the token stays out of history, bookmarks and Referer headers.
     */
    async acceptLinkToken(request: FastifyRequest, reply: FastifyReply) {
      const [path, search = ''] = request.url.split('?');
      const query = new URLSearchParams(search);
      if (!query.has(operatorQueryParam)) return;
      if (!matches(query.get(operatorQueryParam))) return reply.status(404).send({ error: genericMessages.notFound });
      query.delete(operatorQueryParam);
      const rest = query.toString();
      const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', ...(secureCookie ? ['Secure'] : [])];
      reply.header('set-cookie', `${operatorCookie}=${encodeURIComponent(token)}; ${attributes.join('; ')}`).header('cache-control', 'no-store');
      return reply.redirect(rest ? `${path}?${rest}` : path!, 303);
    },
  };
}

export type OperatorGuard = ReturnType<typeof createOperatorGuard>;
