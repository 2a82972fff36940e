import type { QuotaKind } from '@reelsmith/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { project } from '../schema.ts';

/**
 * Credits taken for a video job that may still fail (image to video), held in the project document under
 * `creditHolds` ({ [jobId]: kind }) until the job's outcome is seen. Each statement touches only that key, and the
 * release is conditional on the hold still being there, so however many polls see a failure at once, one of them
 * gives the credit back. updatedAt is left alone: holding or settling a credit is not the user working on the project.
 */
export function createVideoCreditsRepository(db: Database) {
  const owned = (userId: string, projectId: string) => and(eq(project.id, projectId), eq(project.userId, userId));
  return {
    async hold(userId: string, projectId: string, jobId: string, kind: QuotaKind): Promise<void> {
      await db
        .update(project)
        .set({
          composition: sql`jsonb_set(${project.composition}, '{creditHolds}', coalesce(${project.composition}->'creditHolds', '{}'::jsonb) || jsonb_build_object(${jobId}::text, ${kind}::text))`,
        })
        .where(owned(userId, projectId));
    },

    async holds(userId: string, projectId: string): Promise<Record<string, QuotaKind>> {
      const rows = await db
        .select({ holds: sql<Record<string, QuotaKind> | null>`${project.composition}->'creditHolds'` })
        .from(project)
        .where(owned(userId, projectId));
      return rows[0]?.holds ?? {};
    },

    /** The user's projects that still hold a credit for some job. */
    async projectsWithHolds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: project.id })
        .from(project)
        .where(and(eq(project.userId, userId), sql`${project.composition}->'creditHolds' is not null and ${project.composition}->'creditHolds' <> '{}'::jsonb`));
      return rows.map((row) => row.id);
    },

    /** True for exactly one caller: the one whose statement removed the hold. */
    async release(userId: string, projectId: string, jobId: string): Promise<boolean> {
      const rows = await db
        .update(project)
        .set({ composition: sql`${project.composition} #- array['creditHolds', ${jobId}::text]` })
        .where(and(owned(userId, projectId), sql`${project.composition}->'creditHolds'->>${jobId}::text is not null`))
        .returning({ id: project.id });
      return rows.length === 1;
    },
  };
}

export type VideoCreditsRepository = ReturnType<typeof createVideoCreditsRepository>;
