import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { pageView } from '../schema.ts';

export function createPageViewsRepository(db: Database) {
  return {
    async add(view: { path: string; userId: string | null; referrer: string | null }): Promise<void> {
      await db.insert(pageView).values(view);
    },
    async countForPath(path: string): Promise<number> {
      const rows = await db.select({ n: count() }).from(pageView).where(eq(pageView.path, path));
      return rows[0]?.n ?? 0;
    },
    async latest() {
      const rows = await db.select().from(pageView).orderBy(desc(pageView.id)).limit(1);
      return rows[0];
    },
  };
}

export type PageViewsRepository = ReturnType<typeof createPageViewsRepository>;
