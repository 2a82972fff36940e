import type { FastifyInstance } from 'fastify';
import type { Auth } from '../services/auth.ts';
import { toWebHeaders } from './session.ts';

/** People paste addresses with stray spaces; every auth endpoint sees the trimmed one (SPEC §5). */
function withTrimmedEmail(body: unknown): unknown {
  if (body && typeof body === 'object' && 'email' in body && typeof body.email === 'string') {
    return { ...body, email: body.email.trim() };
  }
  return body;
}

/** Hands /api/auth/* to better-auth as a Fetch request and streams its answer back. */
export function registerAuthHandler(app: FastifyInstance, auth: Auth): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
      const headers = toWebHeaders(request);
      // Rate limits key on this header; it is set here from the socket, so a client cannot choose its own.
      headers.set('x-client-ip', request.ip);
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(withTrimmedEmail(request.body)) : undefined }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
