import { z } from 'zod';
import { outboxMessage } from '../accounts.ts';
import { defineEndpoint } from '../endpoint.ts';
import { uploadPurposeSchema, uploadResponse } from '../uploads.ts';

const none = z.object({});

/** A job's state as a page polls it; `url` is a fresh signed link to its result. */
export const jobStatusResponse = z.object({
  id: z.string(),
  status: z.enum(['queued', 'processing', 'done', 'error', 'cancelled']),
  percent: z.number(),
  url: z.string().nullable(),
  error: z.string().nullable(),
});
export type JobStatusResponse = z.infer<typeof jobStatusResponse>;

export const outboxQuery = z.object({ to: z.string().trim().max(254).optional() });

/** `detail` (why a check failed) is answered only to the operator token; anyone else learns what failed, not why. */
const check = z.object({ ok: z.boolean(), detail: z.string().optional() });
/** Each dependency a host needs before it takes traffic; `status` is 'ready' only when all are ok. */
export const readinessResponse = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({ database: check, storage: check, migrations: check }),
});
export type ReadinessResponse = z.infer<typeof readinessResponse>;

export const platformEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness: the process answers.',
    tag: 'platform',
    access: 'public',
    body: 'none',
    request: none,
    response: z.object({ status: z.literal('ok') }),
  }),
  liveness: defineEndpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness for a load balancer or an orchestrator: the process answers (the same as /api/health).',
    tag: 'platform',
    access: 'public',
    body: 'none',
    request: none,
    response: z.object({ status: z.literal('ok') }),
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/ready',
    summary: 'Readiness: the database and the storage answer and the migrations are current (503 naming what is not; why, only to the operator token).',
    tag: 'platform',
    access: 'public',
    body: 'none',
    request: none,
    response: readinessResponse,
  }),
  metrics: defineEndpoint({
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics: HTTP latency by route, jobs by kind and state, job run time, provider calls, credits spent.',
    tag: 'platform',
    access: 'operator',
    body: 'none',
    request: none,
    response: z.string(),
    produces: 'text/plain',
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/files/*',
    summary: "A stored file by signed URL (exp, sig); a user's own files also need their session. Answers ranges for seeking.",
    tag: 'files',
    access: 'signature',
    body: 'json',
    request: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
    response: z.unknown(),
    produces: 'application/octet-stream',
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/uploads/:purpose',
    summary: 'One checked upload (multipart field `file`) for a purpose; sniffed, probed and size-limited per purpose.',
    tag: 'files',
    access: 'session',
    body: 'upload',
    params: z.object({ purpose: uploadPurposeSchema }),
    request: none,
    upload: { files: { file: { policy: { param: 'purpose' }, required: true } }, maxFiles: 1, storage: 'scratch' },
    response: uploadResponse,
  }),
  jobStatus: defineEndpoint({
    method: 'GET',
    path: '/api/jobs/:id',
    summary: "A job's state and percent, polled by the page.",
    tag: 'jobs',
    access: 'session',
    body: 'none',
    request: none,
    response: jobStatusResponse,
  }),
  jobCancel: defineEndpoint({
    method: 'POST',
    path: '/api/jobs/:id/cancel',
    summary: 'Cancels a queued or running job of the user.',
    tag: 'jobs',
    access: 'session',
    body: 'none',
    request: none,
    response: jobStatusResponse,
  }),
  outbox: defineEndpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    summary: 'Mail the app would have sent (outbox transport only).',
    tag: 'dev',
    onlyWhen: 'mail goes to the outbox (SMTP_URL is not set)',
    access: 'operator',
    body: 'json',
    request: outboxQuery,
    response: z.array(outboxMessage),
  }),
  mailbox: defineEndpoint({
    method: 'GET',
    path: '/dev/mailbox',
    summary: 'The dev mailbox page; the start log links here with the operator token once.',
    tag: 'dev',
    onlyWhen: 'mail goes to the outbox (SMTP_URL is not set)',
    access: 'operator',
    body: 'json',
    request: outboxQuery,
    response: z.string(),
    produces: 'text/html',
  }),
} as const;
