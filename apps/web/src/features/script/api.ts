import {
  generateScriptResponse,
  projectVideoResponse,
  scriptDraftResponse,
  updateScriptResponse,
  type ScriptDraft,
} from '@reelsmith/contracts';
import { apiPost, readBody, type ApiResult, type BodySchema } from '../../lib/api.ts';

/** The page shows its own texts for each failure (SPEC §8 'Error generating script'), so only the call's name travels. */
function read<T>(path: string, schema: BodySchema<T>, result: ApiResult): T {
  const body = result.ok ? readBody(schema, result.body) : null;
  if (!body) throw new Error(`${path} answered ${result.status}`);
  return body;
}

async function post<T>(path: string, body: unknown, schema: BodySchema<T>, keepalive = false): Promise<T> {
  return read(path, schema, await apiPost(path, body, { keepalive }));
}

/** The project's script and prompt: the named project, else the user's latest. */
export function fetchDraft(userId: string, projectId: string | null): Promise<ScriptDraft> {
  return post('/api/get-latest-script', { user_id: userId, video_id: projectId ?? undefined }, scriptDraftResponse);
}

export interface ProjectVideo {
  url: string | null;
  /** How long the final video plays the user's own media; null when the video loops under the voiceover. */
  ownSeconds: number | null;
}

export async function fetchProjectVideo(userId: string, projectId: string): Promise<ProjectVideo> {
  const body = await post('/api/get-latest-video', { user_id: userId, video_id: projectId }, projectVideoResponse);
  return { url: body.user_video_url, ownSeconds: body.own_video_seconds };
}

/** SPEC §7 generate-script: without a project the server starts a Custom Storyboard one. */
export function generateScript(userId: string, projectId: string | null, prompt: string) {
  return post('/api/generate-script', { user_id: userId, video_id: projectId ?? undefined, prompt }, generateScriptResponse);
}

/** SPEC §7 generate-script-types: the script fits the project's video; the prompt is only extra direction. */
export function generateScriptForVideo(userId: string, projectId: string, direction: string) {
  return post('/api/generate-script-types', { user_id: userId, video_id: projectId, prompt: direction || undefined }, generateScriptResponse);
}

/** `keepalive` lets the last edit's save finish when the page is being left. */
export async function saveScript(projectId: string, script: string, keepalive = false): Promise<void> {
  await post('/api/update-script', { video_id: projectId, script }, updateScriptResponse, keepalive);
}
