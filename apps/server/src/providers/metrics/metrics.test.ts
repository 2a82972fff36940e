import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { instrumented } from './instrument.ts';
import { createMetrics } from './metrics.ts';
import { serveMetrics } from './serve.ts';

describe('provider metrics', () => {
  it('times every promise-returning method by provider, method and outcome, and counts the errors', async () => {
    const metrics = createMetrics({ defaults: false });
    const provider = instrumented(
      {
        name: 'fake' as const,
        lengths: [5, 10],
        async write(text: string) {
          return text.toUpperCase();
        },
        async fail(): Promise<never> {
          throw new Error('vendor down');
        },
        sync: () => 42,
      },
      'fake-writer',
      metrics,
    );
    expect(provider.name).toBe('fake');
    expect(provider.lengths).toEqual([5, 10]);
    expect(provider.sync()).toBe(42);
    expect(await provider.write('hi')).toBe('HI');
    await expect(provider.fail()).rejects.toThrow('vendor down');

    const text = await metrics.text();
    expect(text).toMatch(/reelsmith_provider_call_seconds_count\{provider="fake-writer",method="write",outcome="ok"\} 1/);
    expect(text).toMatch(/reelsmith_provider_call_seconds_count\{provider="fake-writer",method="fail",outcome="error"\} 1/);
    expect(text).toMatch(/reelsmith_provider_errors_total\{provider="fake-writer",method="fail"\} 1/);
    expect(text).not.toContain('method="sync"');
  });

  it('reads job counts from the table on each scrape, so every host reports the same numbers', async () => {
    let rows = [{ queue: 'render', state: 'queued', count: 3 }];
    const metrics = createMetrics({ defaults: false, jobCounts: async () => rows });
    expect(await metrics.text()).toMatch(/reelsmith_jobs\{kind="render",state="queued"\} 3/);
    rows = [{ queue: 'render', state: 'done', count: 1 }];
    const text = await metrics.text();
    expect(text).toMatch(/reelsmith_jobs\{kind="render",state="done"\} 1/);
    expect(text).not.toContain('state="queued"');
  });
});

describe('a worker metrics port', () => {
  it('serves /metrics on loopback only and nothing else', async () => {
    const metrics = createMetrics({ defaults: false });
    metrics.observeJob('render', 'done', 2);
    const server = await serveMetrics(metrics, 0);
    try {
      const address = server.address() as AddressInfo;
      expect(address.address).toBe('127.0.0.1');
      const answer = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toMatch(/reelsmith_job_run_seconds_count\{kind="render",outcome="done"\} 1/);
      expect((await fetch(`http://127.0.0.1:${address.port}/`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
