import {
  addBrollsResponse,
  autoBrollsResponse,
  brollFieldNames,
  latestVideoResponse,
  uploadResponse,
  workflowMessages,
  type BrollSuggestion,
  type UploadResponse,
} from '@reelsmith/contracts';
import { apiPost, apiRequest, readBody, type ApiResult } from '../../lib/api.ts';
import type { OverlayRow } from './rows.ts';

/** The server's own text when it gave one (a refused row says which), else the page's fallback. */
function failure(result: ApiResult, fallback: string): Error {
  const text = (result.body as { error?: unknown } | null)?.error;
  return new Error(typeof text === 'string' && text ? text : fallback);
}

export async function fetchLatestVideo(userId: string, projectId: string | null) {
  const result = await apiPost('/api/get-latest-video', { user_id: userId, video_id: projectId ?? undefined });
  const body = result.ok ? readBody(latestVideoResponse, result.body) : null;
  if (!body) throw failure(result, workflowMessages.somethingWentWrong);
  return body;
}

export async function uploadMainVideo(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.set('file', file);
  const result = await apiRequest('/api/uploads/main-video', { form });
  const body = result.ok ? readBody(uploadResponse, result.body) : null;
  if (!body) throw failure(result, workflowMessages.uploadFailed);
  return body;
}

/** SPEC §7 add-brolls: main_video_url, then broll_file_N (or the URL of an auto B-roll upload), start and end. */
export async function addBrolls(userId: string, projectId: string, mainVideoUrl: string, rows: OverlayRow[]): Promise<string> {
  const form = new FormData();
  form.set('user_id', userId);
  form.set('video_id', projectId);
  form.set('main_video_url', mainVideoUrl);
  rows.forEach((row, index) => {
    const names = brollFieldNames(index + 1);
    if (row.file) form.set(names.file, row.file);
    else if (row.imageUrl) form.set(names.url, row.imageUrl);
    form.set(names.start, row.start);
    form.set(names.end, row.end);
  });
  let result: ApiResult;
  try {
    result = await apiRequest('/api/add-brolls', { form });
  } catch {
    throw new Error(workflowMessages.overlayError);
  }
  if (!result.ok) throw failure(result, result.status >= 500 ? workflowMessages.overlayFailedLater : workflowMessages.overlayWentWrong);
  const body = readBody(addBrollsResponse, result.body);
  if (!body) throw new Error(workflowMessages.overlayFailedLater);
  return body.video_url;
}

export async function skipBroll(userId: string, projectId: string, mainVideoUrl: string | null): Promise<void> {
  const form = new URLSearchParams({ user_id: userId, video_id: projectId, ...(mainVideoUrl ? { main_video_url: mainVideoUrl } : {}) });
  const result = await apiRequest('/api/skip-broll', { form }).catch(() => null);
  if (!result?.ok) throw new Error(workflowMessages.skipFailed);
}

export async function saveBrollUrl(userId: string, projectId: string, url: string): Promise<void> {
  await apiPost('/api/save-broll-url', { user_id: userId, video_id: projectId, broll_url: url });
}

/** `mainVideoUrl`: the video the page shows, whose words are matched when the project has no script. */
export async function fetchAutoBrolls(userId: string, projectId: string, mainVideoUrl: string | undefined): Promise<BrollSuggestion[]> {
  const result = await apiPost('/api/auto-brolls', { user_id: userId, video_id: projectId, main_video_url: mainVideoUrl });
  const body = result.ok ? readBody(autoBrollsResponse, result.body) : null;
  if (!body) throw failure(result, workflowMessages.somethingWentWrong);
  return body.rows;
}
