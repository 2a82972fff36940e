import { mediaEndpoints, workflowMessages, type MusicTrack } from '@reelsmith/contracts';
import { attempt, call } from '../../lib/client.ts';

export function fetchMusic(): Promise<MusicTrack[]> {
  return attempt(call(mediaEndpoints.music, undefined), { fallback: workflowMessages.somethingWentWrong });
}

/** SPEC §7 upload-music (form: file, user_id, type 'bg_music'); the server checks MP3 and 4 MB. */
export async function uploadMusic(userId: string, file: File): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  form.set('user_id', userId);
  form.set('type', 'bg_music');
  return (await attempt(call(mediaEndpoints.uploadMusic, form), { fallback: workflowMessages.uploadFailed })).s3_url;
}

/** SPEC §7 update-bg-music: an empty bg_music is 'No Background Music'. */
export async function updateBgMusic(userId: string, projectId: string | null, bgMusic: string): Promise<void> {
  await attempt(call(mediaEndpoints.updateBgMusic, { user_id: userId, video_id: projectId ?? undefined, bg_music: bgMusic }), { fallback: workflowMessages.musicUpdateFailed });
}
