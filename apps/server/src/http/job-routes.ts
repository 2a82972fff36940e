import type { FastifyInstance } from 'fastify';
import type { JobStatusRecord } from '../db/repositories/job-status.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Auth } from '../services/auth.ts';
import { requireSessionUser } from './session.ts';

export function jobStatusBody(record: JobStatusRecord) {
  return {
    id: record.id,
    status: record.state,
    percent: record.percent,
    result: record.result ?? null,
    error: record.error ?? null,
  };
}

export function registerJobRoutes(app: FastifyInstance, deps: { auth: Auth; queue: JobQueue }): void {
  app.get('/api/jobs/:id', async (request) => {
    const user = await requireSessionUser(deps.auth, request);
    return jobStatusBody(await deps.queue.status(user.id, (request.params as { id: string }).id));
  });

  app.post('/api/jobs/:id/cancel', async (request) => {
    const user = await requireSessionUser(deps.auth, request);
    return jobStatusBody(await deps.queue.cancel(user.id, (request.params as { id: string }).id));
  });
}
