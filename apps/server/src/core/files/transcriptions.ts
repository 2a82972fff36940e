import { scriptTexts } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { transcriptResult, type TranscribeJob } from '../../jobs/transcribe-job.ts';
import { waitForJob } from '../../jobs/wait.ts';
import type { Transcript } from '../../providers/transcriber/index.ts';

/** The recogniser gives up after 3 minutes; this leaves room for a queue that was busy when the request came. */
const transcriptionWaitMs = 4 * 60_000;

/** What a stored file says, heard by a transcription job on any worker while the request waits. */
export function createTranscriptions(deps: { queue: JobQueue; job: TranscribeJob; waitMs?: number; pollMs?: number }) {
  const failed = (message: string | null) => new UserFacingError(503, message ?? scriptTexts.transcriptionFailed);
  return {
    async listen(userId: string, key: string, maxSeconds: number): Promise<Transcript> {
      const job = await deps.queue.enqueue(deps.job, { key, maxSeconds }, { userId });
      let late = false;
      try {
        const result = await waitForJob(deps.queue, userId, job.id, {
          timeoutMs: deps.waitMs ?? transcriptionWaitMs,
          pollMs: deps.pollMs,
          failed: (record) => failed(record.error),
          tooSlow: () => {
            late = true;
            return failed(null);
          },
        });
        return transcriptResult.parse(result);
      } catch (error) {
        if (late) await deps.queue.cancel(userId, job.id);
        throw error;
      }
    },
  };
}

export type Transcriptions = ReturnType<typeof createTranscriptions>;
