import { finalVideoEndpoints, uploadPolicies, type UploadPolicy } from '@reelsmith/contracts';
import type { FastifyRequest } from 'fastify';
import { UserFacingError } from '../../errors.ts';
import type { FinalVideoRequest, FinalVideoService } from './final-video.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import { checkedParts } from '../../http/input-guard.ts';

interface FinalVideoForm {
  fields: Record<string, string>;
  ctaImage?: FinalVideoRequest['ctaImage'];
}

/**
 * SPEC §7 sends the fields and the optional `cta_image` in one form, in any order, so the image (capped at its
 * policy's size while it streams in) is held in memory until the user in the fields has been checked.
 */
async function readFinalVideoForm(request: FastifyRequest): Promise<FinalVideoForm> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, string> };
  const policy: UploadPolicy = uploadPolicies['cta-image'];
  const form: FinalVideoForm = { fields: {} };
  try {
    for await (const part of checkedParts(request, { limits: { fileSize: policy.maxBytes, files: 1 } })) {
      if (part.type === 'field') form.fields[part.fieldname] = String(part.value);
      else if (part.fieldname !== 'cta_image') part.file.resume();
      else {
        const content = await part.toBuffer();
        // An empty file input still sends a part: no name, no bytes.
        if (content.length > 0 || part.filename) form.ctaImage = { content, filename: part.filename };
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new UserFacingError(413, policy.tooLargeMessage(policy.maxBytes + 1));
    throw error;
  }
  return form;
}

/** SPEC §7 final-video (starts the one render), the status the page polls while it runs, and what a render costs. */
export function registerFinalVideoRoutes(router: EndpointRouter, deps: { finalVideo: FinalVideoService }): void {
  const { finalVideo } = deps;

  router.route(finalVideoEndpoints.start, async ({ user, request, check }) => {
    const form = await readFinalVideoForm(request);
    const body = check(form.fields);
    return finalVideo.start(user.id, {
      videoId: body.video_id,
      subtitlesEnabled: body.subtitle_enabled === 'Yes',
      position: body.subtitle_position,
      fontSize: body.subtitle_font_size,
      wordsPerChunk: body.words_per_chunk,
      srt: body.subtitle_srt,
      style: body.subtitle_style,
      logoEnabled: body.logo_enabled === 'Yes',
      ctaImage: form.ctaImage,
    });
  });

  router.route(finalVideoEndpoints.check, ({ user, input, reply }) => {
    // A page that went away stops its long poll (the response closes before it was sent).
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    return finalVideo.check(user.id, input.video_id, input.wait_ms, gone.signal);
  });
  router.route(finalVideoEndpoints.cost, ({ user, input }) => finalVideo.cost(user.id, input.video_id));
}
