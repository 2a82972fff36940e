import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { jobStatus } from '../schema.ts';

export type JobStatusRecord = typeof jobStatus.$inferSelect;
export type JobState = JobStatusRecord['state'];

export function createJobStatusRepository(db: Database) {
  return {
    /** Inserts the row unless the same user already started this queue with this key; returns the row that counts. */
    async createOnce(row: { id: string; userId: string; queue: string; idempotencyKey: string }): Promise<{ record: JobStatusRecord; created: boolean }> {
      const inserted = await db.insert(jobStatus).values(row).onConflictDoNothing().returning();
      if (inserted[0]) return { record: inserted[0], created: true };
      const [existing] = await db
        .select()
        .from(jobStatus)
        .where(and(eq(jobStatus.userId, row.userId), eq(jobStatus.queue, row.queue), eq(jobStatus.idempotencyKey, row.idempotencyKey)));
      return { record: existing!, created: false };
    },
    async remove(id: string): Promise<void> {
      await db.delete(jobStatus).where(eq(jobStatus.id, id));
    },
    async find(id: string): Promise<JobStatusRecord | undefined> {
      const rows = await db.select().from(jobStatus).where(eq(jobStatus.id, id)).limit(1);
      return rows[0];
    },
    async findOwned(userId: string, id: string): Promise<JobStatusRecord | undefined> {
      const rows = await db.select().from(jobStatus).where(and(eq(jobStatus.id, id), eq(jobStatus.userId, userId))).limit(1);
      return rows[0];
    },
    /** Claims the job for one attempt; a cancelled or finished job is not claimed. */
    async claim(id: string): Promise<JobStatusRecord | undefined> {
      const rows = await db
        .update(jobStatus)
        .set({ state: 'processing', attempt: sql`${jobStatus.attempt} + 1`, heartbeatAt: new Date(), error: null, updatedAt: new Date() })
        .where(and(eq(jobStatus.id, id), sql`${jobStatus.state} in ('queued', 'processing')`))
        .returning();
      return rows[0];
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
    async cancel(id: string): Promise<boolean> {
      const rows = await db
        .update(jobStatus)
        .set({ state: 'cancelled', updatedAt: new Date() })
        .where(and(eq(jobStatus.id, id), sql`${jobStatus.state} in ('queued', 'processing')`))
        .returning({ id: jobStatus.id });
      return rows.length === 1;
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
  };
}

export type JobStatusRepository = ReturnType<typeof createJobStatusRepository>;
