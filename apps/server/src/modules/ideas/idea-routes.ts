import { ideaEndpoints, type BusinessProfile } from '@reelsmith/contracts';
import type { IdeasService } from './ideas.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** The profile fields of a save or generate body; its user_email is checked by the router to name the user. */
const profileOf = ({ user_email: _email, ...profile }: BusinessProfile & { user_email: string }): BusinessProfile => profile;

/** SPEC §7 business-profile, save-business-profile, user-ideas and api/generate-ideas, plus "Use this idea". */
export function registerIdeaRoutes(router: EndpointRouter, deps: { ideas: IdeasService }): void {
  const { ideas } = deps;
  const { route } = router;

  route(ideaEndpoints.businessProfile, async ({ user }) => ({ profile: await ideas.profile(user.id) }));

  route(ideaEndpoints.saveBusinessProfile, async ({ user, input }) => ({
    status: 'success' as const,
    profile: await ideas.saveProfile(user.id, profileOf(input)),
  }));

  route(ideaEndpoints.userIdeas, ({ user }) => ideas.history(user.id));

  route(ideaEndpoints.generateIdeas, ({ user, input }) => ideas.generate(user.id, profileOf(input)));

  route(ideaEndpoints.projectFromIdea, async ({ user, input }) => ({ video_id: (await ideas.startProject(user.id, input.idea_id)).id }));
}
