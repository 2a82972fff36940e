import {
  apiErrorBody,
  businessProfileResponse,
  formMessages,
  generateIdeasResponse,
  projectFromIdeaResponse,
  saveBusinessProfileResponse,
  userIdeasResponse,
  type BusinessProfile,
  type SaveBusinessProfileRequest,
} from '@reelsmith/contracts';
import { apiPost, apiRequest, NetworkError, readBody, type ApiResult } from '../../lib/api.ts';

/** A failure whose message can be shown as it is: the server's own text, or the network or generic one. */
export class IdeasError extends Error {}

function failure(result: ApiResult): IdeasError {
  return new IdeasError(readBody(apiErrorBody, result.body)?.error ?? formMessages.unexpected);
}

async function send(request: () => Promise<ApiResult>): Promise<ApiResult> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof NetworkError) throw new IdeasError(formMessages.network, { cause: error });
    throw error;
  }
}

export async function fetchProfile(email: string): Promise<BusinessProfile | null> {
  const result = await send(() => apiRequest(`/api/business-profile?email=${encodeURIComponent(email)}`));
  const body = result.ok ? readBody(businessProfileResponse, result.body) : null;
  if (!body) throw failure(result);
  return body.profile;
}

export async function fetchIdeas(email: string) {
  const result = await send(() => apiRequest(`/api/user-ideas?email=${encodeURIComponent(email)}`));
  const body = result.ok ? readBody(userIdeasResponse, result.body) : null;
  if (!body) throw failure(result);
  return body;
}

export async function saveProfile(request: SaveBusinessProfileRequest): Promise<BusinessProfile> {
  const result = await send(() => apiPost('/api/save-business-profile', request));
  const body = result.ok ? readBody(saveBusinessProfileResponse, result.body) : null;
  if (!body) throw failure(result);
  return body.profile;
}

/** SPEC §7 posts this one form-encoded. */
export async function generateIdeas(request: SaveBusinessProfileRequest) {
  const result = await send(() => apiRequest('/api/generate-ideas', { method: 'POST', form: new URLSearchParams(request) }));
  const generated = result.ok ? readBody(generateIdeasResponse, result.body) : null;
  if (!generated) throw failure(result);
  return generated;
}

export async function startProjectFromIdea(ideaId: string): Promise<string> {
  const result = await send(() => apiPost('/api/projects/from-idea', { idea_id: ideaId }));
  const body = result.ok ? readBody(projectFromIdeaResponse, result.body) : null;
  if (!body) throw failure(result);
  return body.video_id;
}
