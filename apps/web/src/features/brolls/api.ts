import { brollEndpoints, brollFieldNames, platformEndpoints, scriptEndpoints, workflowMessages, type BrollSuggestion, type UploadResponse } from '@reelsmith/contracts';
import { attempt, call } from '../../lib/client.ts';
import type { OverlayRow } from './rows.ts';

const somethingWentWrong = { fallback: workflowMessages.somethingWentWrong };
const overlayTexts = {
  fallback: workflowMessages.overlayWentWrong,
  unreachable: workflowMessages.overlayError,
  unexpected: workflowMessages.overlayFailedLater,
  serverFault: workflowMessages.overlayFailedLater,
};

export function fetchLatestVideo(userId: string, projectId: string | null) {
  return attempt(call(scriptEndpoints.latestVideo, { user_id: userId, video_id: projectId ?? undefined }), somethingWentWrong);
}

export function uploadMainVideo(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.set('file', file);
  return attempt(call(platformEndpoints.upload, form, { params: { purpose: 'main-video' } }), { fallback: workflowMessages.uploadFailed });
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
  return (await attempt(call(brollEndpoints.addBrolls, form), overlayTexts)).video_url;
}

export async function skipBroll(userId: string, projectId: string, mainVideoUrl: string | null): Promise<void> {
  const request = { user_id: userId, video_id: projectId, ...(mainVideoUrl ? { main_video_url: mainVideoUrl } : {}) };
  await attempt(call(brollEndpoints.skipBroll, request), { fallback: workflowMessages.skipFailed, words: false });
}

export async function saveBrollUrl(userId: string, projectId: string, url: string): Promise<void> {
  await call(brollEndpoints.saveBrollUrl, { user_id: userId, video_id: projectId, broll_url: url });
}

/** `mainVideoUrl`: the video the page shows, whose words are matched when the project has no script. */
export async function fetchAutoBrolls(userId: string, projectId: string, mainVideoUrl: string | undefined): Promise<BrollSuggestion[]> {
  const body = await attempt(call(brollEndpoints.autoBrolls, { user_id: userId, video_id: projectId, main_video_url: mainVideoUrl }), somethingWentWrong);
  return body.rows;
}
