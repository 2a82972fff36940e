import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/**
 * Failures after which the statement surely did not commit, so running it again cannot apply it twice: the server
 * could not be reached or refused the connection while starting or stopping (57P03), while the database does not
 * accept connections (55000, `ALLOW_CONNECTIONS false` during maintenance), while all its connection slots are taken
 * (53300) or for another reason before any statement (08001, 08004); it aborted the statement because it is shutting
 * down or an administrator ended the session (57P01, 57P02); or it had closed the connection before reading the
 * statement (a closed socket answers what it did not read with a reset: ECONNRESET, EPIPE; a statement's implicit
 * transaction commits only once its last message, Sync, has been read). A connection that just ends without an
 * answer ("Connection terminated unexpectedly", no code) is not among them: that statement may have committed.
 */
const notRunCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '55000',
  '53300',
  '08001',
  '08004',
]);

/**
 * Whether an error came from the database or the way to it: a SQLSTATE from the server, a socket error on the way, or
 * the driver's word that the connection ended. Such a fault belongs to the one request or job that met it.
 */
export function isDatabaseFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || notRunCodes.has(code))) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}

export const statementDidNotRun = (error: unknown) => notRunCodes.has((error as { code?: unknown } | null)?.code as string);

/** Runs `attempt` again while it fails with statementDidNotRun, up to `withinMs`; then the last error stands. */
export async function retryWhileUnreachable<T>(attempt: () => Promise<T>, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (let pause = 100; ; pause = Math.min(pause * 2, 1000)) {
    try {
      return await attempt();
    } catch (error) {
      if (!statementDidNotRun(error) || Date.now() + pause > deadline) throw error;
      await sleep(pause);
    }
  }
}

/**
 * Makes the pool ride out a database restart: its queries and checkouts wait for the server to come back (up to
 * `withinMs`) instead of failing. Without it a restart fails every request in flight, and pg-boss, which completes
 * and fails jobs without awaiting the result (pg-boss#577), ends the worker process with an unhandled rejection.
 * The callback forms are pg-pool's own internals and pass through unchanged.
 */
export function rideOutRestarts(pool: pg.Pool, withinMs: number): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) =>
    typeof args.at(-1) === 'function' ? query(...args) : retryWhileUnreachable(() => query(...args), withinMs)) as typeof pool.query;
  pool.connect = ((...args: unknown[]) =>
    typeof args.at(-1) === 'function' ? connect(...args) : retryWhileUnreachable(() => connect(...args), withinMs)) as typeof pool.connect;
}
