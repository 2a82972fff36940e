import { genericMessages, productShowcaseEndpoints, showcaseFieldNames, showcaseImagePolicy, uploadMessages } from '@reelsmith/contracts';
import type { FastifyRequest } from 'fastify';
import { UserFacingError } from '../../errors.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import { checkedParts } from '../../http/input-guard.ts';
import type { VideoGenerator } from '../../providers/video-generation/types.ts';
import type { ProductShowcaseService, ShowcaseImage } from './product-showcase.ts';

/** image1 and image2; a third file refuses the form. */
const maxFormFiles = 2;

/**
 * Reads the form whole. An image over 1.8 MB is not cut off at the limit: the rest of it is counted (not kept), so
 * the refusal can say its real size, as SPEC §5's 'File too large (x MB)' does.
 */
async function readShowcaseForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new UserFacingError(400, genericMessages.badRequest);
  const fields = new Map<string, string>();
  const images = new Map<string, ShowcaseImage>();
  try {
    for await (const part of checkedParts(request, { limits: { files: maxFormFiles } })) {
      if (part.type !== 'file') {
        fields.set(part.fieldname, String(part.value));
        continue;
      }
      const kept: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= showcaseImagePolicy.maxBytes) kept.push(chunk);
      }
      // A browser sends an empty part for a file input left empty: that is no image.
      if (size === 0 && !part.filename) continue;
      images.set(part.fieldname, { filename: part.filename, size, content: size <= showcaseImagePolicy.maxBytes ? Buffer.concat(kept) : null });
    }
  } catch (error) {
    if (error instanceof UserFacingError) throw error;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new UserFacingError(400, genericMessages.badRequest);
    throw new UserFacingError(400, uploadMessages.failed);
  }
  return { fields, images };
}

/** SPEC §7 generate-product-showcase, and which generator makes the footage. */
export function registerProductShowcaseRoutes(router: EndpointRouter, deps: { showcase: ProductShowcaseService; generatorName: VideoGenerator['name'] }): void {
  router.route(productShowcaseEndpoints.generate, async ({ user, request, check }) => {
    const { fields, images } = await readShowcaseForm(request);
    const body = check(Object.fromEntries(fields));
    const scenes = [1, 2].map((n) => {
      const names = showcaseFieldNames(n);
      const image = images.get(names.image);
      return { text: n === 1 ? body.text1 : body.text2, ...(image ? { image } : {}) };
    });
    return deps.showcase.generate(user.id, { videoId: body.video_id, length: body.length, scenes, transition: body.transition });
  });

  router.route(productShowcaseEndpoints.settings, () => ({ generator: deps.generatorName }));
}
