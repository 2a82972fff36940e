import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { project } from '../schema.ts';
import { activeBrandOf, firstBrandOf } from './brands.ts';

export type ProjectRecord = typeof project.$inferSelect;
export type NewProject = typeof project.$inferInsert;

export function createProjectsRepository(db: Database) {
  return {
    /** A new project belongs to the brand active now (else the user's first brand), unless the record names one. */
    async create(record: NewProject): Promise<ProjectRecord> {
      const brandId = record.brandId ?? activeBrandOf(record.userId);
      const [row] = await db.insert(project).values({ ...record, brandId }).returning();
      return row!;
    },
    /** Only the owner's projects are ever found: another user's id reads as missing. */
    async findOwned(userId: string, id: string): Promise<ProjectRecord | undefined> {
      const rows = await db.select().from(project).where(and(eq(project.id, id), eq(project.userId, userId))).limit(1);
      return rows[0];
    },
    /** The user's most recently touched project: what the spec's "latest" calls answer for. */
    async latestOwned(userId: string): Promise<ProjectRecord | undefined> {
      const rows = await db.select().from(project).where(eq(project.userId, userId)).orderBy(desc(project.updatedAt), desc(project.createdAt)).limit(1);
      return rows[0];
    },
    /** The user's most recently touched project of one video type whose document has `part` (the UGC pages' "latest"). */
    async latestOwnedOfType(userId: string, videoType: string, part: string): Promise<ProjectRecord | undefined> {
      const rows = await db
        .select()
        .from(project)
        .where(and(eq(project.userId, userId), eq(project.videoType, videoType), sql`${project.composition} ? ${part}`))
        .orderBy(desc(project.updatedAt), desc(project.createdAt))
        .limit(1);
      return rows[0];
    },
    /** Merges top-level document fields in one statement, so two steps saving at once never lose each other's part. */
    async mergeDocument(userId: string, id: string, patch: Record<string, unknown>): Promise<ProjectRecord | undefined> {
      const rows = await db
        .update(project)
        .set({ composition: sql`${project.composition} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
        .where(and(eq(project.id, id), eq(project.userId, userId)))
        .returning();
      return rows[0];
    },
    /**
     * Sets one scene's image or video in the document's `sceneMedia` list (made with `sceneCount` empty scenes when
     * there is none) in one statement, so saves for several scenes at once each keep theirs.
     */
    async setSceneMedia(userId: string, id: string, at: { index: number; kind: 'image' | 'video'; sceneCount: number }, item: unknown): Promise<ProjectRecord | undefined> {
      const empty = JSON.stringify(Array.from({ length: at.sceneCount }, () => ({ image: null, video: null })));
      const withList = sql`${project.composition} || jsonb_build_object('sceneMedia', coalesce(${project.composition} -> 'sceneMedia', ${empty}::jsonb))`;
      const rows = await db
        .update(project)
        .set({ composition: sql`jsonb_set(${withList}, ${`{sceneMedia,${at.index},${at.kind}}`}::text[], ${JSON.stringify(item)}::jsonb)`, updatedAt: new Date() })
        .where(and(eq(project.id, id), eq(project.userId, userId)))
        .returning();
      return rows[0];
    },
    /**
     * Writes the whole document, only if the stored one is still `expected`: a document rewritten in a newer shape
     * must not drop a part another step merged in since it was read. Undefined when it changed or the project is gone.
     */
    async replaceDocument(userId: string, id: string, expected: Record<string, unknown>, next: Record<string, unknown>): Promise<ProjectRecord | undefined> {
      const rows = await db
        .update(project)
        .set({ composition: next, updatedAt: new Date() })
        .where(and(eq(project.id, id), eq(project.userId, userId), sql`${project.composition} = ${JSON.stringify(expected)}::jsonb`))
        .returning();
      return rows[0];
    },
    async update(userId: string, id: string, changes: Partial<Omit<NewProject, 'id' | 'userId' | 'composition'>>): Promise<ProjectRecord | undefined> {
      const rows = await db
        .update(project)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(project.id, id), eq(project.userId, userId)))
        .returning();
      return rows[0];
    },
    /** Only a finished video can be deleted this way; a draft is left alone. */
    async deleteFinished(userId: string, id: string): Promise<ProjectRecord | undefined> {
      const rows = await db
        .delete(project)
        .where(and(eq(project.id, id), eq(project.userId, userId), isNotNull(project.finalVideoKey)))
        .returning();
      return rows[0];
    },
    /** Only a draft can be discarded this way; a finished video is deleted through deleteFinished. */
    async deleteUnfinished(userId: string, id: string): Promise<ProjectRecord | undefined> {
      const rows = await db.delete(project).where(and(eq(project.id, id), eq(project.userId, userId), isNull(project.finalVideoKey))).returning();
      return rows[0];
    },
    /** Projects without a final video, the most recently worked on first. */
    async listUnfinished(userId: string, limit: number, brandId?: string): Promise<ProjectRecord[]> {
      return db
        .select()
        .from(project)
        .where(and(eq(project.userId, userId), isNull(project.finalVideoKey), ofBrand(userId, brandId)))
        .orderBy(desc(project.updatedAt), desc(project.createdAt))
        .limit(limit);
    },
    /** Which of these storage keys another project of the user still names, in a column or anywhere in its document. */
    async keysNamedByOthers(userId: string, exceptId: string, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const named = await Promise.all(
        keys.map(async (key) => {
          const rows = await db
            .select({ id: project.id })
            .from(project)
            .where(
              and(
                eq(project.userId, userId),
                ne(project.id, exceptId),
                sql`(${key} in (${project.sourceVideoKey}, ${project.previewVideoKey}, ${project.finalVideoKey}, ${project.posterKey}) or strpos(${project.composition}::text, ${key}) > 0)`,
              ),
            )
            .limit(1);
          return rows.length > 0 ? key : null;
        }),
      );
      return new Set(named.filter((key): key is string => key !== null));
    },
    /**
     * Projects with a final video, the most recently finished first: only what the list shows, since the dashboard
     * asks on every visit and a project's composition document can run to many kilobytes.
     */
    async listFinished(userId: string, brandId?: string): Promise<FinishedVideoRecord[]> {
      return db
        .select(finishedVideoColumns)
        .from(project)
        .where(and(eq(project.userId, userId), isNotNull(project.finalVideoKey), ofBrand(userId, brandId)))
        .orderBy(desc(sql`coalesce(${project.completedAt}, ${project.createdAt})`), desc(project.createdAt));
    },
  };
}

/** One brand's projects (a project from before the user had a brand counts as their first brand's); all without one. */
const ofBrand = (userId: string, brandId: string | undefined) =>
  brandId === undefined ? undefined : sql`coalesce(${project.brandId}, ${firstBrandOf(userId)}) = ${brandId}`;

const finishedVideoColumns = {
  id: project.id,
  brandId: project.brandId,
  title: project.title,
  script: project.script,
  finalVideoKey: project.finalVideoKey,
  posterKey: project.posterKey,
  completedAt: project.completedAt,
  createdAt: project.createdAt,
};
export type FinishedVideoRecord = Pick<ProjectRecord, keyof typeof finishedVideoColumns>;

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
