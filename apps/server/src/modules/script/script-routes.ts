import { scriptEndpoints } from '@reelsmith/contracts';
import type { ScriptService } from './script.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/**
 * SPEC §7 shared workflow calls of the script step, and the "latest" calls every later step reads. Each body may
 * name the project (`video_id`); without it the user's latest project answers.
 */
export function registerScriptRoutes(router: EndpointRouter, deps: { script: ScriptService }): void {
  const { script } = deps;
  const { route } = router;

  route(scriptEndpoints.generateScript, ({ user, input }) => script.generate(user.id, { prompt: input.prompt, videoId: input.video_id }));
  route(scriptEndpoints.generateScriptTypes, ({ user, input }) => script.generateForVideo(user.id, { prompt: input.prompt, videoId: input.video_id }));
  route(scriptEndpoints.transcribe, ({ user, input }) => script.transcribe(user.id, input.video_id));
  route(scriptEndpoints.updateScript, ({ user, input }) => script.update(user.id, input.video_id, input.script));
  route(scriptEndpoints.latestScript, ({ user, input }) => script.latestScript(user.id, input.video_id));
  route(scriptEndpoints.latestVideo, ({ user, input }) => script.latestVideo(user.id, input.video_id));
  route(scriptEndpoints.latestAudio, ({ user, input }) => script.latestAudio(user.id, input.video_id));
}
