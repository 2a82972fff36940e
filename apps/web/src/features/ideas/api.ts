import { formMessages, ideaEndpoints, type BusinessProfile, type SaveBusinessProfileRequest } from '@reelsmith/contracts';
import { attempt, call } from '../../lib/client.ts';

/** The server's own text, else the network or generic one. */
const send = <T>(request: Promise<T>) => attempt(request, { fallback: formMessages.unexpected, unreachable: formMessages.network });

export async function fetchProfile(email: string): Promise<BusinessProfile | null> {
  return (await send(call(ideaEndpoints.businessProfile, { email }))).profile;
}

export function fetchIdeas(email: string) {
  return send(call(ideaEndpoints.userIdeas, { email }));
}

export async function saveProfile(request: SaveBusinessProfileRequest): Promise<BusinessProfile> {
  return (await send(call(ideaEndpoints.saveBusinessProfile, request))).profile;
}

/** SPEC §7 posts this one as a form. */
export function generateIdeas(request: SaveBusinessProfileRequest) {
  return send(call(ideaEndpoints.generateIdeas, request));
}

export async function startProjectFromIdea(ideaId: string): Promise<string> {
  return (await send(call(ideaEndpoints.projectFromIdea, { idea_id: ideaId }))).video_id;
}
