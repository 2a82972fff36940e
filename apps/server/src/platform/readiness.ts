import type { ReadinessResponse } from '@reelsmith/contracts';
import type { DatabaseHandle } from '../db/client.ts';
import type { ObjectStorage } from '../providers/storage/types.ts';

type Check = ReadinessResponse['checks']['database'];

/** Each check gets this long: a readiness probe that hangs is worse than one that says no. */
const checkTimeoutMs = 3000;

async function timed(work: () => Promise<Check>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${checkTimeoutMs} ms` }), checkTimeoutMs);
  });
  try {
    return await Promise.race([work().catch((error: Error) => ({ ok: false, detail: error.message })), tooSlow]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this host can serve: the database answers, the bucket (or data folder) answers, and the schema is the one
 * this build expects, so a host started before its migrations ran is not given traffic.
 */
export function createReadiness(deps: { database: Pick<DatabaseHandle, 'ping' | 'pendingMigrations'>; storage: Pick<ObjectStorage, 'stat'> }) {
  return async (): Promise<ReadinessResponse> => {
    const [database, storage, migrations] = await Promise.all([
      timed(async () => {
        await deps.database.ping();
        return { ok: true };
      }),
      // A key that never exists: the answer (null) proves the store is reachable without writing to it.
      timed(async () => {
        await deps.storage.stat('system/readiness-probe');
        return { ok: true };
      }),
      timed(async () => {
        const pending = await deps.database.pendingMigrations();
        return pending === 0 ? { ok: true } : { ok: false, detail: `${pending} migration(s) not applied` };
      }),
    ]);
    const ready = database.ok && storage.ok && migrations.ok;
    return { status: ready ? 'ready' : 'not ready', checks: { database, storage, migrations } };
  };
}
