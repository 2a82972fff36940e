import { PassThrough } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { prettyLogLine, registerRequestLog } from './request-log.ts';

async function loggedLines(run: (app: ReturnType<typeof Fastify>) => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const app = Fastify({ logger: { level: 'info', stream }, logController: new LogController({ disableRequestLogging: true }) });
  registerRequestLog(app);
  app.post('/api/echo', async () => ({ ok: true }));
  await run(app);
  await app.close();
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request log', () => {
  it('writes one JSON line per request, without the body and without the operator token', async () => {
    const lines = await loggedLines(async (app) => {
      await app.inject({ method: 'POST', url: '/api/echo?token=secret-operator', payload: { password: 'hunter2-secret' } });
      await app.inject({ method: 'GET', url: '/missing' });
    });
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/echo?token=[redacted]', status: 200 });
    expect(requests[1]).toMatchObject({ method: 'GET', url: '/missing', status: 404 });
    expect(typeof requests[0]!.ms).toBe('number');
    const all = JSON.stringify(lines);
    expect(all).not.toContain('hunter2-secret');
    expect(all).not.toContain('secret-operator');
  });

  it('reads as one short line in a terminal', () => {
    const line = JSON.stringify({ level: 30, time: Date.UTC(2026, 10, 23, 9, 5, 7), msg: 'request', method: 'GET', url: '/api/health', status: 200, ms: 3 });
    expect(prettyLogLine(line)).toBe('09:05:07 INFO  GET /api/health 200 3 ms');
    expect(prettyLogLine(JSON.stringify({ level: 50, time: 0, msg: 'boom', err: { stack: 'Error: boom\n    at x' } }))).toBe('00:00:00 ERROR boom\nError: boom\n    at x');
    expect(prettyLogLine('not json')).toBe('not json');
  });
});
