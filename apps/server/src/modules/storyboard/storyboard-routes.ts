import {
  genericMessages,
  maxStoryboardVideoBytes,
  storyboardEndpoints,
  storyboardFieldNames,
  storyboardSceneCount,
  uploadMessages,
} from '@reelsmith/contracts';
import type { FastifyRequest } from 'fastify';
import { UserFacingError } from '../../errors.ts';
import type { SceneVideoInput, StoryboardService } from './storyboard.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import { checkedParts } from '../../http/input-guard.ts';

type FormFile = NonNullable<SceneVideoInput['file']>;

/**
 * Reads the storyboard form whole. A file past 8 MB is not refused here: it is kept as "too large" so the check in
 * scene order can name it ('Video N exceeds 8MB limit') the way the page does.
 */
async function readStoryboardForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new UserFacingError(400, genericMessages.badRequest);
  const fields = new Map<string, string>();
  const files = new Map<string, FormFile>();
  try {
    // @fastify/multipart reads throwFileSizeLimit from these options too; its types only list busboy's.
    const options = { limits: { fileSize: maxStoryboardVideoBytes, files: storyboardSceneCount }, throwFileSizeLimit: false };
    const parts = checkedParts(request, options as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        files.set(part.fieldname, { content, filename: part.filename, tooLarge: part.file.truncated });
      } else {
        fields.set(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    if (error instanceof UserFacingError) throw error;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new UserFacingError(400, genericMessages.badRequest);
    throw new UserFacingError(400, uploadMessages.failed);
  }
  return { fields, files };
}

/** SPEC §7 generate-and-store-scenes, update-scene (form posts) and generate-storyboard (multipart). */
export function registerStoryboardRoutes(router: EndpointRouter, deps: { storyboard: StoryboardService }): void {
  const { storyboard } = deps;
  const { route } = router;

  route(storyboardEndpoints.scenes, ({ user, input }) => storyboard.scenes(user.id, input.video_id));

  route(storyboardEndpoints.updateScene, ({ user, input }) =>
    storyboard.updateScene(user.id, { videoId: input.video_id, index: input.scene_index, text: input.scene_text }),
  );

  route(storyboardEndpoints.generate, async ({ user, request, check }) => {
    const { fields, files } = await readStoryboardForm(request);
    const body = check(Object.fromEntries(fields));
    const texts: (string | undefined)[] = [];
    const videos: SceneVideoInput[] = [];
    for (let n = 1; n <= storyboardSceneCount; n++) {
      const names = storyboardFieldNames(n);
      texts.push(fields.get(names.scene));
      videos.push({ file: files.get(names.video), url: fields.get(names.videoUrl) });
    }
    return storyboard.generate(user.id, { videoId: body.video_id, texts, videos });
  });
}
