import { and, count, eq, gte } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { videoGeneration } from '../schema.ts';

export type VideoGenerationRecord = typeof videoGeneration.$inferSelect;

export interface GenerationPlace {
  jobId: string;
  scene: number;
  segment: number;
}

export function createVideoGenerationsRepository(db: Database) {
  return {
    /** The generations a job has asked for so far, by scene and segment. */
    async forJob(jobId: string): Promise<VideoGenerationRecord[]> {
      return db.select().from(videoGeneration).where(eq(videoGeneration.jobId, jobId)).orderBy(videoGeneration.scene, videoGeneration.segment);
    },

    /**
     * Keeps the vendor's id for a place in the job. A place already taken keeps its first id (a second worker that
     * submitted too must not hide the one the first is polling); the answer is the id that is kept.
     */
    async record(place: GenerationPlace, entry: { userId: string; generator: VideoGenerationRecord['generator']; vendorId: string }): Promise<string> {
      await db.insert(videoGeneration).values({ ...place, ...entry }).onConflictDoNothing();
      const rows = await db
        .select({ vendorId: videoGeneration.vendorId })
        .from(videoGeneration)
        .where(and(eq(videoGeneration.jobId, place.jobId), eq(videoGeneration.scene, place.scene), eq(videoGeneration.segment, place.segment)));
      return rows[0]!.vendorId;
    },

    /** Generations the user was billed for since `since` (the job records only hosted vendors' generations). */
    async countVendorSince(userId: string, since: Date): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(videoGeneration)
        .where(and(eq(videoGeneration.userId, userId), gte(videoGeneration.createdAt, since)));
      return rows[0]?.n ?? 0;
    },
  };
}

export type VideoGenerationsRepository = ReturnType<typeof createVideoGenerationsRepository>;
