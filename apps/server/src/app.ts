import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Repositories } from './db/repositories/index.ts';
import { registerAccountRoutes } from './http/account-routes.ts';
import { registerAnalyticsRoutes } from './http/analytics-routes.ts';
import { registerAuthHandler } from './http/auth-handler.ts';
import { registerCsrfGuard } from './http/csrf.ts';
import { registerDevOutboxRoutes } from './http/dev-outbox-routes.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerWebRoutes } from './http/web-routes.ts';
import type { EmailSender } from './providers/email/types.ts';
import { createAccountsService } from './services/accounts.ts';
import type { Auth } from './services/auth.ts';

export interface AppDependencies {
  repositories: Repositories;
  auth: Auth;
  email: EmailSender;
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

  registerAuthHandler(app, deps.auth);
  const accounts = createAccountsService({ users: deps.repositories.users, auth: deps.auth });
  registerAccountRoutes(app, { auth: deps.auth, accounts, resendLimit: deps.rateLimit });
  registerAnalyticsRoutes(app, { auth: deps.auth, pageViews: deps.repositories.pageViews });
  if (deps.email.kind === 'outbox') registerDevOutboxRoutes(app, deps.repositories.outbox);
  app.get('/api/health', async () => ({ status: 'ok' }));

  await registerWebRoutes(app, deps.webDistDir ?? '');
  return app;
}
