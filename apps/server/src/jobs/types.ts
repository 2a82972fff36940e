import type { z } from 'zod';
import type { Database } from '../db/client.ts';

/** `UserId` is the owner's id; a system job (`defineSystemJob`) has none, and its context says so with null. */
export interface JobContext<UserId extends string | null = string> {
  jobId: string;
  userId: UserId;
  attempt: number;
  /** Aborted when the user cancels or the job is taken over after this worker was presumed lost. */
  signal: AbortSignal;
  progress(percent: number): void;
}

/** `PayloadInput` is what a caller may enqueue: the schema turns it into `Payload` (branded keys, say) before it is stored. */
export interface JobDefinition<
  Payload = unknown,
  Result extends Record<string, unknown> = Record<string, unknown>,
  PayloadInput = Payload,
  UserId extends string | null = string,
> {
  name: string;
  payload: z.ZodType<Payload, PayloadInput>;
  /** Retries for transient faults; permanent ones never retry, and a shutdown or a lost worker uses none. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** pg-boss's own last-resort expiry; a lost worker is normally noticed much sooner by its missing heartbeat. */
  expireInSeconds: number;
  /** Shown to the user when every attempt failed for a reason that has no message of its own. */
  failureMessage: string;
  /**
   * At least this many of the kind at once in a process that takes jobs, unless WORKER_CONCURRENCY_BY_KIND says
   * otherwise: for system work that is queued in parallel on purpose (the library's lanes).
   */
  minConcurrency?: number;
  /** How many jobs of this kind one user may have running at once (their plan's say); the others wait their turn. */
  runningPerUser?(userId: string): Promise<number>;
  /**
   * How much work the job is, in its kind's unit (seconds of video made), where that changes how long it takes: its
   * wait is then measured on finished jobs of the same size.
   */
  sizeOf?(payload: Payload): number | null;
  /** A first guess at the whole wait in seconds, for a server that has finished none of this kind yet. */
  typicalSeconds?(size: number | null): number;
  handler(payload: Payload, context: JobContext<UserId>): Promise<Result>;
  /**
   * The job's effect on the product's records, written with `tx` in the transaction that marks the job done: a cancel
   * either lands first (this never runs, and `discard` removes the output) or finds the job done. Completion and the
   * credit held for it are so decided once. A throw keeps nothing: the job fails with a PermanentJobError's message.
   * What it answers runs once that is committed (removing files the new ones replace).
   */
  commit?(tx: Database, payload: Payload, result: Result, context: JobContext<UserId>): Promise<(() => Promise<void>) | void>;
  /**
   * Removes the output of a run that finished but is not kept: the user cancelled before its commit, or the commit
   * refused it. A run that throws removes what it stored itself (on a cancel; a takeover's next attempt writes the
   * same output).
   */
  discard?(payload: Payload, result: Result, context: JobContext<UserId>): Promise<void>;
}

/** The abort reason of a job the user cancelled; a takeover or a shutdown aborts with another, and must not undo work. */
export class JobCancelledError extends Error {
  constructor() {
    super('cancelled');
  }
}

/** A failure that retrying cannot fix (bad input, a refused file): shown to the user as is, never retried. */
export class PermanentJobError extends Error {}

export function defineJob<Payload, Result extends Record<string, unknown>, PayloadInput>(
  definition: JobDefinition<Payload, Result, PayloadInput>,
): JobDefinition<Payload, Result, PayloadInput> {
  return definition;
}

/** A job the app starts for itself: enqueued with `userId: null`, never visible to a user, no per-user limit. */
export function defineSystemJob<Payload, Result extends Record<string, unknown>, PayloadInput>(
  definition: Omit<JobDefinition<Payload, Result, PayloadInput, null>, 'runningPerUser'>,
): JobDefinition<Payload, Result, PayloadInput, null> {
  return definition;
}

/** Any job of the registry; payload types differ per job, and the queue checks each with its own schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any, Record<string, unknown>, any, any>;
