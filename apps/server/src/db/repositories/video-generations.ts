import { and, count, eq, gte, isNull } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { videoGeneration } from '../schema.ts';

export type VideoGenerationRecord = typeof videoGeneration.$inferSelect;
export type GenerationOutcome = NonNullable<VideoGenerationRecord['outcome']>;
type Generator = VideoGenerationRecord['generator'];

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

    /**
     * Writes how a generation ended unless that is already known: the first of the webhook and the poll wins. Answers
     * the outcome that is kept, or null when no generation has that vendor id.
     */
    async settle(generator: Generator, vendorId: string, outcome: GenerationOutcome): Promise<GenerationOutcome | null> {
      const where = and(eq(videoGeneration.generator, generator), eq(videoGeneration.vendorId, vendorId));
      await db.update(videoGeneration).set({ outcome, settledAt: new Date() }).where(and(where, isNull(videoGeneration.outcome)));
      const rows = await db.select({ outcome: videoGeneration.outcome }).from(videoGeneration).where(where).limit(1);
      return rows[0]?.outcome ?? null;
    },

    /** How a generation ended, once the webhook or a poll has said; null before. */
    async outcome(generator: Generator, vendorId: string): Promise<GenerationOutcome | null> {
      const rows = await db
        .select({ outcome: videoGeneration.outcome })
        .from(videoGeneration)
        .where(and(eq(videoGeneration.generator, generator), eq(videoGeneration.vendorId, vendorId)))
        .limit(1);
      return rows[0]?.outcome ?? null;
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
