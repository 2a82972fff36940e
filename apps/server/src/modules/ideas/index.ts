import type { FeatureModule } from '../../http/feature-module.ts';
import { registerIdeaRoutes } from './idea-routes.ts';
import { createIdeasService } from './ideas.ts';

/** Marketing ideas from the business profile; `brief` is the profile as the writers read it (script and storyboard too). */
export function ideasModule(deps: Parameters<typeof createIdeasService>[0]): FeatureModule & { brief: ReturnType<typeof createIdeasService>['brief'] } {
  const ideas = createIdeasService(deps);
  return {
    brief: ideas.brief,
    register({ router }) {
      registerIdeaRoutes(router, { ideas });
    },
  };
}
