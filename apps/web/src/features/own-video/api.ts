import {
  combineVideosSilentResponse,
  createVideoEntryResponse,
  ownVideoTexts,
  uploadAndSaveResponse,
  videoStatusResponse,
  workflowMessages,
  type CombineVideosSilentResponse,
  type CreateVideoEntryBody,
} from '@reelsmith/contracts';
import { apiPost, apiRequest, readBody, type ApiResult } from '../../lib/api.ts';
import type { OwnVideoItem } from './items.ts';

/** The server's own text when it gave one (SPEC §7: "an error field is read on failure"), else the fallback. */
function failure(result: ApiResult | null, fallback: string): Error {
  const text = (result?.body as { error?: unknown } | null)?.error;
  return new Error(typeof text === 'string' && text ? text : fallback);
}

/** A project without a source video; the videos are added to it one by one. */
export async function createOwnVideoEntry(userId: string): Promise<string> {
  const request: CreateVideoEntryBody = { user_id: userId, video_type: 'own-video' };
  const result = await apiPost('/api/create-video-entry', request).catch(() => null);
  const body = result?.ok ? readBody(createVideoEntryResponse, result.body) : null;
  if (!body) throw failure(result, ownVideoTexts.operationFailed);
  return body.video_id;
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
  const result = await apiRequest('/api/upload-and-save', { form }).catch(() => null);
  if (!result) throw new Error(ownVideoTexts.uploadFailed);
  if (!result.ok) throw failure(result, ownVideoTexts.uploadFailedRetry);
  const body = readBody(uploadAndSaveResponse, result.body);
  if (!body) throw new Error(ownVideoTexts.uploadFailed);
  return body.video_url;
}

/** SPEC §7 combine-videos-silent (form: user_id, video1..6). */
export async function combineVideosSilent(userId: string, projectId: string, urls: string[]): Promise<CombineVideosSilentResponse> {
  const form = new URLSearchParams({ user_id: userId, video_id: projectId });
  urls.forEach((url, index) => form.set(`video${index + 1}`, url));
  const result = await apiRequest('/api/combine-videos-silent', { form }).catch(() => null);
  const body = result?.ok ? readBody(combineVideosSilentResponse, result.body) : null;
  if (!body) throw failure(result, ownVideoTexts.operationFailed);
  return body;
}

export async function checkVideoStatus(userId: string, projectId: string) {
  const result = await apiPost('/api/check-video-status', { user_id: userId, video_id: projectId }).catch(() => null);
  const body = result?.ok ? readBody(videoStatusResponse, result.body) : null;
  if (!body) throw failure(result, workflowMessages.statusCheckFailed);
  return body;
}
