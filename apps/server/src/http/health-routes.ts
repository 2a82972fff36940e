import { platformEndpoints, type ReadinessResponse } from '@reelsmith/contracts';
import type { Metrics } from '../providers/metrics/metrics.ts';
import type { EndpointRouter } from './endpoint-router.ts';
import type { OperatorGuard } from './operator.ts';

export interface HealthDependencies {
  readiness: () => Promise<ReadinessResponse>;
  metrics: Metrics;
  operator: Pick<OperatorGuard, 'isOperator'>;
}

/** What failed, without why: a driver's message names the database, its host or its user. */
function withoutDetail(report: ReadinessResponse): ReadinessResponse {
  const checks = Object.fromEntries(Object.entries(report.checks).map(([name, check]) => [name, { ok: check.ok }]));
  return { status: report.status, checks: checks as ReadinessResponse['checks'] };
}

export function registerHealthRoutes(router: EndpointRouter, deps: HealthDependencies): void {
  const alive = () => ({ status: 'ok' as const });
  router.route(platformEndpoints.health, alive);
  router.route(platformEndpoints.liveness, alive);
  router.route(platformEndpoints.ready, async ({ request, reply }) => {
    const report = await deps.readiness();
    const ready = report.status === 'ready';
    if (!ready) request.log.warn({ checks: report.checks }, 'not ready');
    // The reasons are the operator's: a cache must not hand them to the next caller of the same URL.
    reply.header('cache-control', 'no-store');
    // A load balancer reads only the status code: a host that cannot serve is taken out of rotation.
    return reply.status(ready ? 200 : 503).send(deps.operator.isOperator(request) ? report : withoutDetail(report));
  });
  router.route(platformEndpoints.metrics, async ({ reply }) => reply.type(deps.metrics.contentType).send(await deps.metrics.text()));
}
