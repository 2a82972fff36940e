import { scriptTexts } from '@reelsmith/contracts';
import { z } from 'zod';
import type { ObjectStorage } from '../providers/storage/types.ts';
import { TranscriberError, type Transcriber } from '../providers/transcriber/index.ts';
import { isReadableBy, storageKeySchema } from './stored-composition.ts';
import { defineJob, PermanentJobError } from './types.ts';

export const transcribeJobPayload = z.object({
  key: storageKeySchema,
  /** Only this many seconds from the start are listened to. */
  maxSeconds: z.number().positive(),
});
export type TranscribeJobPayload = z.infer<typeof transcribeJobPayload>;

const word = z.object({ text: z.string(), start: z.number(), end: z.number() });
export const transcriptResult = z.object({ text: z.string(), words: z.array(word) });

/**
 * Speech to text of a stored file (the user's own or the library's). A request waits for it, so a failure is the
 * transcription message at once, its detail in the log, as when the request listened itself; only an interrupted
 * job (a lost worker, a shutdown) runs again.
 */
export function createTranscribeJob(deps: { transcriber: Transcriber; storage: ObjectStorage; logError(line: string): void }) {
  return defineJob({
    name: 'transcribe-media',
    payload: transcribeJobPayload,
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 15 * 60,
    failureMessage: scriptTexts.transcriptionFailed,
    async handler(payload, context) {
      if (!isReadableBy(context.userId, payload.key) || !(await deps.storage.stat(payload.key))) throw new PermanentJobError(scriptTexts.transcriptionFailed);
      const path = await deps.storage.localPath(payload.key);
      try {
        const { text, words } = await deps.transcriber.transcribe(path, { maxSeconds: payload.maxSeconds, signal: context.signal });
        return { text, words };
      } catch (error) {
        if (context.signal.aborted || !(error instanceof TranscriberError)) throw error;
        deps.logError(`transcription of ${payload.key} failed: ${error.detail}`);
        throw new PermanentJobError(scriptTexts.transcriptionFailed);
      }
    },
  });
}

export type TranscribeJob = ReturnType<typeof createTranscribeJob>;
