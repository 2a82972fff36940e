import { brollEndpoints, brollFieldNames, maxBrolls } from '@reelsmith/contracts';
import type { AutoBroll } from './auto-broll.ts';
import type { BrollRowInput, BrollsService } from './brolls.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import { readMultipartForm } from '../../http/multipart-form.ts';

/** Row numbers past the limit are read too, so a sixth row is refused rather than silently dropped. */
const highestRowNumber = 20;

/** SPEC §7 add-brolls, skip-broll, save-broll-url, and the auto B-roll (beta) suggestions of §9. */
export function registerBrollRoutes(router: EndpointRouter, deps: { brolls: BrollsService; autoBroll: AutoBroll }): void {
  const { brolls } = deps;
  const { route } = router;

  route(brollEndpoints.addBrolls, async ({ user, request, check }) => {
    const { fields, files } = await readMultipartForm(request, 'broll-image', maxBrolls + 1);
    const body = check(Object.fromEntries(fields));
    const rows: BrollRowInput[] = [];
    for (let n = 1; n <= highestRowNumber; n += 1) {
      const names = brollFieldNames(n);
      rows.push({ n, file: files.get(names.file), imageUrl: fields.get(names.url), start: fields.get(names.start), end: fields.get(names.end) });
    }
    return brolls.add(user.id, { videoId: body.video_id, mainVideoUrl: body.main_video_url, rows });
  });

  route(brollEndpoints.skipBroll, ({ user, input }) => brolls.skip(user.id, { videoId: input.video_id, mainVideoUrl: input.main_video_url }));
  route(brollEndpoints.saveBrollUrl, ({ user, input }) => brolls.saveUrl(user.id, { videoId: input.video_id, url: input.broll_url }));
  route(brollEndpoints.autoBrolls, ({ user, input }) => deps.autoBroll.suggest(user.id, input.video_id, input.main_video_url));
}
