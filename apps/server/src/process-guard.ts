import { isDatabaseFault } from './db/retry.ts';
import type { Logger } from './compose.ts';

/**
 * pg-boss completes and fails jobs without awaiting the result (pg-boss#577): while the database refuses connections,
 * those promises reject with nobody listening, and Node ends the process on an unhandled rejection, taking every
 * request and job of the process with it. A database fault there concerns one job, which pg-boss's expiry and the
 * queue's reaper hand on again, so it is logged and the process goes on. Anything else is a bug: it still ends the
 * process, as Node would.
 */
export function keepRunningThroughDatabaseFaults(log: Pick<Logger, 'error'>, exit: (code: number) => void = (code) => process.exit(code)): (reason: unknown) => void {
  const onRejection = (reason: unknown) => {
    if (isDatabaseFault(reason)) {
      log.error(`database fault outside any request or job: ${reason instanceof Error ? reason.message : String(reason)}`);
      return;
    }
    console.error('Unhandled rejection:', reason);
    exit(1);
  };
  process.on('unhandledRejection', onRejection);
  return onRejection;
}
