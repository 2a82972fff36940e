import { createProjectsService, type LibraryBackground } from '../../core/project/projects.ts';
import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import { createDashboardService } from './dashboard.ts';
import { registerDashboardRoutes } from './dashboard-routes.ts';
import { createDraftsService } from './drafts.ts';

/** The dashboard: plan and usage, logo, finished videos and drafts. */
export function dashboardModule(infra: Infrastructure, shared: SharedCore, media: { backgrounds(): readonly LibraryBackground[] }): FeatureModule {
  const { repositories, quotas, storage, signer, uploads } = infra;
  const { projects, subscriptions } = repositories;
  const dashboard = createDashboardService({ quotas, subscriptions, uploads: repositories.uploads, uploadService: uploads, signer,
    settleHeldCredits: shared.paidJobs.settleUser,
    aiMotionTemplates: !shared.paidJobs.takesAiCredit(),
    brandLogo: shared.brands,
  });
  const drafts = createDraftsService({ projects, uploads: repositories.uploads, storage, signer });
  const projectsService = createProjectsService({
    projects,
    quotas,
    storage,
    signer,
    uploads: repositories.uploads,
    probeDuration: shared.probeDuration,
    backgrounds: media.backgrounds,
  });
  return {
    register({ router }) {
      registerDashboardRoutes(router, { dashboard, projects: projectsService, drafts });
    },
  };
}
