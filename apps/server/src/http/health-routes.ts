import { platformEndpoints, type ReadinessResponse } from '@reelsmith/contracts';
import type { Metrics } from '../providers/metrics/metrics.ts';
import type { EndpointRouter } from './endpoint-router.ts';

export interface HealthDependencies {
  readiness: () => Promise<ReadinessResponse>;
  metrics: Metrics;
}

export function registerHealthRoutes(router: EndpointRouter, deps: HealthDependencies): void {
  const alive = () => ({ status: 'ok' as const });
  router.route(platformEndpoints.health, alive);
  router.route(platformEndpoints.liveness, alive);
  router.route(platformEndpoints.ready, async ({ reply }) => {
    const report = await deps.readiness();
    // A load balancer reads only the status code: a host that cannot serve is taken out of rotation.
    return reply.status(report.status === 'ready' ? 200 : 503).send(report);
  });
  router.route(platformEndpoints.metrics, async ({ reply }) => reply.type(deps.metrics.contentType).send(await deps.metrics.text()));
}
