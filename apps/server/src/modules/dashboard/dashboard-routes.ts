import { Readable } from 'node:stream';
import { allBrands, dashboardEndpoints } from '@reelsmith/contracts';
import type { DashboardService } from './dashboard.ts';
import type { DraftsService } from './drafts.ts';
import type { ProjectsService } from '../../core/project/projects.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

const success = { status: 'success' as const };
const brandFilter = (brand: string | undefined) => (brand === undefined || brand === allBrands ? undefined : brand);

interface DashboardRouteDeps {
  dashboard: DashboardService;
  projects: ProjectsService;
  drafts: DraftsService;
}

export function registerDashboardRoutes(router: EndpointRouter, deps: DashboardRouteDeps): void {
  const { dashboard, projects, drafts } = deps;
  const { route } = router;

  route(dashboardEndpoints.subscription, ({ user }) => dashboard.subscription(user.id));
  route(dashboardEndpoints.subscriptionByQuery, ({ user }) => dashboard.subscription(user.id));

  // SPEC §7 sends `logo` and `email` in either order: the router holds the (required) file until the email has been
  // checked, so a request for someone else stores nothing.
  route(dashboardEndpoints.uploadLogo, ({ user, files }) => {
    const logo = files.get('logo')!;
    return dashboard.uploadLogo(user.id, { stream: Readable.from([logo.content]), filename: logo.filename, wasTruncated: () => false });
  });

  route(dashboardEndpoints.removeLogo, async ({ user }) => {
    await dashboard.removeLogo(user.id);
    return success;
  });

  route(dashboardEndpoints.videos, async ({ user, input }) => ({ videos: await projects.listVideos(user.id, brandFilter(input.brand)) }));

  route(dashboardEndpoints.deleteVideo, async ({ user, input }) => {
    await projects.deleteVideo(user.id, input.video_id);
    return success;
  });

  route(dashboardEndpoints.renameVideo, async ({ user, input }) => {
    await projects.renameVideo(user.id, input.video_id, input.title);
    return success;
  });

  route(dashboardEndpoints.projectStep, async ({ user, input }) => ({ status: 'success' as const, flow: await drafts.recordPage(user.id, input.project_id, input.page) }));

  route(dashboardEndpoints.drafts, async ({ user, input }) => ({ drafts: await drafts.list(user.id, brandFilter(input.brand)) }));

  route(dashboardEndpoints.discardDraft, async ({ user, input }) => {
    await drafts.discard(user.id, input.video_id);
    return success;
  });

  route(dashboardEndpoints.createVideoEntry, async ({ user, input }) => {
    const entry = await projects.createEntry(user.id, { videoType: input.video_type, userVideoUrl: input.user_video_url });
    return { status: 'success' as const, video_id: entry.id };
  });
}
