import { genericMessages, imageFieldNames, ownMediaEndpoints, parseImageFocus } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import type { ImageEffects } from './image-effects.ts';
import type { ImageInput, ImageToVideoService } from './image-to-video.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** Image numbers past the limit are read too, so an eleventh image is refused with the count's text, not dropped. */
const highestImageNumber = 20;

/** SPEC §7 convert-images-to-video, and the effect list with its preview clips (SPEC §3). */
export function registerImageToVideoRoutes(router: EndpointRouter, deps: { imageToVideo: ImageToVideoService; effects: ImageEffects }): void {
  router.route(ownMediaEndpoints.convertImages, ({ user, input: body, files }) => {
    const images: ImageInput[] = [];
    for (let n = 1; n <= highestImageNumber; n += 1) {
      const names = imageFieldNames(n);
      const file = files.get(names.file);
      const url = body[names.url]?.trim();
      const focusText = body[names.focus];
      // Refused before anything is stored, like any other malformed field.
      const focus = focusText === undefined ? undefined : parseImageFocus(focusText);
      if (focus === null) throw new UserFacingError(400, genericMessages.badRequest, names.focus);
      if (file || url) images.push({ n, ...(file ? { file } : { url }), ...(focus ? { focus } : {}) });
    }
    return deps.imageToVideo.convert(user.id, { videoId: body.video_id, zoom: body.zoom === 'yes', effect: body.effect, images });
  });

  /** GET /api/image-effects: {effects: [{name, label, preview_url}]}, the default effect (fade) among them. */
  router.route(ownMediaEndpoints.imageEffects, () => deps.effects.list());
}
