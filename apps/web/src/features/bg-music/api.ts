import { musicListResponse, updateBgMusicResponse, uploadMusicResponse, workflowMessages, type MusicTrack } from '@reelsmith/contracts';
import { apiPost, apiRequest, readBody, type ApiResult } from '../../lib/api.ts';

/** SPEC §8 Music: the server's error text is shown as it is; the fallbacks only when it gave none. */
function failure(result: ApiResult | null, fallback: string): Error {
  const text = (result?.body as { error?: unknown } | null)?.error;
  return new Error(typeof text === 'string' && text ? text : fallback);
}

export async function fetchMusic(): Promise<MusicTrack[]> {
  const result = await apiPost('/api/music', {});
  const body = result.ok ? readBody(musicListResponse, result.body) : null;
  if (!body) throw failure(result, workflowMessages.somethingWentWrong);
  return body;
}

/** SPEC §7 upload-music (form: file, user_id, type 'bg_music'); the server checks MP3 and 4 MB. */
export async function uploadMusic(userId: string, file: File): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  form.set('user_id', userId);
  form.set('type', 'bg_music');
  const result = await apiRequest('/api/upload-music', { form }).catch(() => null);
  const body = result?.ok ? readBody(uploadMusicResponse, result.body) : null;
  if (!body) throw failure(result, workflowMessages.uploadFailed);
  return body.s3_url;
}

/** SPEC §7 update-bg-music: an empty bg_music is 'No Background Music'. */
export async function updateBgMusic(userId: string, projectId: string | null, bgMusic: string): Promise<void> {
  const result = await apiPost('/api/update-bg-music', { user_id: userId, video_id: projectId ?? undefined, bg_music: bgMusic }).catch(() => null);
  if (!result?.ok || !readBody(updateBgMusicResponse, result.body)) throw failure(result, workflowMessages.musicUpdateFailed);
}
