import type { FastifyInstance } from 'fastify';
import type { JobStatusRecord } from '../db/repositories/job-status.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Auth } from '../services/auth.ts';
import type { FileUrlSigner } from '../services/file-urls.ts';
import { requireSessionUser } from './session.ts';

/** The status a page polls; a stored result key becomes a fresh signed URL on every read. */
export function jobStatusBody(record: JobStatusRecord, signer: FileUrlSigner) {
  const key = typeof record.result?.key === 'string' ? record.result.key : undefined;
  return {
    id: record.id,
    status: record.state,
    percent: record.percent,
    url: key ? signer.sign(key) : null,
    error: record.error ?? null,
  };
}

export function registerJobRoutes(app: FastifyInstance, deps: { auth: Auth; queue: JobQueue; signer: FileUrlSigner }): void {
  app.get('/api/jobs/:id', async (request) => {
    const user = await requireSessionUser(deps.auth, request);
    return jobStatusBody(await deps.queue.status(user.id, (request.params as { id: string }).id), deps.signer);
  });

  app.post('/api/jobs/:id/cancel', async (request) => {
    const user = await requireSessionUser(deps.auth, request);
    return jobStatusBody(await deps.queue.cancel(user.id, (request.params as { id: string }).id), deps.signer);
  });
}
