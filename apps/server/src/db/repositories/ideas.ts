import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { idea } from '../schema.ts';
import { firstBrandOf } from './brands.ts';

export type IdeaRecord = typeof idea.$inferSelect;

export function createIdeasRepository(db: Database) {
  return {
    /** A batch is written in one statement, so a failure leaves no half batch behind. */
    async addBatch(userId: string, brandId: string, batchId: string, drafts: Array<{ id: string; title: string; scriptPrompt: string }>): Promise<IdeaRecord[]> {
      const createdAt = new Date();
      const rows = drafts.map((draft, position) => ({ ...draft, userId, brandId, batchId, position, createdAt }));
      const inserted = await db.insert(idea).values(rows).returning();
      return inserted.sort((a, b) => a.position - b.position);
    },
    /** One brand's ideas, the newest batch first, each batch in the order it was written. */
    async listRecent(userId: string, brandId: string, limit: number): Promise<IdeaRecord[]> {
      return db
        .select()
        .from(idea)
        .where(and(eq(idea.userId, userId), sql`coalesce(${idea.brandId}, ${firstBrandOf(userId)}) = ${brandId}`))
        .orderBy(desc(idea.createdAt), desc(idea.batchId), asc(idea.position))
        .limit(limit);
    },
    /** Only the owner's ideas are ever found: another user's id reads as missing. */
    async findOwned(userId: string, id: string): Promise<IdeaRecord | undefined> {
      const rows = await db.select().from(idea).where(and(eq(idea.id, id), eq(idea.userId, userId))).limit(1);
      return rows[0];
    },
  };
}

export type IdeasRepository = ReturnType<typeof createIdeasRepository>;
