import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { businessProfile } from '../schema.ts';

export type BusinessProfileRecord = typeof businessProfile.$inferSelect;
export type BusinessProfileValues = Omit<typeof businessProfile.$inferInsert, 'userId' | 'updatedAt'>;

export function createBusinessProfilesRepository(db: Database) {
  return {
    async find(userId: string): Promise<BusinessProfileRecord | undefined> {
      const rows = await db.select().from(businessProfile).where(eq(businessProfile.userId, userId)).limit(1);
      return rows[0];
    },
    /** One profile per user: saving again replaces it. */
    async save(userId: string, values: BusinessProfileValues): Promise<BusinessProfileRecord> {
      const changes = { ...values, updatedAt: new Date() };
      const [row] = await db
        .insert(businessProfile)
        .values({ userId, ...changes })
        .onConflictDoUpdate({ target: businessProfile.userId, set: changes })
        .returning();
      return row!;
    },
  };
}

export type BusinessProfilesRepository = ReturnType<typeof createBusinessProfilesRepository>;
