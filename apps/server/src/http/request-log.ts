import { Writable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../providers/metrics/metrics.ts';
import { redactSecrets } from '../redact.ts';

/** The request's log line: what was asked, by whom, how it ended and how long it took; secrets cut from the URL. */
export function logRequest(request: FastifyRequest, reply: FastifyReply): void {
  request.log.info(
    { method: request.method, url: redactSecrets(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime), ip: request.ip },
    'request',
  );
}

/**
 * One line per request, written when the answer has gone out. Bodies are never logged (they carry passwords, scripts
 * and files).
 */
export function registerRequestLog(app: FastifyInstance, metrics?: Pick<Metrics, 'observeRequest'>): void {
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, so /api/jobs/:id is one series however many jobs there are.
    metrics?.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    logRequest(request, reply);
  });
}

const levelNames: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** A pino JSON line as a person reads it in a terminal: time, level, then the request or the message. */
export function prettyLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 19) : '';
  const level = (levelNames[entry.level as number] ?? 'INFO').padEnd(5);
  const request = typeof entry.method === 'string' ? `${entry.method} ${String(entry.url)} ${String(entry.status)} ${String(entry.ms)} ms` : '';
  const message = entry.msg === 'request' && request ? request : [String(entry.msg ?? ''), request].filter(Boolean).join(' ');
  const error = entry.err && typeof entry.err === 'object' ? `\n${String((entry.err as { stack?: unknown }).stack ?? '')}` : '';
  return `${time} ${level} ${message}${error}`;
}

/**
 * Where the log goes: JSON lines for machines, or the pretty form when a person watches the terminal. Every line is
 * redacted on its way out, so a secret in a message, an error's stack or a job's log never reaches the log either.
 */
export function logDestination(output: NodeJS.WriteStream = process.stdout): NodeJS.WritableStream {
  const pretty = output.isTTY;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = redactSecrets(chunk.toString());
      output.write(pretty ? text.split('\n').filter(Boolean).map((line) => `${prettyLogLine(line)}\n`).join('') : text);
      // Not waiting for the terminal: a line written just before the process exits still goes out.
      done();
    },
  });
}
