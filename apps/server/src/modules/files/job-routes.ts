import { platformEndpoints, type JobStatusResponse } from '@reelsmith/contracts';
import type { JobStatusRecord } from '../../db/repositories/job-status.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** The status a page polls; a stored result key becomes a fresh signed URL on every read. */
export function jobStatusBody(record: JobStatusRecord, signer: FileUrlSigner): JobStatusResponse {
  const key = typeof record.result?.key === 'string' ? record.result.key : undefined;
  return {
    id: record.id,
    status: record.state,
    percent: record.percent,
    url: key ? signer.sign(key) : null,
    error: record.error ?? null,
  };
}

export function registerJobRoutes(router: EndpointRouter, deps: { queue: JobQueue; signer: FileUrlSigner }): void {
  router.route(platformEndpoints.jobStatus, async ({ user, params }) => jobStatusBody(await deps.queue.status(user.id, params.id), deps.signer));
  router.route(platformEndpoints.jobCancel, async ({ user, params }) => jobStatusBody(await deps.queue.cancel(user.id, params.id), deps.signer));
}
