import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { upload } from '../schema.ts';

export type UploadRecord = typeof upload.$inferSelect;
export type NewUpload = typeof upload.$inferInsert;

export function createUploadsRepository(db: Database) {
  return {
    async add(record: NewUpload): Promise<UploadRecord> {
      const [row] = await db.insert(upload).values(record).returning();
      return row!;
    },
    /** Only the owner's uploads are ever found: another user's id reads as missing. */
    async findOwned(userId: string, id: string): Promise<UploadRecord | undefined> {
      const rows = await db.select().from(upload).where(and(eq(upload.id, id), eq(upload.userId, userId))).limit(1);
      return rows[0];
    },
    async findOwnedByKey(userId: string, storageKey: string): Promise<UploadRecord | undefined> {
      const rows = await db.select().from(upload).where(and(eq(upload.storageKey, storageKey), eq(upload.userId, userId))).limit(1);
      return rows[0];
    },
    /** Which of these storage keys are uploads: files the user put in, which only the user removes. */
    async uploadedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ key: upload.storageKey }).from(upload).where(inArray(upload.storageKey, keys));
      return new Set(rows.map((row) => row.key));
    },
    /** Removes the owner's record of a file; false when there was none. */
    async removeOwnedByKey(userId: string, storageKey: string): Promise<boolean> {
      const rows = await db.delete(upload).where(and(eq(upload.storageKey, storageKey), eq(upload.userId, userId))).returning({ id: upload.id });
      return rows.length === 1;
    },
    async listForUser(userId: string): Promise<UploadRecord[]> {
      return db.select().from(upload).where(eq(upload.userId, userId));
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
