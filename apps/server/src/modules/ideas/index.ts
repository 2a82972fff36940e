import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import { registerIdeaRoutes } from './idea-routes.ts';
import { createIdeasService } from './ideas.ts';

/** Marketing ideas from the business profile; `brief` is the profile as the writers read it (script and storyboard too). */
export function ideasModule(infra: Infrastructure, shared: SharedCore): FeatureModule & { brief: ReturnType<typeof createIdeasService>['brief'] } {
  const { repositories } = infra;
  const ideas = createIdeasService({
    profiles: repositories.businessProfiles,
    ideas: repositories.ideas,
    projects: repositories.projects,
    quotas: infra.quotas,
    paidJobs: shared.paidJobs,
    writer: infra.writer,
    activeBrand: async (userId) => (await shared.brands.active(userId)).id,
  });
  return {
    brief: ideas.brief,
    register({ router }) {
      registerIdeaRoutes(router, { ideas });
    },
  };
}
