import { and, count, desc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { jobStatus, user } from '../schema.ts';

export type JobStatusRecord = typeof jobStatus.$inferSelect;
export type JobState = JobStatusRecord['state'];

/** A job's owner; null owns only system jobs, so no user's id ever matches one. */
const ownedBy = (userId: string | null) => (userId === null ? isNull(jobStatus.userId) : eq(jobStatus.userId, userId));
const settled = sql`${jobStatus.state} in ('done', 'error', 'cancelled')`;

async function claimAttempt(tx: Pick<Database, 'update'>, id: string): Promise<JobStatusRecord | undefined> {
  const rows = await tx
    .update(jobStatus)
    .set({ state: 'processing', attempt: sql`${jobStatus.attempt} + 1`, heartbeatAt: new Date(), error: null, updatedAt: new Date() })
    .where(and(eq(jobStatus.id, id), sql`${jobStatus.state} in ('queued', 'processing')`))
    .returning();
  return rows[0];
}

export function createJobStatusRepository(db: Database) {
  return {
    /** Inserts the row unless the same owner already started this queue with this key; returns the row that counts. */
    async createOnce(row: { id: string; userId: string | null; queue: string; idempotencyKey: string; requestId?: string | null; size?: number | null }): Promise<{ record: JobStatusRecord; created: boolean }> {
      const inserted = await db.insert(jobStatus).values(row).onConflictDoNothing().returning();
      if (inserted[0]) return { record: inserted[0], created: true };
      const [existing] = await db
        .select()
        .from(jobStatus)
        .where(and(ownedBy(row.userId), eq(jobStatus.queue, row.queue), eq(jobStatus.idempotencyKey, row.idempotencyKey)));
      return { record: existing!, created: false };
    },
    async remove(id: string): Promise<void> {
      await db.delete(jobStatus).where(eq(jobStatus.id, id));
    },
    async find(id: string): Promise<JobStatusRecord | undefined> {
      const rows = await db.select().from(jobStatus).where(eq(jobStatus.id, id)).limit(1);
      return rows[0];
    },
    async findOwned(userId: string | null, id: string): Promise<JobStatusRecord | undefined> {
      const rows = await db.select().from(jobStatus).where(and(eq(jobStatus.id, id), ownedBy(userId))).limit(1);
      return rows[0];
    },
    /** Deletes a finished system job, so its key can start the job anew; false when it is not finished (or not one). */
    async removeSettledSystem(id: string): Promise<boolean> {
      const rows = await db.delete(jobStatus).where(and(eq(jobStatus.id, id), isNull(jobStatus.userId), settled)).returning({ id: jobStatus.id });
      return rows.length === 1;
    },
    /**
     * Claims the job for one attempt; a cancelled or finished job is not claimed. With `perUser`, only while the
     * user has fewer jobs of this queue running: 'wait' says the job must wait its turn. The user's row is locked
     * for the count, so two workers cannot both take the last place. A system job has no user and no such limit.
     */
    async claim(id: string, perUser?: number): Promise<JobStatusRecord | 'wait' | undefined> {
      return db.transaction(async (tx) => {
        if (perUser !== undefined) {
          const [row] = await tx.select({ userId: jobStatus.userId, queue: jobStatus.queue }).from(jobStatus).where(eq(jobStatus.id, id));
          if (!row) return undefined;
          if (row.userId === null) return claimAttempt(tx, id);
          await tx.select({ id: user.id }).from(user).where(eq(user.id, row.userId)).for('update');
          const [running] = await tx
            .select({ count: count() })
            .from(jobStatus)
            .where(and(eq(jobStatus.userId, row.userId), eq(jobStatus.queue, row.queue), eq(jobStatus.state, 'processing'), ne(jobStatus.id, id)));
          if (running!.count >= perUser) return 'wait';
        }
        return claimAttempt(tx, id);
      });
    },
    /** The user's queued and running jobs. */
    async liveOf(userId: string): Promise<JobStatusRecord[]> {
      return db.select().from(jobStatus).where(and(eq(jobStatus.userId, userId), sql`${jobStatus.state} in ('queued', 'processing')`));
    },
    /** The ids of every job the user ever started. */
    async idsOf(userId: string): Promise<string[]> {
      return (await db.select({ id: jobStatus.id }).from(jobStatus).where(eq(jobStatus.userId, userId))).map((row) => row.id);
    },
    /** How many of the user's jobs of this queue are running now. */
    async countRunning(userId: string, queue: string): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(jobStatus)
        .where(and(eq(jobStatus.userId, userId), eq(jobStatus.queue, queue), eq(jobStatus.state, 'processing')));
      return row!.count;
    },
    /** How many of the user's jobs of this queue are waiting or running now. */
    async countLive(userId: string, queue: string): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(jobStatus)
        .where(and(eq(jobStatus.userId, userId), eq(jobStatus.queue, queue), sql`${jobStatus.state} in ('queued', 'processing')`));
      return row!.count;
    },
    /** How many of the user's jobs of this queue started since then and did not fail or get cancelled. */
    async countStartedSince(userId: string, queue: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(jobStatus)
        .where(and(eq(jobStatus.userId, userId), eq(jobStatus.queue, queue), gte(jobStatus.createdAt, since), sql`${jobStatus.state} in ('queued', 'processing', 'done')`));
      return row!.count;
    },
    /**
     * How many of the user's jobs of this queue since then took this machine's work: as countStartedSince, and also
     * those the user cancelled once a worker had begun them (a cancel late in a render still cost the render).
     */
    async countWorkedSince(userId: string, queue: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(jobStatus)
        .where(
          and(
            eq(jobStatus.userId, userId),
            eq(jobStatus.queue, queue),
            gte(jobStatus.createdAt, since),
            sql`(${jobStatus.state} in ('queued', 'processing', 'done') or (${jobStatus.state} = 'cancelled' and ${jobStatus.attempt} > 0))`,
          ),
        );
      return row!.count;
    },
    /** How many jobs of this queue the user ever started, whatever became of them. */
    async countEver(userId: string, queue: string): Promise<number> {
      const [row] = await db.select({ count: count() }).from(jobStatus).where(and(eq(jobStatus.userId, userId), eq(jobStatus.queue, queue)));
      return row!.count;
    },
    /** The worker's pulse; answers the row's state so the worker learns of a cancel or of losing the job. */
    async heartbeat(id: string, attempt: number, percent: number): Promise<JobState | null> {
      const rows = await db
        .update(jobStatus)
        .set({ heartbeatAt: new Date(), percent, updatedAt: new Date() })
        .where(and(eq(jobStatus.id, id), eq(jobStatus.attempt, attempt), eq(jobStatus.state, 'processing')))
        .returning({ state: jobStatus.state });
      if (rows[0]) return rows[0].state;
      const current = await this.find(id);
      return current && current.attempt === attempt ? current.state : null;
    },
    /** Settles one attempt; a later attempt or a cancel wins over a stale worker's answer. */
    async settle(id: string, attempt: number, outcome: { state: JobState; result?: Record<string, unknown>; error?: string | null; percent?: number }): Promise<boolean> {
      const rows = await db
        .update(jobStatus)
        .set({ ...outcome, updatedAt: new Date() })
        .where(and(eq(jobStatus.id, id), eq(jobStatus.attempt, attempt), eq(jobStatus.state, 'processing')))
        .returning({ id: jobStatus.id });
      return rows.length === 1;
    },
    /**
     * Marks the attempt done with its result and runs `commit` (the job's effect on the product's records) in the
     * same transaction, the job's row locked: a cancel that comes meanwhile waits, then finds the job done; one that
     * came first wins, and nothing is written. Answers the state the row is left in and what `commit` answered.
     */
    async complete<T>(
      id: string,
      attempt: number,
      result: Record<string, unknown>,
      commit?: (tx: Database) => Promise<T>,
    ): Promise<{ state: JobState | null; committed?: T }> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ state: jobStatus.state, attempt: jobStatus.attempt }).from(jobStatus).where(eq(jobStatus.id, id)).for('update');
        if (!row || row.attempt !== attempt || row.state !== 'processing') return { state: row && row.attempt === attempt ? row.state : null };
        const committed = commit ? await commit(tx as unknown as Database) : undefined;
        await tx.update(jobStatus).set({ state: 'done', result, percent: 100, updatedAt: new Date() }).where(eq(jobStatus.id, id));
        return { state: 'done' as const, committed };
      });
    },
    async cancel(id: string): Promise<boolean> {
      const rows = await db
        .update(jobStatus)
        .set({ state: 'cancelled', updatedAt: new Date() })
        .where(and(eq(jobStatus.id, id), sql`${jobStatus.state} in ('queued', 'processing')`))
        .returning({ id: jobStatus.id });
      return rows.length === 1;
    },
    /** Cancels the job only while no worker has claimed it; false once one has (or it is settled). */
    async cancelQueued(id: string): Promise<boolean> {
      const rows = await db
        .update(jobStatus)
        .set({ state: 'cancelled', updatedAt: new Date() })
        .where(and(eq(jobStatus.id, id), eq(jobStatus.state, 'queued')))
        .returning({ id: jobStatus.id });
      return rows.length === 1;
    },
    /**
     * The whole waits (queued to done, in seconds) of the queue's latest finished jobs, newest first, with their
     * sizes: what a user waited for them is what the next one is likely to wait.
     */
    async recentDurations(queue: string, limit: number): Promise<Array<{ seconds: number; size: number | null }>> {
      return db
        .select({ seconds: sql<number>`extract(epoch from ${jobStatus.updatedAt} - ${jobStatus.createdAt})::float8`, size: jobStatus.size })
        .from(jobStatus)
        .where(and(eq(jobStatus.queue, queue), eq(jobStatus.state, 'done')))
        .orderBy(desc(jobStatus.updatedAt))
        .limit(limit);
    },
    /** How many jobs each queue has in each state, for the metrics. */
    async countsByQueueAndState(): Promise<Array<{ queue: string; state: string; count: number }>> {
      return db.select({ queue: jobStatus.queue, state: jobStatus.state, count: count() }).from(jobStatus).groupBy(jobStatus.queue, jobStatus.state);
    },
    async staleProcessing(olderThan: Date): Promise<JobStatusRecord[]> {
      return db.select().from(jobStatus).where(and(eq(jobStatus.state, 'processing'), lt(jobStatus.heartbeatAt, olderThan)));
    },
    async requeue(id: string, attempt: number): Promise<void> {
      await db
        .update(jobStatus)
        .set({ state: 'queued', updatedAt: new Date() })
        .where(and(eq(jobStatus.id, id), eq(jobStatus.attempt, attempt), eq(jobStatus.state, 'processing')));
    },
    /**
     * Puts back an attempt that a shutdown or a lost worker cut short, counting it as an interruption; past
     * `allowed` of them the job fails for good with `failure`. Answers the state it left, or null when a later
     * attempt, a cancel or another reaper got there first.
     */
    async interrupt(id: string, attempt: number, allowed: number, failure: string): Promise<JobState | null> {
      const givesUp = sql`${jobStatus.interruptions} + 1 > ${allowed}`;
      const rows = await db
        .update(jobStatus)
        .set({
          interruptions: sql`${jobStatus.interruptions} + 1`,
          state: sql`case when ${givesUp} then 'error' else 'queued' end`,
          error: sql`case when ${givesUp} then ${failure} else null end`,
          updatedAt: new Date(),
        })
        .where(and(eq(jobStatus.id, id), eq(jobStatus.attempt, attempt), eq(jobStatus.state, 'processing')))
        .returning({ state: jobStatus.state });
      return rows[0]?.state ?? null;
    },
  };
}

export type JobStatusRepository = ReturnType<typeof createJobStatusRepository>;
