import { brollEndpoints, brollFieldNames } from '@reelsmith/contracts';
import type { AutoBroll } from './auto-broll.ts';
import type { BrollRowInput, BrollsService } from './brolls.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** Row numbers past the limit are read too, so a sixth row is refused rather than silently dropped. */
const highestRowNumber = 20;

/** SPEC §7 add-brolls, skip-broll, save-broll-url, and the auto B-roll (beta) suggestions of §9. */
export function registerBrollRoutes(router: EndpointRouter, deps: { brolls: BrollsService; autoBroll: AutoBroll }): void {
  const { brolls } = deps;
  const { route } = router;

  route(brollEndpoints.addBrolls, ({ user, input: body, files }) => {
    const rows: BrollRowInput[] = [];
    for (let n = 1; n <= highestRowNumber; n += 1) {
      const names = brollFieldNames(n);
      rows.push({ n, file: files.get(names.file), imageUrl: body[names.url], start: body[names.start], end: body[names.end] });
    }
    return brolls.add(user.id, { videoId: body.video_id, mainVideoUrl: body.main_video_url, rows });
  });

  route(brollEndpoints.skipBroll, ({ user, input }) => brolls.skip(user.id, { videoId: input.video_id, mainVideoUrl: input.main_video_url }));
  route(brollEndpoints.saveBrollUrl, ({ user, input }) => brolls.saveUrl(user.id, { videoId: input.video_id, url: input.broll_url }));
  route(brollEndpoints.autoBrolls, ({ user, input }) => deps.autoBroll.suggest(user.id, input.video_id, input.main_video_url));
}
