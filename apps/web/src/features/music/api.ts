import { mediaEndpoints, workflowMessages, type MusicTrack } from '@reelsmith/contracts';
import { call, failureText } from '../../lib/client.ts';

/** SPEC §8 Music: the server's error text is shown as it is; the fallbacks only when it gave none. */
async function shown<T>(request: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new Error(failureText(error, fallback), { cause: error });
  }
}

export function fetchMusic(): Promise<MusicTrack[]> {
  return shown(() => call(mediaEndpoints.music, undefined), workflowMessages.somethingWentWrong);
}

/** SPEC §7 upload-music (form: file, user_id, type 'bg_music'); the server checks MP3 and 4 MB. */
export async function uploadMusic(userId: string, file: File): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  form.set('user_id', userId);
  form.set('type', 'bg_music');
  return (await shown(() => call(mediaEndpoints.uploadMusic, form), workflowMessages.uploadFailed)).s3_url;
}

/** SPEC §7 update-bg-music: an empty bg_music is 'No Background Music'. */
export async function updateBgMusic(userId: string, projectId: string | null, bgMusic: string): Promise<void> {
  await shown(() => call(mediaEndpoints.updateBgMusic, { user_id: userId, video_id: projectId ?? undefined, bg_music: bgMusic }), workflowMessages.musicUpdateFailed);
}
