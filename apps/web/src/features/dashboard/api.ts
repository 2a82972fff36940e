import {
  allBrands,
  dashboardEndpoints,
  mediaEndpoints,
  formMessages,
  uploadMessages,
  videosResponse,
  type CreateVideoEntryBody,
  type DraftItem,
  type SubscriptionResponse,
  type VideoItem,
  type VideoTypePreview,
} from '@reelsmith/contracts';
import { attempt, call, readBody } from '../../lib/client.ts';

/** The tiles' looping previews made so far, by preview id. */
export async function fetchTypePreviews(): Promise<Map<string, VideoTypePreview>> {
  const { previews } = await call(mediaEndpoints.videoTypePreviews, undefined);
  return new Map(previews.map((p) => [p.id, p]));
}

export function fetchSubscription(email: string): Promise<SubscriptionResponse> {
  return call(dashboardEndpoints.subscription, { email });
}

/** SPEC §3: the list comes as a bare array or as {videos}; both read the same. */
export function videoList(body: unknown): VideoItem[] | null {
  const parsed = readBody(videosResponse, body);
  if (!parsed) return null;
  return Array.isArray(parsed) ? parsed : parsed.videos;
}

/** `brand`: one brand's id, or allBrands for every brand's videos. */
export async function fetchVideos(userId: string, brand: string = allBrands): Promise<VideoItem[]> {
  const body = await call(dashboardEndpoints.videos, { user_id: userId, brand });
  return Array.isArray(body) ? body : body.videos;
}

/** SPEC §7 "form: logo, email": the email goes first so the server can check it before reading the file. */
export async function uploadLogo(email: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('email', email);
  form.append('logo', file);
  return (await attempt(call(dashboardEndpoints.uploadLogo, form), { fallback: uploadMessages.failed, unreachable: formMessages.network })).logo_url;
}

export async function removeLogo(email: string): Promise<void> {
  await call(dashboardEndpoints.removeLogo, { email });
}

export async function deleteVideo(videoId: string): Promise<void> {
  await call(dashboardEndpoints.deleteVideo, { video_id: videoId });
}

export async function renameVideo(videoId: string, title: string): Promise<void> {
  await call(dashboardEndpoints.renameVideo, { video_id: videoId, title });
}

export async function createVideoEntry(body: CreateVideoEntryBody): Promise<string> {
  return (await call(dashboardEndpoints.createVideoEntry, body)).video_id;
}

export async function fetchDrafts(brand: string = allBrands): Promise<DraftItem[]> {
  return (await call(dashboardEndpoints.drafts, { brand })).drafts;
}

export async function discardDraft(videoId: string): Promise<void> {
  await call(dashboardEndpoints.discardDraft, { video_id: videoId });
}
