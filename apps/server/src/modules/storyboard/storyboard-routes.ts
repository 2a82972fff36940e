import {
  aiVideoFieldNames,
  genericMessages,
  maxAiVideoScenes,
  maxStoryboardVideoBytes,
  storyboardEndpoints,
  storyboardFieldNames,
  storyboardSceneCount,
  uploadMessages,
} from '@reelsmith/contracts';
import type { FastifyRequest } from 'fastify';
import { UserFacingError } from '../../errors.ts';
import type { AiVideoService, SceneImageInput } from './ai-video.ts';
import type { SceneVideoInput, StoryboardService } from './storyboard.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import { checkedParts } from '../../http/input-guard.ts';
import { readMultipartForm } from '../../http/multipart-form.ts';

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

/**
 * SPEC §7 generate-and-store-scenes, update-scene (form posts), generate-storyboard and generate-ai-video (multipart),
 * and the AI video's state for a page opened again.
 */
export function registerStoryboardRoutes(router: EndpointRouter, deps: { storyboard: StoryboardService; aiVideo: AiVideoService }): void {
  const { storyboard, aiVideo } = deps;
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

  route(storyboardEndpoints.generateAiVideo, async ({ user, request, check }) => {
    const { fields, files } = await readMultipartForm(request, 'scene-image', maxAiVideoScenes);
    const body = check(Object.fromEntries(fields));
    const texts = new Map<number, string>();
    const images: SceneImageInput[] = [];
    // Numbers past the storyboard's six are read too, so a seventh scene is refused rather than dropped.
    for (let n = 1; n <= maxAiVideoScenes + 1; n++) {
      const names = aiVideoFieldNames(n);
      const text = fields.get(names.scene);
      if (text !== undefined) texts.set(n, text);
      const file = files.get(names.image);
      const url = fields.get(names.imageUrl)?.trim();
      if (file || url) images.push({ n, ...(file ? { file } : { url }) });
    }
    if (texts.has(maxAiVideoScenes + 1)) throw new UserFacingError(400, genericMessages.badRequest);
    return aiVideo.start(user.id, { videoId: body.video_id, texts, images });
  });

  route(storyboardEndpoints.aiVideoState, ({ user, input }) => aiVideo.state(user.id, input.video_id));
}
