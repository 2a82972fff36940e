import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { project } from '../schema.ts';
import { createProjectsRepository } from './projects.ts';
import { createSubscriptionsRepository } from './subscriptions.ts';

/** counted: the first final video of the project took a credit; again: a re-render, already counted. */
export type FinalVideoOutcome = 'counted' | 'again' | 'no-credit' | 'missing';

export function createFinalVideosRepository(db: Database) {
  return {
    /**
     * Records a rendered final video. In one transaction, with the project row locked: the project's first final
     * video takes one video credit (only if one is left) and sets completedAt; later renders of the same project
     * only replace the keys. So a retried job, a re-render or two renders finishing together count one credit.
     */
    async complete(userId: string, projectId: string, keys: { finalVideoKey: string; posterKey: string }): Promise<FinalVideoOutcome> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ completedAt: project.completedAt })
          .from(project)
          .where(and(eq(project.id, projectId), eq(project.userId, userId)))
          .for('update');
        if (!row) return 'missing';
        const first = row.completedAt === null;
        if (first && !(await createSubscriptionsRepository(tx).consume(userId, 'videos'))) return 'no-credit';
        await createProjectsRepository(tx).update(userId, projectId, { ...keys, completedAt: row.completedAt ?? new Date() });
        return first ? 'counted' : 'again';
      });
    },
  };
}

export type FinalVideosRepository = ReturnType<typeof createFinalVideosRepository>;
