import { Readable } from 'node:stream';
import { dashboardEndpoints, uploadMessages, uploadPolicies, type UploadPolicy } from '@reelsmith/contracts';
import type { FastifyRequest } from 'fastify';
import { UserFacingError } from '../../errors.ts';
import type { DashboardService } from './dashboard.ts';
import type { DraftsService } from './drafts.ts';
import type { ProjectsService } from '../../core/project/projects.ts';
import type { IncomingFile } from '../../core/files/uploads.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import { checkedParts } from '../../http/input-guard.ts';

const success = { status: 'success' as const };

/**
 * SPEC §7 sends `logo` and `email` in either order, so the file (capped at the logo policy's size while it
 * streams in) is held until the email has been checked: a request for someone else stores nothing.
 */
async function readLogoForm(request: FastifyRequest): Promise<{ email?: string; logo?: IncomingFile }> {
  if (!request.isMultipart()) throw new UserFacingError(400, uploadMessages.missingFile);
  const policy: UploadPolicy = uploadPolicies.logo;
  const form: { email?: string; logo?: IncomingFile } = {};
  try {
    for await (const part of checkedParts(request, { limits: { fileSize: policy.maxBytes, files: 1 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'email') form.email = String(part.value);
      } else if (part.fieldname === 'logo') {
        const content = await part.toBuffer();
        form.logo = { stream: Readable.from([content]), filename: part.filename, wasTruncated: () => false };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new UserFacingError(413, policy.tooLargeMessage(policy.maxBytes + 1));
    }
    throw error;
  }
  return form;
}

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

  route(dashboardEndpoints.uploadLogo, async ({ user, request, check }) => {
    const form = await readLogoForm(request);
    check({ email: form.email });
    if (!form.logo) throw new UserFacingError(400, uploadMessages.missingFile);
    return dashboard.uploadLogo(user.id, form.logo);
  });

  route(dashboardEndpoints.removeLogo, async ({ user }) => {
    await dashboard.removeLogo(user.id);
    return success;
  });

  route(dashboardEndpoints.videos, async ({ user }) => ({ videos: await projects.listVideos(user.id) }));

  route(dashboardEndpoints.deleteVideo, async ({ user, input }) => {
    await projects.deleteVideo(user.id, input.video_id);
    return success;
  });

  route(dashboardEndpoints.renameVideo, async ({ user, input }) => {
    await projects.renameVideo(user.id, input.video_id, input.title);
    return success;
  });

  route(dashboardEndpoints.projectStep, async ({ user, input }) => {
    await drafts.recordPage(user.id, input.project_id, input.page);
    return success;
  });

  route(dashboardEndpoints.drafts, async ({ user }) => ({ drafts: await drafts.list(user.id) }));

  route(dashboardEndpoints.discardDraft, async ({ user, input }) => {
    await drafts.discard(user.id, input.video_id);
    return success;
  });

  route(dashboardEndpoints.createVideoEntry, async ({ user, input }) => {
    const entry = await projects.createEntry(user.id, { videoType: input.video_type, userVideoUrl: input.user_video_url });
    return { status: 'success' as const, video_id: entry.id };
  });
}
