import {
  generateStoryboardResponse,
  sceneKey,
  scenesResponse,
  storyboardFieldNames,
  storyboardTexts,
  storyboardTimeoutMs,
  updateSceneResponse,
  videoAudioTexts,
  workflowMessages,
} from '@reelsmith/contracts';
import { apiRequest, readBody, type ApiResult } from '../../lib/api.ts';
import { sceneNumbers, type Scene } from './scenes.ts';

/** The server's own text when it gave one (a refused video says which), else the page's fallback. */
function failure(result: ApiResult, fallback: string): Error {
  const text = (result.body as { error?: unknown } | null)?.error;
  return new Error(typeof text === 'string' && text ? text : fallback);
}

const projectFields = (userId: string, projectId: string | null) => ({ user_id: userId, ...(projectId ? { video_id: projectId } : {}) });

/** SPEC §7 generate-and-store-scenes (form: user_id): the stored scenes, or six new ones from the script. */
export async function generateScenes(userId: string, projectId: string | null): Promise<{ texts: string[]; videoId: string }> {
  const result = await apiRequest('/api/generate-and-store-scenes', { form: new URLSearchParams(projectFields(userId, projectId)) }).catch(() => null);
  const body = result?.ok ? readBody(scenesResponse, result.body) : null;
  if (!body) throw result ? failure(result, storyboardTexts.loadFailed) : new Error(storyboardTexts.loadFailed);
  return { texts: sceneNumbers.map((n) => body[sceneKey(n)]), videoId: body.video_id };
}

/** SPEC §7 update-scene (form: user_id, scene_index, scene_text), sent when a scene field loses focus. */
export async function updateScene(userId: string, projectId: string, index: number, text: string): Promise<void> {
  const form = new URLSearchParams({ ...projectFields(userId, projectId), scene_index: String(index), scene_text: text });
  const result = await apiRequest('/api/update-scene', { form }).catch(() => null);
  if (!result?.ok || !readBody(updateSceneResponse, result.body)) throw result ? failure(result, storyboardTexts.saveFailed) : new Error(storyboardTexts.saveFailed);
}

/** SPEC §7 generate-storyboard (form: user_id, sceneN, videoN; 120 s), answering with user_video_url. */
export async function generateStoryboard(userId: string, projectId: string, scenes: Scene[]): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(projectFields(userId, projectId))) form.set(name, value);
  scenes.forEach((scene, i) => {
    const names = storyboardFieldNames(i + 1);
    form.set(names.scene, scene.text);
    if (scene.video?.kind === 'file') form.set(names.video, scene.video.file);
    else if (scene.video) form.set(names.videoUrl, scene.video.url);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(videoAudioTexts.tooSlow)), storyboardTimeoutMs);
  });
  let result: ApiResult;
  try {
    result = await Promise.race([apiRequest('/api/generate-storyboard', { form }), timeout]);
  } catch (error) {
    throw new Error(error instanceof Error && error.message === videoAudioTexts.tooSlow ? error.message : workflowMessages.somethingWentWrong);
  } finally {
    clearTimeout(timer);
  }
  const body = result.ok ? readBody(generateStoryboardResponse, result.body) : null;
  if (!body) throw failure(result, videoAudioTexts.failed);
  return body.user_video_url;
}
