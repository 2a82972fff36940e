import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { combineVideoFieldPattern, genericMessages, ownMediaEndpoints, ownVideoLimits, ownVideoTexts, uploadMessages } from '@reelsmith/contracts';
import type { FastifyRequest } from 'fastify';
import { UserFacingError } from '../../errors.ts';
import type { OwnVideos, SpooledVideo } from './own-videos.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import { checkedParts } from '../../http/input-guard.ts';

/** Form fields never carry a file; a field sent twice keeps its last value. */
type Fields = Record<string, string>;

/**
 * Reads a form with at most one video (`video`), written to a scratch file under the 40 MB limit while it streams:
 * the spec sends the file before user_id, so nothing is checked or stored until the whole form is in.
 */
async function readUploadForm(request: FastifyRequest, scratch: string): Promise<{ fields: Fields; file?: SpooledVideo }> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Fields };
  const fields: Fields = {};
  let file: SpooledVideo | undefined;
  try {
    for await (const part of checkedParts(request, { limits: { fileSize: ownVideoLimits.maxTotalBytes, files: 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === 'video') {
        await pipeline(part.file, createWriteStream(scratch));
        file = { path: scratch, filename: part.filename, size: (await stat(scratch)).size, truncated: part.file.truncated };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (error instanceof UserFacingError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new UserFacingError(413, ownVideoTexts.wouldExceed);
    if (code === 'FST_FILES_LIMIT') throw new UserFacingError(400, genericMessages.badRequest);
    throw new UserFacingError(400, uploadMessages.failed);
  }
  return { fields, file };
}

/** SPEC §7 upload-and-save and combine-videos-silent (the Use Own Video page). */
export function registerOwnVideoRoutes(router: EndpointRouter, deps: { ownVideos: OwnVideos; tmpDir: string }): void {
  const { ownVideos } = deps;

  router.route(ownMediaEndpoints.uploadAndSave, async ({ user, request, check }) => {
    await mkdir(deps.tmpDir, { recursive: true });
    const scratch = join(deps.tmpDir, `own-video-${randomUUID()}`);
    try {
      const { fields, file } = await readUploadForm(request, scratch);
      const body = check(fields);
      return await ownVideos.uploadAndSave(user.id, { itemId: body.id, videoId: body.video_id, items: body.items, file, videoUrl: body.video_url });
    } finally {
      await rm(scratch, { force: true });
    }
  });

  router.route(ownMediaEndpoints.combineVideosSilent, ({ user, input }) => {
    const videos = new Map<number, string>();
    for (const [name, value] of Object.entries(input)) {
      const n = combineVideoFieldPattern.exec(name)?.[1];
      if (n && typeof value === 'string' && value.trim()) videos.set(Number(n), value.trim());
    }
    return ownVideos.combine(user.id, { videoId: input.video_id, videos });
  });
}
