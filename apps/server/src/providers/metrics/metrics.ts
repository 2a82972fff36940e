import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Job counts by queue and state, read from the job table when metrics are scraped (every host sees every job). */
export type JobCounts = () => Promise<Array<{ queue: string; state: string; count: number }>>;

/**
 * The process's Prometheus metrics. One registry per app (not prom-client's global one), so two apps in one test
 * process, or a web process and a worker, never mix their series.
 */
export function createMetrics(options: { jobCounts?: JobCounts; defaults?: boolean } = {}) {
  const registry = new Registry();
  if (options.defaults !== false) collectDefaultMetrics({ register: registry, prefix: 'reelsmith_' });

  const httpSeconds = new Histogram({
    name: 'reelsmith_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern (not the raw URL, so ids do not explode the series).',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRunSeconds = new Histogram({
    name: 'reelsmith_job_run_seconds',
    help: 'How long one attempt of a job ran in this process, by job kind and outcome.',
    labelNames: ['kind', 'outcome'],
    buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  const providerSeconds = new Histogram({
    name: 'reelsmith_provider_call_seconds',
    help: 'Calls to a provider (writer, speech, stock, video generation...), by provider, method and outcome.',
    labelNames: ['provider', 'method', 'outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const providerErrors = new Counter({
    name: 'reelsmith_provider_errors_total',
    help: 'Provider calls that threw, by provider and method.',
    labelNames: ['provider', 'method'],
    registers: [registry],
  });
  const creditsSpent = new Counter({
    name: 'reelsmith_credits_spent_total',
    help: 'Plan credits consumed through this process, by kind (a refund does not subtract).',
    labelNames: ['kind'],
    registers: [registry],
  });
  const { jobCounts } = options;
  if (jobCounts) {
    new Gauge({
      name: 'reelsmith_jobs',
      help: 'Jobs by kind and state (queued, processing, done, error, cancelled), across every host.',
      labelNames: ['kind', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await jobCounts()) this.set({ kind: row.queue, state: row.state }, row.count);
      },
    });
  }

  return {
    registry,
    contentType: registry.contentType,
    text: () => registry.metrics(),
    observeRequest(method: string, route: string, status: number, seconds: number) {
      httpSeconds.observe({ method, route, status: String(status) }, seconds);
    },
    observeJob(kind: string, outcome: 'done' | 'error' | 'retry' | 'interrupted', seconds: number) {
      jobRunSeconds.observe({ kind, outcome }, seconds);
    },
    observeProviderCall(provider: string, method: string, ok: boolean, seconds: number) {
      providerSeconds.observe({ provider, method, outcome: ok ? 'ok' : 'error' }, seconds);
      if (!ok) providerErrors.inc({ provider, method });
    },
    creditSpent(kind: string) {
      creditsSpent.inc({ kind });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
