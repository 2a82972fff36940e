import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { project } from '../schema.ts';

/** One video the Use Own Video page saved into a project (upload-and-save), under the page's item id. */
export interface OwnVideoEntry {
  id: string;
  key: string;
  size: number;
  duration: number;
}

/**
 * The project's own-video list, kept in its document (`ownVideos`). Limits on the list (count, total bytes) are
 * checked in code, so a change is a compare-and-swap: it lands only if the list is still the one the check read,
 * and two uploads racing for the last megabytes cannot both pass.
 */
export function createOwnVideosRepository(db: Database) {
  return {
    async list(userId: string, projectId: string): Promise<OwnVideoEntry[] | undefined> {
      const rows = await db
        .select({ list: sql<OwnVideoEntry[] | null>`${project.composition}->'ownVideos'` })
        .from(project)
        .where(and(eq(project.id, projectId), eq(project.userId, userId)))
        .limit(1);
      return rows[0] ? (rows[0].list ?? []) : undefined;
    },

    /** Replaces the list with `next` if it still equals `expected`; false when another change came first. */
    async replace(userId: string, projectId: string, expected: OwnVideoEntry[], next: OwnVideoEntry[]): Promise<boolean> {
      const rows = await db
        .update(project)
        .set({ composition: sql`${project.composition} || jsonb_build_object('ownVideos', ${JSON.stringify(next)}::jsonb)`, updatedAt: new Date() })
        .where(
          and(
            eq(project.id, projectId),
            eq(project.userId, userId),
            sql`coalesce(${project.composition}->'ownVideos', '[]'::jsonb) = ${JSON.stringify(expected)}::jsonb`,
          ),
        )
        .returning({ id: project.id });
      return rows.length === 1;
    },
  };
}

export type OwnVideosRepository = ReturnType<typeof createOwnVideosRepository>;
