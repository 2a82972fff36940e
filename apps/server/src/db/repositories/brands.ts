import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { brand, idea, project, userProfile } from '../schema.ts';

export type BrandRecord = typeof brand.$inferSelect;
export type BrandChanges = Partial<Pick<BrandRecord, 'name' | 'settings' | 'logoKey' | 'fontKey' | 'fontFamily'>>;

/** Postgres' unique_violation: a second brand of the same name (or ordinal) for one user. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string; cause?: { code?: string } })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

/** The user's first brand, as a subquery: where what was made before the user had a brand belongs. */
export const firstBrandOf = (userId: string) => sql`(select "id" from "brand" where "user_id" = ${userId} order by "ordinal" limit 1)`;

/** The user's active brand (else their first), as a subquery. */
export const activeBrandOf = (userId: string) =>
  sql<string | null>`coalesce((select b."id" from "brand" b join "user_profile" up on up."active_brand_id" = b."id" where up."user_id" = ${userId} and b."user_id" = ${userId}), ${firstBrandOf(userId)})`;

export function createBrandsRepository(db: Database) {
  return {
    /** The user's brands in the order they were made, each with how many projects belong to it. */
    async list(userId: string): Promise<Array<BrandRecord & { projectCount: number }>> {
      const rows = await db
        .select({ brand, projectCount: sql<number>`(select count(*) from "project" p where p."brand_id" = "brand"."id")::int` })
        .from(brand)
        .where(eq(brand.userId, userId))
        .orderBy(asc(brand.ordinal));
      return rows.map((r) => ({ ...r.brand, projectCount: Number(r.projectCount) }));
    },
    /** Only the owner's brands are ever found: another user's id reads as missing. */
    async findOwned(userId: string, id: string): Promise<BrandRecord | undefined> {
      const rows = await db.select().from(brand).where(and(eq(brand.id, id), eq(brand.userId, userId))).limit(1);
      return rows[0];
    },
    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(brand).where(eq(brand.userId, userId));
      return Number(row?.n ?? 0);
    },
    /** The user's first brand, made with these values when there is none yet (two callers at once make one). */
    async ensureFirst(userId: string, values: { name: string; settings: Record<string, unknown> }): Promise<BrandRecord> {
      await db.insert(brand).values({ id: randomUUID(), userId, ordinal: 0, ...values }).onConflictDoNothing();
      const rows = await db.select().from(brand).where(eq(brand.userId, userId)).orderBy(asc(brand.ordinal)).limit(1);
      return rows[0]!;
    },
    /** A brand after the user's others; the caller holds the user's lock, so the count it checked still holds. */
    async create(userId: string, values: { name: string; settings: Record<string, unknown> }): Promise<BrandRecord> {
      const [row] = await db
        .insert(brand)
        .values({ id: randomUUID(), userId, ...values, ordinal: sql`(select coalesce(max(${brand.ordinal}), -1) + 1 from ${brand} where ${brand.userId} = ${userId})` })
        .returning();
      return row!;
    },
    async update(userId: string, id: string, changes: BrandChanges): Promise<BrandRecord | undefined> {
      const rows = await db
        .update(brand)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(brand.id, id), eq(brand.userId, userId)))
        .returning();
      return rows[0];
    },
    /**
     * Deletes the brand after moving its projects to the user's first remaining brand, and makes that one active if
     * the deleted one was; all or nothing. Answers undefined when the brand is not the user's or is their only one.
     */
    async remove(userId: string, id: string): Promise<{ movedTo: string; movedProjects: number } | undefined> {
      return db.transaction(async (tx) => {
        const [target] = await tx.select().from(brand).where(and(eq(brand.id, id), eq(brand.userId, userId))).for('update');
        if (!target) return undefined;
        const [heir] = await tx.select().from(brand).where(and(eq(brand.userId, userId), ne(brand.id, id))).orderBy(asc(brand.ordinal)).limit(1);
        if (!heir) return undefined;
        const moved = await tx.update(project).set({ brandId: heir.id }).where(and(eq(project.userId, userId), eq(project.brandId, id))).returning({ id: project.id });
        await tx.update(idea).set({ brandId: heir.id }).where(and(eq(idea.userId, userId), eq(idea.brandId, id)));
        await tx.update(userProfile).set({ activeBrandId: heir.id }).where(and(eq(userProfile.userId, userId), eq(userProfile.activeBrandId, id)));
        await tx.delete(brand).where(eq(brand.id, id));
        return { movedTo: heir.id, movedProjects: moved.length };
      });
    },
    async activeId(userId: string): Promise<string | null> {
      const rows = await db.select({ id: userProfile.activeBrandId }).from(userProfile).where(eq(userProfile.userId, userId)).limit(1);
      return rows[0]?.id ?? null;
    },
    async setActive(userId: string, id: string): Promise<void> {
      await db.update(userProfile).set({ activeBrandId: id }).where(eq(userProfile.userId, userId));
    },
    /** The brand a project is rendered with: its own, else (a project made before the user had one) the user's first. */
    async ofProject(userId: string, projectId: string): Promise<BrandRecord | undefined> {
      const [owned] = await db
        .select({ brand })
        .from(project)
        .innerJoin(brand, and(eq(brand.id, project.brandId), eq(brand.userId, userId)))
        .where(and(eq(project.id, projectId), eq(project.userId, userId)))
        .limit(1);
      if (owned) return owned.brand;
      const rows = await db.select().from(brand).where(eq(brand.userId, userId)).orderBy(asc(brand.ordinal)).limit(1);
      return rows[0];
    },
  };
}

export type BrandsRepository = ReturnType<typeof createBrandsRepository>;
