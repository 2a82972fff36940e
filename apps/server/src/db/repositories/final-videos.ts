import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { project } from '../schema.ts';

export function createFinalVideosRepository(db: Database) {
  return {
    /**
     * Records a rendered final video: its keys, the project's completion (kept from the first one) and, in the
     * document's `finalAudioKey`, the voiceover it was made with, which decides whether a re-render is free. False
     * when the project is gone.
     */
    async complete(userId: string, projectId: string, keys: { finalVideoKey: string; posterKey: string }, audioKey: string | null): Promise<boolean> {
      const rows = await db
        .update(project)
        .set({
          ...keys,
          completedAt: sql`coalesce(${project.completedAt}, now())`,
          composition: sql`${project.composition} || jsonb_build_object('finalAudioKey', ${audioKey}::text)`,
          updatedAt: new Date(),
        })
        .where(and(eq(project.id, projectId), eq(project.userId, userId)))
        .returning({ id: project.id });
      return rows.length === 1;
    },
  };
}

export type FinalVideosRepository = ReturnType<typeof createFinalVideosRepository>;
