import {
  apiErrorBody,
  createVideoEntryResponse,
  draftsResponse,
  formMessages,
  removeLogoResponse,
  subscriptionResponse,
  uploadLogoResponse,
  uploadMessages,
  videosResponse,
  type CreateVideoEntryBody,
  type DraftItem,
  type SubscriptionResponse,
  type VideoItem,
} from '@reelsmith/contracts';
import { apiPost, apiRequest, readBody, type ApiResult } from '../../lib/api.ts';

/** A failure whose message can be shown as it is. */
export class DashboardError extends Error {}

function failure(path: string, result: ApiResult): Error {
  return new Error(`${path} answered ${result.status}`);
}

export async function fetchSubscription(email: string): Promise<SubscriptionResponse> {
  const result = await apiPost('/api/subscription', { email });
  const body = result.ok ? readBody(subscriptionResponse, result.body) : null;
  if (!body) throw failure('/api/subscription', result);
  return body;
}

/** SPEC §3: the list comes as a bare array or as {videos}; both read the same. */
export function videoList(body: unknown): VideoItem[] | null {
  const parsed = readBody(videosResponse, body);
  if (!parsed) return null;
  return Array.isArray(parsed) ? parsed : parsed.videos;
}

export async function fetchVideos(userId: string): Promise<VideoItem[]> {
  const result = await apiPost('/api/videos', { user_id: userId });
  const videos = result.ok ? videoList(result.body) : null;
  if (!videos) throw failure('/api/videos', result);
  return videos;
}

/** SPEC §7 "form: logo, email": the email goes first so the server can check it before reading the file. */
export async function uploadLogo(email: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('email', email);
  form.append('logo', file);
  let result: ApiResult;
  try {
    result = await apiRequest('/api/upload-logo', { method: 'POST', form });
  } catch (cause) {
    throw new DashboardError(formMessages.network, { cause });
  }
  const uploaded = result.ok ? readBody(uploadLogoResponse, result.body) : null;
  if (uploaded) return uploaded.logo_url;
  throw new DashboardError(readBody(apiErrorBody, result.body)?.error ?? uploadMessages.failed);
}

export async function removeLogo(email: string): Promise<void> {
  const result = await apiPost('/api/remove-logo', { email });
  if (!result.ok || !readBody(removeLogoResponse, result.body)) throw failure('/api/remove-logo', result);
}

export async function deleteVideo(videoId: string): Promise<void> {
  const result = await apiPost('/api/delete-video', { video_id: videoId });
  if (!result.ok) throw failure('/api/delete-video', result);
}

export async function renameVideo(videoId: string, title: string): Promise<void> {
  const result = await apiPost('/api/rename-video', { video_id: videoId, title });
  if (!result.ok) throw failure('/api/rename-video', result);
}

export async function createVideoEntry(body: CreateVideoEntryBody): Promise<string> {
  const result = await apiPost('/api/create-video-entry', body);
  const created = result.ok ? readBody(createVideoEntryResponse, result.body) : null;
  if (!created) throw failure('/api/create-video-entry', result);
  return created.video_id;
}

export async function fetchDrafts(): Promise<DraftItem[]> {
  const result = await apiRequest('/api/drafts');
  const body = result.ok ? readBody(draftsResponse, result.body) : null;
  if (!body) throw failure('/api/drafts', result);
  return body.drafts;
}

export async function discardDraft(videoId: string): Promise<void> {
  const result = await apiPost('/api/discard-draft', { video_id: videoId });
  if (!result.ok) throw failure('/api/discard-draft', result);
}
