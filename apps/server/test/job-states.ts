import { setTimeout as sleep } from 'node:timers/promises';
import type { Repositories } from '../src/db/repositories/index.ts';

/** The job's status row once it reaches one of `states`; throws, naming the state it is stuck in, after `timeoutMs`. */
export async function waitForState(repositories: Repositories, id: string, states: string[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = await repositories.jobStatus.find(id);
    if (record && states.includes(record.state)) return record;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${record?.state} after ${timeoutMs} ms`);
    await sleep(100);
  }
}
