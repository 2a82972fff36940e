import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { genericMessages } from '@reelsmith/contracts';
import { UserFacingError } from '../errors.ts';

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

/** Every failure answers `{error}` with a user-facing text; stack traces stay in the log. */
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
    return reply.status(status).send({ error: status === 429 ? 'Too many attempts. Please try again later.' : error.message });
  });
}
