import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Repositories } from './db/repositories/index.ts';
import { registerAccountRoutes } from './http/account-routes.ts';
import { registerAnalyticsRoutes } from './http/analytics-routes.ts';
import { registerAuthHandler } from './http/auth-handler.ts';
import { registerCsrfGuard } from './http/csrf.ts';
import { registerDevOutboxRoutes } from './http/dev-outbox-routes.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerFileRoutes } from './http/file-routes.ts';
import { registerJobRoutes } from './http/job-routes.ts';
import { registerUploadRoutes } from './http/upload-routes.ts';
import { registerWebRoutes } from './http/web-routes.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { EmailSender } from './providers/email/types.ts';
import type { ObjectStorage } from './providers/storage/types.ts';
import { createAccountsService } from './services/accounts.ts';
import type { Auth } from './services/auth.ts';
import type { FileUrlSigner } from './services/file-urls.ts';
import type { QuotaService } from './services/quotas.ts';
import type { UploadService } from './services/uploads.ts';

export interface AppDependencies {
  repositories: Repositories;
  auth: Auth;
  email: EmailSender;
  storage: ObjectStorage;
  signer: FileUrlSigner;
  uploads: UploadService;
  queue: JobQueue;
  quotas: QuotaService;
  publicUrl: string;
  rateLimit: { max: number; windowSeconds: number };
  webDistDir?: string;
  logLevel?: string;
}

/** Builds the HTTP app from ready collaborators; main.ts (or a test) decides which ones. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.logLevel ?? 'info' },
    bodyLimit: 1024 * 1024,
  });
  registerErrorHandler(app);
  registerCsrfGuard(app, [deps.publicUrl]);
  await app.register(rateLimit, { global: false });
  // Several spec calls post form-encoded bodies (SPEC §7 "form").
  await app.register(formbody);
  // Per-route byte limits are set where each file is read; this is only the outer bound for any request.
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 12, fields: 50, fieldSize: 1024 * 1024 } });

  registerAuthHandler(app, deps.auth);
  const accounts = createAccountsService({ users: deps.repositories.users, auth: deps.auth });
  registerAccountRoutes(app, { auth: deps.auth, accounts, resendLimit: deps.rateLimit });
  registerAnalyticsRoutes(app, { auth: deps.auth, pageViews: deps.repositories.pageViews });
  registerFileRoutes(app, { storage: deps.storage, signer: deps.signer, auth: deps.auth });
  registerUploadRoutes(app, { auth: deps.auth, uploads: deps.uploads });
  registerJobRoutes(app, { auth: deps.auth, queue: deps.queue, signer: deps.signer });
  if (deps.email.kind === 'outbox') registerDevOutboxRoutes(app, deps.repositories.outbox);
  app.get('/api/health', async () => ({ status: 'ok' }));

  await registerWebRoutes(app, deps.webDistDir ?? '');
  return app;
}
