import { brollEndpoints, brollFieldNames, platformEndpoints, scriptEndpoints, workflowMessages, type BrollSuggestion, type UploadResponse } from '@reelsmith/contracts';
import { ApiError, call, failureText } from '../../lib/client.ts';
import type { OverlayRow } from './rows.ts';

/** The server's own text when it gave one (a refused row says which), else the page's fallback. */
async function shown<T>(request: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new Error(failureText(error, fallback), { cause: error });
  }
}

export function fetchLatestVideo(userId: string, projectId: string | null) {
  return shown(() => call(scriptEndpoints.latestVideo, { user_id: userId, video_id: projectId ?? undefined }), workflowMessages.somethingWentWrong);
}

export function uploadMainVideo(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.set('file', file);
  return shown(() => call(platformEndpoints.upload, form, { params: { purpose: 'main-video' } }), workflowMessages.uploadFailed);
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
  try {
    return (await call(brollEndpoints.addBrolls, form)).video_url;
  } catch (error) {
    if (!(error instanceof ApiError) || error.unreachable) throw new Error(workflowMessages.overlayError, { cause: error });
    if (error.unreadable) throw new Error(workflowMessages.overlayFailedLater, { cause: error });
    const fallback = error.status >= 500 ? workflowMessages.overlayFailedLater : workflowMessages.overlayWentWrong;
    throw new Error(typeof (error.body as { error?: unknown } | null)?.error === 'string' ? error.message : fallback, { cause: error });
  }
}

export async function skipBroll(userId: string, projectId: string, mainVideoUrl: string | null): Promise<void> {
  try {
    await call(brollEndpoints.skipBroll, { user_id: userId, video_id: projectId, ...(mainVideoUrl ? { main_video_url: mainVideoUrl } : {}) });
  } catch (cause) {
    throw new Error(workflowMessages.skipFailed, { cause });
  }
}

export async function saveBrollUrl(userId: string, projectId: string, url: string): Promise<void> {
  await call(brollEndpoints.saveBrollUrl, { user_id: userId, video_id: projectId, broll_url: url });
}

/** `mainVideoUrl`: the video the page shows, whose words are matched when the project has no script. */
export async function fetchAutoBrolls(userId: string, projectId: string, mainVideoUrl: string | undefined): Promise<BrollSuggestion[]> {
  const body = await shown(() => call(brollEndpoints.autoBrolls, { user_id: userId, video_id: projectId, main_video_url: mainVideoUrl }), workflowMessages.somethingWentWrong);
  return body.rows;
}
