import { genericMessages } from '@reelsmith/contracts';
import type { FastifyRequest } from 'fastify';
import { UserFacingError } from '../errors.ts';
import { checkedParts } from './input-guard.ts';

/** Plenty for every text field of a SPEC §7 form; a form with more is not one of ours. */
const maxFormFields = 60;

/**
 * The one reader of SPEC §7 form calls without files. A browser's FormData arrives as multipart/form-data, a plain
 * HTML form or a script as application/x-www-form-urlencoded, and the web app's own calls as JSON: all three become
 * the same object of fields, which the endpoint's schema then checks. A file in such a form is refused, not ignored,
 * so nothing the caller sent disappears silently.
 */
export async function readFormFields(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body;
  const fields: Record<string, string> = {};
  try {
    for await (const part of checkedParts(request, { limits: { files: 0, fields: maxFormFields } })) {
      if (part.type === 'file') throw new UserFacingError(400, genericMessages.badRequest, part.fieldname);
      fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof UserFacingError) throw error;
    throw new UserFacingError(400, genericMessages.badRequest);
  }
  return fields;
}
