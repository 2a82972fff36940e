import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';

/** pg-boss's tables live in this schema of the app's database. */
export const bossSchema = 'pgboss';

/**
 * pg-boss on the app's own database: PGlite through its single connection, PostgreSQL through the pool.
 *
 * pg-boss completes and fails jobs without awaiting the result (pg-boss#577), so a worker that ends while the queue
 * stops can write after stop() returned, into a database its owner closes next: an unhandled rejection ("Cannot use a
 * pool after calling end on the pool"). stop() therefore waits for pg-boss's statements in flight, and a statement
 * pg-boss sends after it never reaches the database (it never settles either, so nobody is told of a failure). Such a
 * job stays active in pg-boss until it expires, and the queue's reaper hands it on, as for a worker that died.
 */
export function createBoss(database: DatabaseHandle, onError: (error: Error) => void): PgBoss {
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  const executeSql = (text: string, values?: unknown[]) => {
    if (stopped) return new Promise<never>(() => undefined);
    const statement = database.executeSql(text, values);
    inFlight.add(statement);
    statement.then(
      () => inFlight.delete(statement),
      () => inFlight.delete(statement),
    );
    return statement;
  };
  const boss = new PgBoss({
    db: { executeSql },
    schema: bossSchema,
    // Maintenance runs in every process; on PGlite there is only one, on PostgreSQL pg-boss coordinates them.
    supervise: true,
    maintenanceIntervalSeconds: 30,
    schedule: false,
  });
  const start = boss.start.bind(boss);
  const stop = boss.stop.bind(boss);
  boss.start = () => {
    stopped = false;
    return start();
  };
  boss.stop = async (options) => {
    await stop(options);
    stopped = true;
    await Promise.allSettled([...inFlight]);
  };
  boss.on('error', onError);
  return boss;
}
