import { generateScriptRequest, generateScriptTypesRequest, latestRequest, transcribeRequest, updateScriptRequest } from '@reelsmith/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Auth } from '../services/auth.ts';
import type { ScriptService } from '../services/script.ts';
import { parseWith } from './errors.ts';
import { assertSameUser, requireSessionUser } from './session.ts';

/**
 * SPEC §7 shared workflow calls of the script step, and the "latest" calls every later step reads. Each body may
 * name the project (`video_id`); without it the user's latest project answers.
 */
export function registerScriptRoutes(app: FastifyInstance, deps: { auth: Auth; script: ScriptService }): void {
  const { auth, script } = deps;

  /** The signed-in user and the body, once its `user_id` is checked to name them. */
  async function userRequest<S extends z.ZodType<{ user_id: string }>>(request: FastifyRequest, schema: S) {
    const user = await requireSessionUser(auth, request);
    const body: z.infer<S> = parseWith(schema, request.body);
    assertSameUser(user, { id: body.user_id });
    return { userId: user.id, body };
  }

  app.post('/api/generate-script', async (request) => {
    const { userId, body } = await userRequest(request, generateScriptRequest);
    return script.generate(userId, { prompt: body.prompt, videoId: body.video_id });
  });

  app.post('/api/generate-script-types', async (request) => {
    const { userId, body } = await userRequest(request, generateScriptTypesRequest);
    return script.generateForVideo(userId, { prompt: body.prompt, videoId: body.video_id });
  });

  app.post('/api/transcribe-from-video', async (request) => {
    const { userId, body } = await userRequest(request, transcribeRequest);
    return script.transcribe(userId, body.video_id);
  });

  app.post('/api/update-script', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(updateScriptRequest, request.body);
    return script.update(user.id, body.video_id, body.script);
  });

  app.post('/api/get-latest-script', async (request) => {
    const { userId, body } = await userRequest(request, latestRequest);
    return script.latestScript(userId, body.video_id);
  });

  app.post('/api/get-latest-video', async (request) => {
    const { userId, body } = await userRequest(request, latestRequest);
    return script.latestVideo(userId, body.video_id);
  });

  app.post('/api/get-latest-audio', async (request) => {
    const { userId, body } = await userRequest(request, latestRequest);
    return script.latestAudio(userId, body.video_id);
  });
}
