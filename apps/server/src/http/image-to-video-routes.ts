import { convertImagesFields, imageFieldNames } from '@reelsmith/contracts';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../services/auth.ts';
import type { ImageEffects } from '../services/image-effects.ts';
import type { ImageInput, ImageToVideoService } from '../services/image-to-video.ts';
import { readMultipartForm } from './broll-routes.ts';
import { parseWith } from './errors.ts';
import { assertSameUser, requireSessionUser } from './session.ts';

/** Image numbers past the limit are read too, so an eleventh image is refused with the count's text, not dropped. */
const highestImageNumber = 20;
/** The app's multipart bound: beyond it the form itself is refused. */
const maxFormFiles = 12;

/** SPEC §7 convert-images-to-video, and the effect list with its preview clips (SPEC §3). */
export function registerImageToVideoRoutes(app: FastifyInstance, deps: { auth: Auth; imageToVideo: ImageToVideoService; effects: ImageEffects }): void {
  const { auth } = deps;

  app.post('/api/convert-images-to-video', async (request) => {
    const user = await requireSessionUser(auth, request);
    const { fields, files } = await readMultipartForm(request, 'scene-image', maxFormFiles);
    const body = parseWith(convertImagesFields, Object.fromEntries(fields));
    assertSameUser(user, { id: body.user_id });
    const images: ImageInput[] = [];
    for (let n = 1; n <= highestImageNumber; n += 1) {
      const names = imageFieldNames(n);
      const file = files.get(names.file);
      const url = fields.get(names.url)?.trim();
      if (file || url) images.push({ n, ...(file ? { file } : { url }) });
    }
    return deps.imageToVideo.convert(user.id, { videoId: body.video_id, zoom: body.zoom === 'yes', effect: body.effect, images });
  });

  /** GET /api/image-effects: {effects: [{name, label, preview_url}]}, the default effect (fade) among them. */
  app.get('/api/image-effects', async (request) => {
    await requireSessionUser(auth, request);
    return deps.effects.list();
  });
}
