import {
  aiVideoFieldNames,
  sceneKey,
  storyboardAiVideoTexts,
  storyboardEndpoints,
  storyboardFieldNames,
  storyboardTexts,
  storyboardTimeoutMs,
  videoAudioTexts,
  voiceoverEndpoints,
  workflowMessages,
  platformEndpoints,
  uploadMessages,
  type AiVideoStateResponse,
  type SceneMedia,
  type UploadResponse,
  type GenerateAiVideoResponse,
  type VideoStatusResponse,
} from '@reelsmith/contracts';
import { attempt, call } from '../../lib/client.ts';
import { sceneNumbers, type Scene } from './scenes.ts';

const projectFields = (userId: string, projectId: string | null) => ({ user_id: userId, ...(projectId ? { video_id: projectId } : {}) });

/** SPEC §7 generate-and-store-scenes (form: user_id): the stored scenes, or six new ones from the script, and their media. */
export async function generateScenes(userId: string, projectId: string | null): Promise<{ texts: string[]; videoId: string; media: SceneMedia[] }> {
  const body = await attempt(call(storyboardEndpoints.scenes, projectFields(userId, projectId)), { fallback: storyboardTexts.loadFailed });
  return { texts: sceneNumbers.map((n) => body[sceneKey(n)]), videoId: body.video_id, media: body.scene_media ?? [] };
}

/** A file picked for a scene becomes one of the user's uploads, checked by the server as the scene's kind of file. */
export async function uploadSceneFile(kind: 'image' | 'video', file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.set('file', file);
  const purpose = kind === 'image' ? 'scene-image' : 'storyboard-video';
  return attempt(call(platformEndpoints.upload, form, { params: { purpose } }), { fallback: uploadMessages.failed });
}

/** Keeps a scene's upload with the project, so a reload finds it; null lets it go. */
export async function keepSceneMedia(userId: string, projectId: string, index: number, kind: 'image' | 'video', media: { url: string; name: string } | null) {
  const request = { ...projectFields(userId, projectId), scene_index: index, kind, url: media?.url ?? null, name: media?.name ?? '' };
  await attempt(call(storyboardEndpoints.saveSceneMedia, request), { fallback: storyboardTexts.saveFailed });
}

/** SPEC §7 update-scene (form: user_id, scene_index, scene_text), sent when a scene field loses focus. */
export async function updateScene(userId: string, projectId: string, index: number, text: string): Promise<void> {
  const request = { ...projectFields(userId, projectId), scene_index: index, scene_text: text };
  await attempt(call(storyboardEndpoints.updateScene, request), { fallback: storyboardTexts.saveFailed });
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
  const texts = { fallback: videoAudioTexts.failed, unreachable: workflowMessages.somethingWentWrong, timedOut: videoAudioTexts.tooSlow };
  return (await attempt(call(storyboardEndpoints.generate, form, { timeoutMs: storyboardTimeoutMs }), texts)).user_video_url;
}

/**
 * SPEC §7 generate-ai-video (form: user_id, scene1..N, image1..N; a stock image already stored goes as imageN_url).
 * A refusal the server explains is shown as it is; no answer at all (or an unreadable one) is SPEC §8's 'Something
 * went wrong while starting the video generation.', any other failure 'Failed to generate video. Please try again.'.
 */
export async function startAiVideo(request: { userId: string; projectId: string; scenes: Pick<Scene, 'text' | 'image'>[]; motionTemplate?: boolean }): Promise<GenerateAiVideoResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(projectFields(request.userId, request.projectId))) form.set(name, value);
  if (request.motionTemplate) form.set('motion_template', 'true');
  request.scenes.forEach((scene, i) => {
    const names = aiVideoFieldNames(i + 1);
    form.set(names.scene, scene.text);
    if (scene.image?.source.kind === 'file') form.set(names.image, scene.image.source.file, scene.image.name);
    else if (scene.image) form.set(names.imageUrl, scene.image.source.url);
  });
  return attempt(call(storyboardEndpoints.generateAiVideo, form), {
    fallback: storyboardAiVideoTexts.startFailed,
    unreachable: storyboardAiVideoTexts.startError,
    unexpected: storyboardAiVideoTexts.startError,
    words: (words, status) => (status < 500 ? words : null),
  });
}

/** The generator in use, and the project's AI video generation if one was started (a page opened again resumes it). */
export async function aiVideoState(userId: string, projectId: string): Promise<AiVideoStateResponse> {
  return call(storyboardEndpoints.aiVideoState, projectFields(userId, projectId));
}

/** One poll of check-video-status; a failed poll ends the wait as a failed generation does (SPEC §8). */
export function aiVideoStatus(userId: string, projectId: string): Promise<VideoStatusResponse> {
  return attempt(call(voiceoverEndpoints.checkVideoStatus, projectFields(userId, projectId)), { fallback: storyboardAiVideoTexts.failed, words: false });
}
