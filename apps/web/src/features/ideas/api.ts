import { formMessages, ideaEndpoints, type BusinessProfile, type SaveBusinessProfileRequest } from '@reelsmith/contracts';
import { call, failureText } from '../../lib/client.ts';

/** A failure whose message can be shown as it is: the server's own text, or the network or generic one. */
export class IdeasError extends Error {}

async function send<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new IdeasError(failureText(error, formMessages.unexpected, formMessages.network), { cause: error });
  }
}

export async function fetchProfile(email: string): Promise<BusinessProfile | null> {
  return (await send(() => call(ideaEndpoints.businessProfile, { email }))).profile;
}

export function fetchIdeas(email: string) {
  return send(() => call(ideaEndpoints.userIdeas, { email }));
}

export async function saveProfile(request: SaveBusinessProfileRequest): Promise<BusinessProfile> {
  return (await send(() => call(ideaEndpoints.saveBusinessProfile, request))).profile;
}

/** SPEC §7 posts this one as a form. */
export function generateIdeas(request: SaveBusinessProfileRequest) {
  return send(() => call(ideaEndpoints.generateIdeas, request));
}

export async function startProjectFromIdea(ideaId: string): Promise<string> {
  return (await send(() => call(ideaEndpoints.projectFromIdea, { idea_id: ideaId }))).video_id;
}
