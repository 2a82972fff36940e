import { productShowcaseEndpoints, showcaseFieldNames } from '@reelsmith/contracts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import type { VideoGenerator } from '../../providers/video-generation/types.ts';
import type { ProductShowcaseService } from './product-showcase.ts';

/** SPEC §7 generate-product-showcase, and which generator makes the footage. */
export function registerProductShowcaseRoutes(router: EndpointRouter, deps: { showcase: ProductShowcaseService; generatorName: VideoGenerator['name'] }): void {
  router.route(productShowcaseEndpoints.generate, ({ user, input: body, files }) => {
    const scenes = [1, 2].map((n) => {
      const file = files.get(showcaseFieldNames(n).image);
      // An image over the upload limit goes on with its real size only, for the service to refuse in the page's order.
      const image = file && { filename: file.filename, size: file.size, content: file.tooLarge ? null : file.content };
      return { text: n === 1 ? body.text1 : body.text2, ...(image ? { image } : {}) };
    });
    return deps.showcase.generate(user.id, { videoId: body.video_id, length: body.length, scenes, transition: body.transition, motionTemplate: body.motion_template === true });
  });

  router.route(productShowcaseEndpoints.settings, () => ({ generator: deps.generatorName }));
}
