import {
  autoBrollsRequest,
  brollFieldNames,
  genericMessages,
  maxBrolls,
  saveBrollUrlRequest,
  skipBrollRequest,
  uploadMessages,
  uploadPolicies,
  type UploadPurpose,
} from '@reelsmith/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UserFacingError } from '../errors.ts';
import type { AutoBroll } from '../services/auto-broll.ts';
import type { Auth } from '../services/auth.ts';
import type { BrollRowInput, BrollsService } from '../services/brolls.ts';
import { parseWith } from './errors.ts';
import { checkedParts } from './input-guard.ts';
import { assertSameUser, requireSessionUser } from './session.ts';

export interface FormFile {
  content: Buffer;
  filename: string;
}

/**
 * Reads a multipart form whole: text fields, and files held in memory under the purpose's byte limit (so a file is
 * checked and stored only once every field, user_id included, has been read).
 */
export async function readMultipartForm(request: FastifyRequest, purpose: UploadPurpose, maxFiles: number) {
  const policy = uploadPolicies[purpose];
  if (!request.isMultipart()) throw new UserFacingError(400, genericMessages.badRequest);
  const fields = new Map<string, string>();
  const files = new Map<string, FormFile>();
  try {
    for await (const part of checkedParts(request, { limits: { fileSize: policy.maxBytes, files: maxFiles } })) {
      if (part.type === 'file') files.set(part.fieldname, { content: await part.toBuffer(), filename: part.filename });
      else fields.set(part.fieldname, String(part.value));
    }
  } catch (error) {
    if (error instanceof UserFacingError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new UserFacingError(413, policy.tooLargeMessage(policy.maxBytes + 1));
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new UserFacingError(400, genericMessages.badRequest);
    throw new UserFacingError(400, uploadMessages.failed);
  }
  return { fields, files };
}

const addBrollsFields = z.object({ user_id: z.string().min(1), video_id: z.string().min(1).max(100).optional(), main_video_url: z.string().max(2048).default('') });
/** Row numbers past the limit are read too, so a sixth row is refused rather than silently dropped. */
const highestRowNumber = 20;

/** SPEC §7 add-brolls, skip-broll, save-broll-url, and the auto B-roll (beta) suggestions of §9. */
export function registerBrollRoutes(app: FastifyInstance, deps: { auth: Auth; brolls: BrollsService; autoBroll: AutoBroll }): void {
  const { auth, brolls } = deps;

  app.post('/api/add-brolls', async (request) => {
    const user = await requireSessionUser(auth, request);
    const { fields, files } = await readMultipartForm(request, 'broll-image', maxBrolls + 1);
    const body = parseWith(addBrollsFields, Object.fromEntries(fields));
    assertSameUser(user, { id: body.user_id });
    const rows: BrollRowInput[] = [];
    for (let n = 1; n <= highestRowNumber; n += 1) {
      const names = brollFieldNames(n);
      rows.push({ n, file: files.get(names.file), imageUrl: fields.get(names.url), start: fields.get(names.start), end: fields.get(names.end) });
    }
    return brolls.add(user.id, { videoId: body.video_id, mainVideoUrl: body.main_video_url, rows });
  });

  app.post('/api/skip-broll', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(skipBrollRequest, request.body);
    assertSameUser(user, { id: body.user_id });
    return brolls.skip(user.id, { videoId: body.video_id, mainVideoUrl: body.main_video_url });
  });

  app.post('/api/save-broll-url', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(saveBrollUrlRequest, request.body);
    assertSameUser(user, { id: body.user_id });
    return brolls.saveUrl(user.id, { videoId: body.video_id, url: body.broll_url });
  });

  app.post('/api/auto-brolls', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(autoBrollsRequest, request.body);
    assertSameUser(user, { id: body.user_id });
    return deps.autoBroll.suggest(user.id, body.video_id, body.main_video_url);
  });
}
