import { introFieldNames, introSceneNumbers, introScenePattern, introTexts, productIntroEndpoints } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import { readMultipartForm } from '../../http/multipart-form.ts';
import type { ProductIntroService } from './product-intro.ts';

/** One image per scene; a fifth file is a fifth scene, refused by the multipart bound itself. */
const maxFormFiles = introSceneNumbers.length;

/** The scene a field belongs to (scene3_image → 3), or null for a field of no scene. */
const sceneOf = (name: string) => {
  const found = introScenePattern.exec(name);
  return found ? Number(found[1]) : null;
};

/** SPEC §7 generate-product-intro, and which generator makes the scenes. */
export function registerProductIntroRoutes(router: EndpointRouter, deps: { intro: ProductIntroService }): void {
  router.route(productIntroEndpoints.generate, async ({ user, request, check }) => {
    const { fields, files } = await readMultipartForm(request, 'intro-image', maxFormFiles, {
      tooManyFiles: introTexts.tooManyScenes,
      tooLarge: (field, message) => (sceneOf(field) ? introTexts.badImage(sceneOf(field)!, message) : message),
    });
    const body = check(Object.fromEntries(fields));
    // A scene outside 1..4 is not silently dropped: the form is refused.
    const stray = [...fields.keys(), ...files.keys()].find((name) => {
      const n = sceneOf(name);
      return n !== null && !(introSceneNumbers as readonly number[]).includes(n);
    });
    if (stray) throw new UserFacingError(400, introTexts.tooManyScenes, stray);
    const scenes = introSceneNumbers.map((n) => {
      const names = introFieldNames(n);
      const image = files.get(names.image);
      // A browser sends an empty part for a file input left empty: that is no image.
      const sent = image && (image.content.length > 0 || image.filename) ? image : undefined;
      return { type: body[names.type], extension: body[names.extension], ...(sent ? { image: sent } : {}) };
    });
    return deps.intro.generate(user.id, { videoId: body.video_id, transition: body.transition, scenes });
  });

  router.route(productIntroEndpoints.settings, () => deps.intro.settings());
}
