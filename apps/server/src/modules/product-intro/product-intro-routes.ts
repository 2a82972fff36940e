import { introFieldNames, introSceneNumbers, introSceneOf, introTexts, productIntroEndpoints } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import type { ProductIntroService } from './product-intro.ts';

/** SPEC §7 generate-product-intro, and which generator makes the scenes. */
export function registerProductIntroRoutes(router: EndpointRouter, deps: { intro: ProductIntroService }): void {
  router.route(productIntroEndpoints.generate, ({ user, input: body, files }) => {
    // A scene outside 1..4 is not silently dropped: the form is refused.
    const stray = [...Object.keys(body), ...files.keys()].find((name) => {
      const n = introSceneOf(name);
      return n !== null && !(introSceneNumbers as readonly number[]).includes(n);
    });
    if (stray) throw new UserFacingError(400, introTexts.tooManyScenes, stray);
    const scenes = introSceneNumbers.map((n) => {
      const names = introFieldNames(n);
      const image = files.get(names.image);
      return { type: body[names.type], extension: body[names.extension], ...(image ? { image } : {}) };
    });
    return deps.intro.generate(user.id, { videoId: body.video_id, transition: body.transition, scenes, motionTemplate: body.motion_template === true });
  });

  router.route(productIntroEndpoints.settings, () => deps.intro.settings());
}
