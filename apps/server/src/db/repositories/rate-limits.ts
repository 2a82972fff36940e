import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { rateLimit } from '../schema.ts';

export interface RateLimitHit {
  /** Requests in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

export function createRateLimitsRepository(db: Database) {
  return {
    /**
     * Counts one request in one statement: a new key or an expired window starts at 1, else the count goes up. The
     * database's clock decides the window, so hosts whose clocks differ still agree.
     */
    async hit(key: string, windowMs: number): Promise<RateLimitHit> {
      const expired = sql`${rateLimit.windowStart} + make_interval(secs => ${windowMs / 1000}) <= now()`;
      const [row] = await db
        .insert(rateLimit)
        .values({ key, count: 1, windowStart: sql`now()` })
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
            windowStart: sql`case when ${expired} then now() else ${rateLimit.windowStart} end`,
          },
        })
        .returning({ count: rateLimit.count, resetMs: sql<number>`greatest(0, extract(epoch from (${rateLimit.windowStart} + make_interval(secs => ${windowMs / 1000}) - now())) * 1000)::float8` });
      return { count: row!.count, resetMs: Number(row!.resetMs) };
    },
    /** The current window's count without counting a request (0 when the window has ended). */
    async read(key: string, windowMs: number): Promise<RateLimitHit> {
      const [row] = await db
        .select({ count: rateLimit.count, resetMs: sql<number>`extract(epoch from (${rateLimit.windowStart} + make_interval(secs => ${windowMs / 1000}) - now())) * 1000` })
        .from(rateLimit)
        .where(and(eq(rateLimit.key, key), sql`${rateLimit.windowStart} + make_interval(secs => ${windowMs / 1000}) > now()`));
      return row ? { count: row.count, resetMs: Math.max(0, Number(row.resetMs)) } : { count: 0, resetMs: 0 };
    },
    /** Drops counters whose window ended long ago, so the table holds only recent clients. */
    async purgeOlderThan(before: Date): Promise<number> {
      return (await db.delete(rateLimit).where(lt(rateLimit.windowStart, before)).returning({ key: rateLimit.key })).length;
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
