import { genericMessages, uploadMessages, uploadPolicies, type UploadPurpose } from '@reelsmith/contracts';
import type { FastifyRequest } from 'fastify';
import { UserFacingError } from '../errors.ts';
import { checkedParts } from './input-guard.ts';

export interface FormFile {
  content: Buffer;
  filename: string;
}

export interface MultipartFormOptions {
  /** The refusal of a form with more than `maxFiles` files, where the form has words for it; the generic one otherwise. */
  tooManyFiles?: string;
  /** Words for a file over the limit in a form of several files, from its field (the refusal then names the field too). */
  tooLarge?: (field: string, message: string) => string;
}

/**
 * Reads a multipart form whole: text fields, and files held in memory under the purpose's byte limit (so a file is
 * checked and stored only once every field, user_id included, has been read).
 */
export async function readMultipartForm(request: FastifyRequest, purpose: UploadPurpose, maxFiles: number, options: MultipartFormOptions = {}) {
  const policy = uploadPolicies[purpose];
  if (!request.isMultipart()) throw new UserFacingError(400, genericMessages.badRequest);
  const fields = new Map<string, string>();
  const files = new Map<string, FormFile>();
  let reading: string | undefined;
  try {
    for await (const part of checkedParts(request, { limits: { fileSize: policy.maxBytes, files: maxFiles } })) {
      reading = part.fieldname;
      if (part.type === 'file') files.set(part.fieldname, { content: await part.toBuffer(), filename: part.filename });
      else fields.set(part.fieldname, String(part.value));
    }
  } catch (error) {
    if (error instanceof UserFacingError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = policy.tooLargeMessage(policy.maxBytes + 1);
      if (options.tooLarge && reading) throw new UserFacingError(413, options.tooLarge(reading, message), reading);
      throw new UserFacingError(413, message);
    }
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new UserFacingError(400, options.tooManyFiles ?? genericMessages.badRequest);
    throw new UserFacingError(400, uploadMessages.failed);
  }
  return { fields, files };
}
