import type { FastifyInstance } from 'fastify';
import type { RateLimitsRepository } from '../db/repositories/rate-limits.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** What the plugin really passes to child(): its merged options with the route under `routeInfo` (its .d.ts says otherwise). */
type ChildParams = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * @fastify/rate-limit's store interface over the rate_limit table, so every API process counts the same requests.
 * The plugin makes one child per limited route; each child prefixes its keys with the route, as the plugin's own
 * Redis store does. Fixed windows only: the limits here (auth attempts, resends, page views) need no back-off.
 */
export function databaseRateLimitStore(repository: RateLimitsRepository) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    // The plugin constructs the root store with its global options; children are made here with their route's prefix.
    constructor(prefix: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'global:';
    }

    incr(key: string, done: Callback, timeWindow: number): void {
      repository.hit(this.prefix + key, timeWindow).then(
        ({ count, resetMs }) => done(null, { current: count, ttl: resetMs }),
        (error: Error) => done(error),
      );
    }

    read(key: string, done: Callback, timeWindow: number): void {
      repository.read(this.prefix + key, timeWindow).then(
        ({ count, resetMs }) => done(null, { current: count, ttl: resetMs }),
        (error: Error) => done(error),
      );
    }

    child(params: object): DatabaseRateLimitStore {
      const route = (params as ChildParams).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(`${method} ${route?.url ?? ''}:`);
    }
  };
}

/** Every limit's window is at most a day: older counters only take space. Runs while the app runs. */
export function purgeRateLimitsWhileOpen(app: FastifyInstance, repository: RateLimitsRepository, everyMs = 15 * 60_000): void {
  const day = 24 * 60 * 60_000;
  const timer = setInterval(() => {
    repository.purgeOlderThan(new Date(Date.now() - day)).catch((error: Error) => app.log.error(`rate limit purge failed: ${error.message}`));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
