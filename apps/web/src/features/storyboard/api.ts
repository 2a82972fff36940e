import {
  sceneKey,
  storyboardEndpoints,
  storyboardFieldNames,
  storyboardTexts,
  storyboardTimeoutMs,
  videoAudioTexts,
  workflowMessages,
} from '@reelsmith/contracts';
import { ApiError, call } from '../../lib/client.ts';
import { sceneNumbers, type Scene } from './scenes.ts';

/** The server's own text when it answered one (a refused video says which), else the page's fallback. */
const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && !error.unreachable ? error.message : fallback);

const projectFields = (userId: string, projectId: string | null) => ({ user_id: userId, ...(projectId ? { video_id: projectId } : {}) });

/** SPEC §7 generate-and-store-scenes (form: user_id): the stored scenes, or six new ones from the script. */
export async function generateScenes(userId: string, projectId: string | null): Promise<{ texts: string[]; videoId: string }> {
  try {
    const body = await call(storyboardEndpoints.scenes, projectFields(userId, projectId), { fallback: storyboardTexts.loadFailed });
    return { texts: sceneNumbers.map((n) => body[sceneKey(n)]), videoId: body.video_id };
  } catch (error) {
    throw new Error(messageOf(error, storyboardTexts.loadFailed));
  }
}

/** SPEC §7 update-scene (form: user_id, scene_index, scene_text), sent when a scene field loses focus. */
export async function updateScene(userId: string, projectId: string, index: number, text: string): Promise<void> {
  try {
    await call(storyboardEndpoints.updateScene, { ...projectFields(userId, projectId), scene_index: index, scene_text: text }, { fallback: storyboardTexts.saveFailed });
  } catch (error) {
    throw new Error(messageOf(error, storyboardTexts.saveFailed));
  }
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
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), storyboardTimeoutMs);
  try {
    const body = await call(storyboardEndpoints.generate, form, { signal: timeout.signal, fallback: videoAudioTexts.failed });
    return body.user_video_url;
  } catch (error) {
    if (timeout.signal.aborted) throw new Error(videoAudioTexts.tooSlow);
    throw new Error(error instanceof ApiError && error.unreachable ? workflowMessages.somethingWentWrong : messageOf(error, videoAudioTexts.failed));
  } finally {
    clearTimeout(timer);
  }
}
