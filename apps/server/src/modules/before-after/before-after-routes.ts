import { beforeAfterEndpoints, beforeAfterFieldNames, beforeAfterSides } from '@reelsmith/contracts';
import { readMultipartForm } from '../../http/multipart-form.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import type { BeforeAfterService } from './before-after.ts';

/** The two side files; a third is refused by the multipart bound itself. */
const maxFormFiles = 2;

/** SPEC §7 generate-before-after, and what the page offers before it (image to video while AI credits remain). */
export function registerBeforeAfterRoutes(router: EndpointRouter, deps: { beforeAfter: BeforeAfterService }): void {
  router.route(beforeAfterEndpoints.generate, async ({ user, request, check }) => {
    const { fields, files } = await readMultipartForm(request, 'before-after', maxFormFiles);
    const body = check(Object.fromEntries(fields));
    const sides = beforeAfterSides.map((side) => ({
      side,
      type: side === 'before' ? body.before_type : body.after_type,
      prompt: side === 'before' ? body.before_prompt : body.after_prompt,
      file: files.get(beforeAfterFieldNames(side).file),
    }));
    return deps.beforeAfter.generate(user.id, { videoId: body.video_id, transition: body.transition, sides });
  });

  router.route(beforeAfterEndpoints.options, ({ user }) => deps.beforeAfter.options(user.id));
}
