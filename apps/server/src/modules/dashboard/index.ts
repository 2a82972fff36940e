import type { ProjectsService } from '../../core/project/projects.ts';
import type { FeatureModule } from '../../http/feature-module.ts';
import { createDashboardService } from './dashboard.ts';
import { registerDashboardRoutes } from './dashboard-routes.ts';
import { createDraftsService } from './drafts.ts';

/** The dashboard: plan and usage, logo, finished videos and drafts. */
export function dashboardModule(deps: {
  dashboard: Parameters<typeof createDashboardService>[0];
  drafts: Parameters<typeof createDraftsService>[0];
  projects: ProjectsService;
}): FeatureModule {
  return {
    register({ router }) {
      registerDashboardRoutes(router, { dashboard: createDashboardService(deps.dashboard), projects: deps.projects, drafts: createDraftsService(deps.drafts) });
    },
  };
}
