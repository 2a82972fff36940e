import {
  dashboardEndpoints,
  ownMediaEndpoints,
  ownVideoTexts,
  voiceoverEndpoints,
  workflowMessages,
  type CombineVideosSilentResponse,
} from '@reelsmith/contracts';
import { ApiError, call, failureText } from '../../lib/client.ts';
import type { OwnVideoItem } from './items.ts';

/** The server's own text when it gave one (SPEC §7: "an error field is read on failure"), else the fallback. */
async function shown<T>(request: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new Error(failureText(error, fallback), { cause: error });
  }
}

/** A project without a source video; the videos are added to it one by one. */
export async function createOwnVideoEntry(userId: string): Promise<string> {
  return (await shown(() => call(dashboardEndpoints.createVideoEntry, { user_id: userId, video_type: 'own-video' }), ownVideoTexts.operationFailed)).video_id;
}

/**
 * SPEC §7 upload-and-save (form: video, user_id, id): the file, or for a stock video already kept as the user's
 * upload, its URL. `items` tells the server which of the page's videos still count toward the limits.
 */
export async function uploadAndSave(userId: string, projectId: string, item: OwnVideoItem, itemIds: string[]): Promise<string> {
  const form = new FormData();
  form.set('user_id', userId);
  form.set('id', item.id);
  form.set('video_id', projectId);
  form.set('items', itemIds.join(','));
  if (item.file) form.set('video', item.file);
  else form.set('video_url', item.url!);
  try {
    return (await call(ownMediaEndpoints.uploadAndSave, form, { fallback: ownVideoTexts.uploadFailedRetry })).video_url;
  } catch (error) {
    if (!(error instanceof ApiError) || error.unreachable || error.unreadable) throw new Error(ownVideoTexts.uploadFailed, { cause: error });
    throw new Error(error.message, { cause: error });
  }
}

/** SPEC §7 combine-videos-silent (form: user_id, video1..6). */
export function combineVideosSilent(userId: string, projectId: string, urls: string[]): Promise<CombineVideosSilentResponse> {
  const fields: Record<string, string> = { user_id: userId, video_id: projectId };
  urls.forEach((url, index) => (fields[`video${index + 1}`] = url));
  return shown(() => call(ownMediaEndpoints.combineVideosSilent, fields as { user_id: string; video_id: string }), ownVideoTexts.operationFailed);
}

export function checkVideoStatus(userId: string, projectId: string) {
  return shown(() => call(voiceoverEndpoints.checkVideoStatus, { user_id: userId, video_id: projectId }), workflowMessages.statusCheckFailed);
}
