import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { project } from '../schema.ts';

export interface FinalVideoKeys {
  finalVideoKey: string;
  posterKey: string;
}

/** `db` may be a transaction: the final render completes its project in the one that marks its job done. */
export function createFinalVideosRepository(db: Database) {
  return {
    /**
     * Records a rendered final video: its keys, the project's completion (kept from the first one) and, in the
     * document's `finalAudioKey`, the voiceover it was made with, which decides whether a re-render is free. Answers
     * the keys it replaced (null fields when there were none), or null when the project is gone.
     */
    async complete(userId: string, projectId: string, keys: FinalVideoKeys, audioKey: string | null): Promise<{ [K in keyof FinalVideoKeys]: string | null } | null> {
      const [before] = await db
        .select({ finalVideoKey: project.finalVideoKey, posterKey: project.posterKey })
        .from(project)
        .where(and(eq(project.id, projectId), eq(project.userId, userId)))
        .for('update');
      if (!before) return null;
      await db
        .update(project)
        .set({
          ...keys,
          completedAt: sql`coalesce(${project.completedAt}, now())`,
          composition: sql`${project.composition} || jsonb_build_object('finalAudioKey', ${audioKey}::text)`,
          updatedAt: new Date(),
        })
        .where(and(eq(project.id, projectId), eq(project.userId, userId)));
      return before;
    },
  };
}

export type FinalVideosRepository = ReturnType<typeof createFinalVideosRepository>;
