import { brollEndpoints, brollFieldNames, genericMessages, maxBrolls, uploadMessages, uploadPolicies, type UploadPurpose } from '@reelsmith/contracts';
import type { FastifyRequest } from 'fastify';
import { UserFacingError } from '../errors.ts';
import type { AutoBroll } from '../services/auto-broll.ts';
import type { BrollRowInput, BrollsService } from '../services/brolls.ts';
import type { EndpointRouter } from './endpoint-router.ts';
import { checkedParts } from './input-guard.ts';

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

/** Row numbers past the limit are read too, so a sixth row is refused rather than silently dropped. */
const highestRowNumber = 20;

/** SPEC §7 add-brolls, skip-broll, save-broll-url, and the auto B-roll (beta) suggestions of §9. */
export function registerBrollRoutes(router: EndpointRouter, deps: { brolls: BrollsService; autoBroll: AutoBroll }): void {
  const { brolls } = deps;
  const { route } = router;

  route(brollEndpoints.addBrolls, async ({ user, request, check }) => {
    const { fields, files } = await readMultipartForm(request, 'broll-image', maxBrolls + 1);
    const body = check(Object.fromEntries(fields));
    const rows: BrollRowInput[] = [];
    for (let n = 1; n <= highestRowNumber; n += 1) {
      const names = brollFieldNames(n);
      rows.push({ n, file: files.get(names.file), imageUrl: fields.get(names.url), start: fields.get(names.start), end: fields.get(names.end) });
    }
    return brolls.add(user.id, { videoId: body.video_id, mainVideoUrl: body.main_video_url, rows });
  });

  route(brollEndpoints.skipBroll, ({ user, input }) => brolls.skip(user.id, { videoId: input.video_id, mainVideoUrl: input.main_video_url }));
  route(brollEndpoints.saveBrollUrl, ({ user, input }) => brolls.saveUrl(user.id, { videoId: input.video_id, url: input.broll_url }));
  route(brollEndpoints.autoBrolls, ({ user, input }) => deps.autoBroll.suggest(user.id, input.video_id, input.main_video_url));
}
