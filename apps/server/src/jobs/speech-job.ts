import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { clonedVoiceEmotions, clonedVoiceMessages, voiceNames, voiceoverMessages } from '@reelsmith/contracts';
import { z } from 'zod';
import type { MediaPort } from '../providers/media/types.ts';
import type { ObjectStorage } from '../providers/storage/types.ts';
import { changeSpeechTempo, type SpeechResult, type TtsProvider, type VoiceCloner } from '../providers/tts/index.ts';
import { isReadableBy, storageKeySchema } from './stored-composition.ts';
import { defineJob, PermanentJobError, type JobContext } from './types.ts';

const word = z.object({ text: z.string(), start: z.number(), end: z.number() });

export const speechJobPayload = z.object({
  projectId: z.string().regex(/^[a-zA-Z0-9-]{1,100}$/),
  speech: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('voice'), text: z.string().min(1), voice: z.enum(voiceNames), instructions: z.string() }),
    z.object({ kind: z.literal('cloned'), text: z.string().min(1), voiceId: z.string(), emotion: z.enum(clonedVoiceEmotions) }),
    /** The voiceover as first spoken, at another tempo. */
    z.object({ kind: z.literal('tempo'), sourceKey: storageKeySchema, duration: z.number().positive(), words: z.array(word), tempo: z.number() }),
  ]),
});
export type SpeechJobPayload = z.infer<typeof speechJobPayload>;
export type SpeechJobInput = z.input<typeof speechJobPayload>;

/** What the job stored: the project document records it, so the result is all the service needs. */
export const speechJobResult = z.object({ key: z.string(), duration: z.number(), words: z.array(word) });
export type SpeechJobResult = z.infer<typeof speechJobResult>;

/**
 * Voiceover synthesis (a named voice, the user's cloned voice, or a tempo change of the first take) into a scratch
 * file, stored under a key fixed by the job, so a job taken over from a lost worker overwrites its own output. A
 * request waits for it, so a failure is the voiceover's message at once, as it was when speech ran in the request;
 * only an interrupted job (a lost worker, a shutdown) runs again.
 */
export function createSpeechJob(deps: { tts: TtsProvider; cloner: VoiceCloner | undefined; storage: ObjectStorage; media: MediaPort; tmpDir: string }) {
  async function speak(payload: SpeechJobPayload, context: JobContext, outputPath: string): Promise<SpeechResult> {
    const { speech } = payload;
    const signal = context.signal;
    if (speech.kind === 'voice') return deps.tts.synthesize({ text: speech.text, voice: speech.voice, instructions: speech.instructions, outputPath, signal });
    if (speech.kind === 'cloned') {
      if (!deps.cloner) throw new PermanentJobError(clonedVoiceMessages.unavailable);
      return deps.cloner.synthesizeCloned({ text: speech.text, voiceId: speech.voiceId, emotion: speech.emotion, outputPath, signal });
    }
    if (!isReadableBy(context.userId, speech.sourceKey) || !(await deps.storage.stat(speech.sourceKey))) throw new PermanentJobError(voiceoverMessages.speechFailed);
    const source = { path: await deps.storage.localPath(speech.sourceKey), duration: speech.duration, words: speech.words };
    return changeSpeechTempo(deps.media, source, { tempo: speech.tempo, outputPath, signal });
  }

  return defineJob({
    name: 'synthesize-speech',
    payload: speechJobPayload,
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 15 * 60,
    failureMessage: voiceoverMessages.speechFailed,
    async handler(payload, context): Promise<SpeechJobResult> {
      await mkdir(deps.tmpDir, { recursive: true });
      const name = `${payload.projectId}-${context.jobId}.wav`;
      const scratch = join(deps.tmpDir, `voice-${context.attempt}-${name}`);
      try {
        let spoken: SpeechResult;
        try {
          spoken = await speak(payload, context, scratch);
        } catch (error) {
          if (error instanceof PermanentJobError || context.signal.aborted) throw error;
          throw new PermanentJobError(voiceoverMessages.speechFailed);
        }
        const key = `users/${context.userId}/audio/${name}`;
        await deps.storage.putFile(key, scratch, 'audio/wav');
        // A request that gave up waiting cancelled this job: nothing will ever point at the file.
        if (context.signal.aborted) {
          await deps.storage.delete(key);
          throw context.signal.reason;
        }
        return { key, duration: spoken.duration, words: spoken.words };
      } finally {
        await rm(scratch, { force: true });
      }
    },
  });
}

export type SpeechJob = ReturnType<typeof createSpeechJob>;
