import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { brandEndpoints } from '@reelsmith/contracts';
import type { FeatureModule } from '../../http/feature-module.ts';
import type { SharedCore } from '../../infrastructure.ts';

/** Brand kits (issue 32): the routes over the shared brands service. */
export function brandsModule(shared: SharedCore, media: { previewStill: () => Promise<string | null> }): FeatureModule {
  const { brands } = shared;
  return {
    register({ router }) {
      const { route } = router;
      route(brandEndpoints.list, ({ user }) => brands.list(user.id));
      route(brandEndpoints.ofProject, async ({ user, input }) => ({ brand: await brands.ofProject(user.id, input.video_id) }));
      route(brandEndpoints.create, async ({ user, input }) => ({ brand: await brands.create(user.id, input) }));
      route(brandEndpoints.update, async ({ user, params, input }) => ({ brand: await brands.update(user.id, params.id, input) }));
      route(brandEndpoints.remove, ({ user, params }) => brands.remove(user.id, params.id));
      route(brandEndpoints.activate, async ({ user, params }) => ({ brand: await brands.activate(user.id, params.id) }));
      route(brandEndpoints.uploadLogo, ({ user, params, files }) => {
        const logo = files.get('logo')!;
        return brands.uploadLogo(user.id, params.id, { stream: Readable.from([logo.content]), filename: logo.filename, wasTruncated: () => false });
      });
      route(brandEndpoints.removeLogo, async ({ user, params }) => ({ brand: await brands.removeLogo(user.id, params.id) }));
      route(brandEndpoints.endCard, async ({ user, params, reply }) => {
        const path = await brands.endCardPicture(user.id, params.id);
        // Named by what it shows: the same brand draws the same picture, so a browser may keep it briefly.
        return reply.type('image/png').header('cache-control', 'private, max-age=60').send(createReadStream(path));
      });
      route(brandEndpoints.frame, async ({ user, params, reply }) => {
        const path = await brands.framePicture(user.id, params.id, media.previewStill);
        return reply.type('image/jpeg').header('cache-control', 'private, max-age=60').send(createReadStream(path));
      });
      route(brandEndpoints.uploadFont, async ({ user, params, files }) => ({ brand: await brands.uploadFont(user.id, params.id, files.get('font')!.content) }));
    },
  };
}
