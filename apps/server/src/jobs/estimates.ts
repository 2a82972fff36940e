import type { JobEstimate } from '@reelsmith/contracts';
import type { JobStatusRecord, JobStatusRepository } from '../db/repositories/job-status.ts';
import type { AnyJobDefinition } from './types.ts';

/** One finished job's whole wait, queued to done, and its size (null where size does not matter). */
export interface MeasuredWait {
  seconds: number;
  size: number | null;
}

/**
 * The finished jobs an estimate reads: recent, so it follows a change of machine or vendor; and enough that the
 * median is not moved by a few odd ones (a job that waited out a retry, or a vendor's bad minute).
 */
export const measuredJobs = 20;
/** Fewer finished jobs of one size than this, and their rate per unit of size across all sizes is trusted more. */
const enoughOfOneSize = 3;
/** A kind that names no typical wait of its own. */
const defaultTypicalSeconds = 60;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The wait to expect for a job of this size: the median of the recent jobs of the same size; with too few of those,
 * the median time per unit of size of all recent jobs, times this size; with none at all, the kind's typical wait.
 */
export function expectedSeconds(waits: MeasuredWait[], size: number | null, typicalSeconds: number): number {
  const same = waits.filter((wait) => wait.size === size).map((wait) => wait.seconds);
  if (same.length >= enoughOfOneSize || (size === null && same.length > 0)) return Math.max(1, Math.ceil(median(same)));
  const rates = waits.flatMap((wait) => (wait.size ? [wait.seconds / wait.size] : []));
  if (size !== null && rates.length > 0) return Math.max(1, Math.ceil(median(rates) * size));
  return typicalSeconds;
}

/** The estimate of a job a page waits on, from this server's own finished jobs of its kind. */
export function createJobEstimates(statuses: JobStatusRepository, definitions: ReadonlyMap<string, AnyJobDefinition>) {
  return async function estimate(record: JobStatusRecord, now = Date.now()): Promise<JobEstimate> {
    const typical = definitions.get(record.queue)?.typicalSeconds?.(record.size) ?? defaultTypicalSeconds;
    const waits = await statuses.recentDurations(record.queue, measuredJobs);
    return {
      expected_seconds: expectedSeconds(waits, record.size, typical),
      elapsed_seconds: Math.max(0, Math.round((now - record.createdAt.getTime()) / 1000)),
    };
  };
}
