import { scriptEndpoints, type ScriptDraft } from '@reelsmith/contracts';
import { call } from '../../lib/client.ts';

/** The page shows its own texts for each failure (SPEC §8 'Error generating script'), so a failure is not read here. */
/** The project's script and prompt: the named project, else the user's latest. */
export function fetchDraft(userId: string, projectId: string | null): Promise<ScriptDraft> {
  return call(scriptEndpoints.latestScript, { user_id: userId, video_id: projectId ?? undefined });
}

export interface ProjectVideo {
  url: string | null;
  /** How long the final video plays the user's own media; null when the video loops under the voiceover. */
  ownSeconds: number | null;
}

export async function fetchProjectVideo(userId: string, projectId: string): Promise<ProjectVideo> {
  const body = await call(scriptEndpoints.latestVideo, { user_id: userId, video_id: projectId });
  return { url: body.user_video_url, ownSeconds: body.own_video_seconds };
}

/** SPEC §7 generate-script: without a project the server starts a Custom Storyboard one. */
export function generateScript(userId: string, projectId: string | null, prompt: string) {
  return call(scriptEndpoints.generateScript, { user_id: userId, video_id: projectId ?? undefined, prompt });
}

/** SPEC §7 generate-script-types: the script fits the project's video; the prompt is only extra direction. */
export function generateScriptForVideo(userId: string, projectId: string, direction: string) {
  return call(scriptEndpoints.generateScriptTypes, { user_id: userId, video_id: projectId, prompt: direction || undefined });
}

/** `keepalive` lets the last edit's save finish when the page is being left. */
export async function saveScript(projectId: string, script: string, keepalive = false): Promise<void> {
  await call(scriptEndpoints.updateScript, { video_id: projectId, script }, { keepalive });
}
