import {
  generateScenesRequest,
  genericMessages,
  maxStoryboardVideoBytes,
  storyboardFieldNames,
  storyboardSceneCount,
  updateSceneRequest,
  uploadMessages,
} from '@reelsmith/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UserFacingError } from '../errors.ts';
import type { Auth } from '../services/auth.ts';
import type { SceneVideoInput, StoryboardService } from '../services/storyboard.ts';
import { parseWith } from './errors.ts';
import { checkedParts } from './input-guard.ts';
import { assertSameUser, requireSessionUser } from './session.ts';

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

const storyboardFields = z.object({ user_id: z.string().min(1), video_id: z.string().min(1).max(100).optional() });

/** SPEC §7 generate-and-store-scenes, update-scene (form posts) and generate-storyboard (multipart). */
export function registerStoryboardRoutes(app: FastifyInstance, deps: { auth: Auth; storyboard: StoryboardService }): void {
  const { auth, storyboard } = deps;

  app.post('/api/generate-and-store-scenes', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(generateScenesRequest, request.body);
    assertSameUser(user, { id: body.user_id });
    return storyboard.scenes(user.id, body.video_id);
  });

  app.post('/api/update-scene', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(updateSceneRequest, request.body);
    assertSameUser(user, { id: body.user_id });
    return storyboard.updateScene(user.id, { videoId: body.video_id, index: body.scene_index, text: body.scene_text });
  });

  app.post('/api/generate-storyboard', async (request) => {
    const user = await requireSessionUser(auth, request);
    const { fields, files } = await readStoryboardForm(request);
    const body = parseWith(storyboardFields, Object.fromEntries(fields));
    assertSameUser(user, { id: body.user_id });
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
