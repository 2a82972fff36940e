import { Readable } from 'node:stream';
import { createVideoEntryBody, deleteVideoRequest, discardDraftRequest, projectStepRequest, emailRequest, renameVideoRequest, uploadMessages, uploadPolicies, videosRequest, type UploadPolicy } from '@reelsmith/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UserFacingError } from '../errors.ts';
import type { Auth } from '../services/auth.ts';
import type { DashboardService } from '../services/dashboard.ts';
import type { DraftsService } from '../services/drafts.ts';
import type { ProjectsService } from '../services/projects.ts';
import type { IncomingFile } from '../services/uploads.ts';
import { parseWith } from './errors.ts';
import { checkedParts } from './input-guard.ts';
import { assertSameUser, requireSessionUser } from './session.ts';

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
  auth: Auth;
  dashboard: DashboardService;
  projects: ProjectsService;
  drafts: DraftsService;
}

export function registerDashboardRoutes(app: FastifyInstance, deps: DashboardRouteDeps): void {
  const { auth, dashboard, projects, drafts } = deps;

  app.post('/api/subscription', async (request) => {
    const user = await requireSessionUser(auth, request);
    assertSameUser(user, parseWith(emailRequest, request.body));
    return dashboard.subscription(user.id);
  });

  app.get('/api/subscription', async (request) => {
    const user = await requireSessionUser(auth, request);
    assertSameUser(user, parseWith(emailRequest, request.query));
    return dashboard.subscription(user.id);
  });

  app.post('/api/upload-logo', async (request) => {
    const user = await requireSessionUser(auth, request);
    const form = await readLogoForm(request);
    assertSameUser(user, parseWith(emailRequest, { email: form.email }));
    if (!form.logo) throw new UserFacingError(400, uploadMessages.missingFile);
    return dashboard.uploadLogo(user.id, form.logo);
  });

  app.post('/api/remove-logo', async (request) => {
    const user = await requireSessionUser(auth, request);
    assertSameUser(user, parseWith(emailRequest, request.body));
    await dashboard.removeLogo(user.id);
    return { status: 'success' };
  });

  app.post('/api/videos', async (request) => {
    const user = await requireSessionUser(auth, request);
    assertSameUser(user, { id: parseWith(videosRequest, request.body).user_id });
    return { videos: await projects.listVideos(user.id) };
  });

  app.post('/api/delete-video', async (request) => {
    const user = await requireSessionUser(auth, request);
    await projects.deleteVideo(user.id, parseWith(deleteVideoRequest, request.body).video_id);
    return { status: 'success' };
  });

  app.post('/api/rename-video', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(renameVideoRequest, request.body);
    await projects.renameVideo(user.id, body.video_id, body.title);
    return { status: 'success' };
  });

  app.post('/api/project-step', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(projectStepRequest, request.body);
    await drafts.recordPage(user.id, body.project_id, body.page);
    return { status: 'success' };
  });

  app.get('/api/drafts', async (request) => {
    const user = await requireSessionUser(auth, request);
    return { drafts: await drafts.list(user.id) };
  });

  app.post('/api/discard-draft', async (request) => {
    const user = await requireSessionUser(auth, request);
    await drafts.discard(user.id, parseWith(discardDraftRequest, request.body).video_id);
    return { status: 'success' };
  });

  app.post('/api/create-video-entry', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(createVideoEntryBody, request.body);
    assertSameUser(user, { id: body.user_id });
    const entry = await projects.createEntry(user.id, { videoType: body.video_type, userVideoUrl: body.user_video_url });
    return { status: 'success', video_id: entry.id };
  });
}
