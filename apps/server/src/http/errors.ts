import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { genericMessages, loginMessages, requestMessages } from '@reelsmith/contracts';
import { UserFacingError } from '../errors.ts';
import { logRequest } from './request-log.ts';

/** The first wrong field's name, dotted when nested (`scenes.2.text`); undefined when the body itself was wrong. */
export function fieldOf(error: z.ZodError): string | undefined {
  const path = error.issues[0]?.path ?? [];
  return path.length > 0 ? path.map(String).join('.') : undefined;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, message: string = genericMessages.badRequest): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new UserFacingError(400, message, fieldOf(result.error));
  return result.data;
}

/** The catalogue's words for what Fastify refuses itself (a body that does not parse, too large, of another type). */
const refusalsByStatus: Record<number, string> = {
  404: genericMessages.notFound,
  413: requestMessages.tooLarge,
  414: requestMessages.addressTooLong,
  415: requestMessages.unsupportedBody,
  429: loginMessages.tooManyRequests,
};

/**
 * Fastify answers a URL it cannot route (bad percent-encoding, a path part past its length limit) before any hook
 * runs, with its own JSON that echoes the URL; this answers in the app's shape instead.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode === 414 ? 414 : 400;
  void reply.status(status).send({ error: refusalsByStatus[status] ?? genericMessages.badRequest });
  // No hook runs for such a request, the request log's included; a probe of the server is worth its line.
  logRequest(request, reply);
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers or a URL over 16 KB, a malformed request
 * line), answered in the app's shape rather than Fastify's.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ error: status === 431 ? requestMessages.tooLarge : genericMessages.badRequest });
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, `Content-Length: ${Buffer.byteLength(body)}`, 'Content-Type: application/json; charset=utf-8', 'Connection: close'];
  if (socket.writable) socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  socket.destroy(error);
}

/**
 * Every failure answers `{error}` with a user-facing text; stack traces stay in the log. Fastify's own messages are
 * not passed on: they are not the catalogue's words, and some repeat what the request sent.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | UserFacingError, request, reply) => {
    if (error instanceof UserFacingError) {
      return reply.status(error.statusCode).send(error.field ? { error: error.message, field: error.field } : { error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ error: genericMessages.internal });
    }
    return reply.status(status).send({ error: refusalsByStatus[status] ?? genericMessages.badRequest });
  });
}
