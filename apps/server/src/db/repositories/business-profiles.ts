import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { businessProfile } from '../schema.ts';

export type BusinessProfileRecord = typeof businessProfile.$inferSelect;
export type BusinessProfileValues = Omit<typeof businessProfile.$inferInsert, 'userId' | 'brandId' | 'updatedAt'>;

/** One profile per brand; the caller names a brand it found among the user's own. */
export function createBusinessProfilesRepository(db: Database) {
  return {
    async find(brandId: string): Promise<BusinessProfileRecord | undefined> {
      const rows = await db.select().from(businessProfile).where(eq(businessProfile.brandId, brandId)).limit(1);
      return rows[0];
    },
    /** Saving again replaces the brand's profile. */
    async save(userId: string, brandId: string, values: BusinessProfileValues): Promise<BusinessProfileRecord> {
      const changes = { ...values, updatedAt: new Date() };
      const [row] = await db
        .insert(businessProfile)
        .values({ userId, brandId, ...changes })
        .onConflictDoUpdate({ target: businessProfile.brandId, set: changes })
        .returning();
      return row!;
    },
  };
}

export type BusinessProfilesRepository = ReturnType<typeof createBusinessProfilesRepository>;
