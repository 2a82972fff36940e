import { voiceoverMessages, type ClonedVoiceEmotion, type VoiceName } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { speechJobResult, type SpeechJob, type SpeechJobInput, type SpeechJobResult } from '../../jobs/speech-job.ts';
import { waitForJob } from '../../jobs/wait.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';
import type { ProjectDocument } from '../../core/project/project-document.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

/** Longer than a worker takes for the longest script on a busy machine; the page shows its wait meanwhile. */
const speechWaitMs = 3 * 60_000;

export interface VoiceoverDependencies {
  queue: JobQueue;
  speechJob: SpeechJob;
  storage: ObjectStorage;
  signer: FileUrlSigner;
  workflow: WorkflowProjects;
  waitMs?: number;
  pollMs?: number;
}

/**
 * The voiceover step: speech from the project's script in a named voice, stored with its word timings in the project
 * document; a tempo change is always made from the voiceover as first spoken, so two changes never stack. The speech
 * itself is a job (jobs/speech-job.ts) that any worker may run; the request waits for it and records what it stored.
 */
export function createVoiceoverService(deps: VoiceoverDependencies) {
  const { storage, workflow, queue } = deps;

  /** Speech of a script with no letter or digit comes out empty whatever the voice, so retrying cannot help. */
  function assertSpeakable(script: string): void {
    if (!/[\p{L}\p{N}]/u.test(script)) throw new UserFacingError(400, voiceoverMessages.noWords);
  }

  /** A job the request stopped waiting for is cancelled, and a file it stored anyway is removed: nothing points at it. */
  async function abandon(userId: string, jobId: string): Promise<void> {
    const record = await queue.cancel(userId, jobId);
    const key = record.state === 'done' ? record.result?.key : undefined;
    if (typeof key === 'string') await storage.delete(key);
  }

  async function speak(project: ProjectRecord, speech: SpeechJobInput['speech']): Promise<SpeechJobResult> {
    const job = await queue.enqueue(deps.speechJob, { projectId: project.id, speech }, { userId: project.userId });
    let late = false;
    try {
      const result = await waitForJob(queue, project.userId, job.id, {
        timeoutMs: deps.waitMs ?? speechWaitMs,
        pollMs: deps.pollMs,
        failed: (record) => new UserFacingError(502, record.error ?? voiceoverMessages.speechFailed),
        tooSlow: () => {
          late = true;
          return new UserFacingError(502, voiceoverMessages.speechFailed);
        },
      });
      return speechJobResult.parse(result);
    } catch (error) {
      if (late) await abandon(project.userId, job.id);
      throw error;
    }
  }

  /** Speech the project cannot record is removed again: a file nothing points at would never be cleaned up. */
  async function recorded(key: string, save: () => Promise<unknown>): Promise<void> {
    try {
      await save();
    } catch (error) {
      await storage.delete(key);
      throw error;
    }
  }

  /** A new voiceover starts at tempo 1, and the script it speaks becomes the project's script. */
  async function keep(project: ProjectRecord, script: string, spoken: SpeechJobResult, how: { voice: string; instructions: string }) {
    const voiceover: ProjectDocument['voiceover'] = { ...spoken, ...how, tempo: 1, original: spoken };
    await recorded(spoken.key, () => workflow.save(project, { voiceover }));
    await workflow.update(project, { script });
    return { audio_url: deps.signer.sign(spoken.key), duration: spoken.duration, video_id: project.id };
  }

  return {
    async save(userId: string, request: { videoId?: string; script: string; voice: VoiceName; instructions: string }) {
      const project = await workflow.resolve(userId, request.videoId);
      assertSpeakable(request.script);
      const spoken = await speak(project, { kind: 'voice', text: request.script, voice: request.voice, instructions: request.instructions });
      return keep(project, request.script, spoken, { voice: request.voice, instructions: request.instructions });
    },

    /** The user's cloned voice; who may use which voice id is the caller's rule (cloned-voice.ts). */
    async saveCloned(userId: string, request: { videoId?: string; script: string; voiceId: string; emotion: ClonedVoiceEmotion }) {
      const project = await workflow.resolve(userId, request.videoId);
      assertSpeakable(request.script);
      const spoken = await speak(project, { kind: 'cloned', text: request.script, voiceId: request.voiceId, emotion: request.emotion });
      return keep(project, request.script, spoken, { voice: 'cloned', instructions: request.emotion });
    },

    async adjustTempo(userId: string, request: { videoId?: string; tempo: number }) {
      const project = await workflow.resolve(userId, request.videoId);
      const current = workflow.document(project).voiceover;
      if (!current) throw new UserFacingError(409, voiceoverMessages.noVoiceover);
      const original = current.original;
      const changed =
        request.tempo === 1
          ? original
          : await speak(project, { kind: 'tempo', sourceKey: original.key, duration: original.duration, words: original.words, tempo: request.tempo });
      const save = () => workflow.save(project, { voiceover: { ...current, ...changed, tempo: request.tempo, original } });
      // Back at tempo 1 the first take is reused, and it stays whatever happens to this save.
      await (changed === original ? save() : recorded(changed.key, save));
      return { new_audio_url: deps.signer.sign(changed.key), duration: changed.duration, video_id: project.id };
    },
  };
}

export type VoiceoverService = ReturnType<typeof createVoiceoverService>;
