import { beforeAfterEndpoints, beforeAfterFieldNames, beforeAfterSides } from '@reelsmith/contracts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import type { BeforeAfterService } from './before-after.ts';

/** SPEC §7 generate-before-after, and what the page offers before it (image to video while AI credits remain). */
export function registerBeforeAfterRoutes(router: EndpointRouter, deps: { beforeAfter: BeforeAfterService }): void {
  router.route(beforeAfterEndpoints.generate, ({ user, input: body, files }) => {
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
