import { genericMessages } from '@reelsmith/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UserFacingError } from '../errors.ts';

/** Walks without recursion: a hostile body nested 50,000 deep must get its 400, not overflow the stack. */
function containsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\0')) return true;
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\0')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** PostgreSQL refuses NUL in text, so a NUL anywhere would fail only after files were stored: refuse it up front. */
export function refuseNul(...values: unknown[]): void {
  if (values.some(containsNul)) throw new UserFacingError(400, genericMessages.nulCharacter);
}

/** Body, query and params of every route; a multipart body is checked part by part as the router reads it (checkedParts). */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseNul(request.params, request.query, request.body);
  });
}

type PartsOptions = Parameters<FastifyRequest['parts']>[0];

/** request.parts, refusing a field name, value or file name with NUL as soon as its part arrives. */
export async function* checkedParts(request: FastifyRequest, options?: PartsOptions) {
  for await (const part of request.parts(options)) {
    if (part.type === 'field') refuseNul(part.fieldname, part.value);
    else refuseNul(part.fieldname, part.filename);
    yield part;
  }
}
