import {
  emailQuery,
  generateIdeasRequest,
  ideaMessages,
  projectFromIdeaRequest,
  saveBusinessProfileRequest,
  type BusinessProfile,
} from '@reelsmith/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../services/auth.ts';
import type { IdeasService } from '../services/ideas.ts';
import { parseWith } from './errors.ts';
import { assertSameUser, requireSessionUser } from './session.ts';

/** SPEC §7 business-profile, save-business-profile, user-ideas and api/generate-ideas, plus "Use this idea". */
export function registerIdeaRoutes(app: FastifyInstance, deps: { auth: Auth; ideas: IdeasService }): void {
  const { auth, ideas } = deps;

  /** The signed-in user, once the `?email=` the spec sends is checked to name them. */
  async function userOfQuery(request: FastifyRequest) {
    const user = await requireSessionUser(auth, request);
    assertSameUser(user, parseWith(emailQuery, request.query));
    return user;
  }

  /** The signed-in user and the profile fields of a save or generate body, once its user_email is checked. */
  async function profileRequest(request: FastifyRequest, schema: typeof saveBusinessProfileRequest) {
    const user = await requireSessionUser(auth, request);
    const { user_email, ...profile } = parseWith(schema, request.body, ideaMessages.invalidProfile);
    assertSameUser(user, { email: user_email });
    return { user, profile: profile satisfies BusinessProfile };
  }

  app.get('/api/business-profile', async (request) => {
    const user = await userOfQuery(request);
    return { profile: await ideas.profile(user.id) };
  });

  app.post('/api/save-business-profile', async (request) => {
    const { user, profile } = await profileRequest(request, saveBusinessProfileRequest);
    return { status: 'success', profile: await ideas.saveProfile(user.id, profile) };
  });

  app.get('/api/user-ideas', async (request) => ideas.history((await userOfQuery(request)).id));

  app.post('/api/generate-ideas', async (request) => {
    const { user, profile } = await profileRequest(request, generateIdeasRequest);
    return ideas.generate(user.id, profile);
  });

  app.post('/api/projects/from-idea', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(projectFromIdeaRequest, request.body);
    return { video_id: (await ideas.startProject(user.id, body.idea_id)).id };
  });
}
