import {
  dashboardEndpoints,
  ownMediaEndpoints,
  ownVideoTexts,
  voiceoverEndpoints,
  workflowMessages,
  type CombineVideosSilentResponse,
} from '@reelsmith/contracts';
import { attempt, call } from '../../lib/client.ts';
import type { OwnVideoItem } from './items.ts';

const operationTexts = { fallback: ownVideoTexts.operationFailed };
const uploadTexts = { fallback: ownVideoTexts.uploadFailedRetry, unreachable: ownVideoTexts.uploadFailed, unexpected: ownVideoTexts.uploadFailed };

/** A project without a source video; the videos are added to it one by one. */
export async function createOwnVideoEntry(userId: string): Promise<string> {
  return (await attempt(call(dashboardEndpoints.createVideoEntry, { user_id: userId, video_type: 'own-video' }), operationTexts)).video_id;
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
  return (await attempt(call(ownMediaEndpoints.uploadAndSave, form), uploadTexts)).video_url;
}

/** SPEC §7 combine-videos-silent (form: user_id, video1..6). */
export function combineVideosSilent(userId: string, projectId: string, urls: string[]): Promise<CombineVideosSilentResponse> {
  const fields: Record<string, string> = { user_id: userId, video_id: projectId };
  urls.forEach((url, index) => (fields[`video${index + 1}`] = url));
  return attempt(call(ownMediaEndpoints.combineVideosSilent, fields as { user_id: string; video_id: string }), operationTexts);
}

export function checkVideoStatus(userId: string, projectId: string) {
  return attempt(call(voiceoverEndpoints.checkVideoStatus, { user_id: userId, video_id: projectId }), { fallback: workflowMessages.statusCheckFailed });
}
