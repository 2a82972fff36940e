import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';

/** pg-boss's tables live in this schema of the app's database. */
export const bossSchema = 'pgboss';

/** pg-boss on the app's own database: PGlite through its single connection, PostgreSQL through the pool. */
export function createBoss(database: DatabaseHandle, onError: (error: Error) => void): PgBoss {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: bossSchema,
    // Maintenance runs in every process; on PGlite there is only one, on PostgreSQL pg-boss coordinates them.
    supervise: true,
    maintenanceIntervalSeconds: 30,
    schedule: false,
  });
  boss.on('error', onError);
  return boss;
}
