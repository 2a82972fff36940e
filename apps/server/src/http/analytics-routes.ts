import { pageViewRequest } from '@reelsmith/contracts';
import type { FastifyInstance } from 'fastify';
import type { PageViewsRepository } from '../db/repositories/page-views.ts';
import type { Auth } from '../services/auth.ts';
import { parseWith } from './errors.ts';
import { readSessionUser } from './session.ts';

export function registerAnalyticsRoutes(app: FastifyInstance, deps: { auth: Auth; pageViews: PageViewsRepository }): void {
  app.post('/api/analytics/pageview', async (request, reply) => {
    const body = parseWith(pageViewRequest, request.body);
    const user = await readSessionUser(deps.auth, request);
    await deps.pageViews.add({ path: body.path, referrer: body.referrer || null, userId: user?.id ?? null });
    return reply.status(204).send();
  });
}
