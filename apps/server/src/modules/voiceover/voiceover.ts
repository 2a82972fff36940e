import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { voiceoverMessages, type ClonedVoiceEmotion, type VoiceName } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { changeSpeechTempo, type SpeechResult, type TtsProvider, type VoiceCloner } from '../../providers/tts/index.ts';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import type { FileUrlSigner } from '../../core/file-urls.ts';
import type { ProjectDocument } from '../../core/project-document.ts';
import type { WorkflowProjects } from '../../core/workflow-projects.ts';

/**
 * The voiceover step: speech from the project's script in a named voice, stored with its word timings in the project
 * document; a tempo change is always made from the voiceover as first spoken, so two changes never stack.
 */
export function createVoiceoverService(deps: { tts: TtsProvider; storage: ObjectStorage; signer: FileUrlSigner; workflow: WorkflowProjects; tmpDir: string }) {
  const { storage, workflow } = deps;

  /** Speech of a script with no letter or digit comes out empty whatever the voice, so retrying cannot help. */
  function assertSpeakable(script: string): void {
    if (!/[\p{L}\p{N}]/u.test(script)) throw new UserFacingError(400, voiceoverMessages.noWords);
  }

  async function store(userId: string, projectId: string, make: (outputPath: string) => Promise<SpeechResult>) {
    await mkdir(deps.tmpDir, { recursive: true });
    const name = `${projectId}-${randomUUID()}.wav`;
    const scratch = join(deps.tmpDir, `voice-${name}`);
    try {
      let result: SpeechResult;
      try {
        result = await make(scratch);
      } catch (error) {
        if (error instanceof UserFacingError) throw error;
        throw new UserFacingError(502, voiceoverMessages.speechFailed);
      }
      const key = `users/${userId}/audio/${name}`;
      await storage.putFile(key, scratch, 'audio/wav');
      return { key, duration: result.duration, words: result.words };
    } finally {
      await rm(scratch, { force: true });
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
  async function keep(project: ProjectRecord, script: string, spoken: Awaited<ReturnType<typeof store>>, how: { voice: string; instructions: string }) {
    const voiceover: ProjectDocument['voiceover'] = { ...spoken, ...how, tempo: 1, original: spoken };
    await recorded(spoken.key, () => workflow.save(project, { voiceover }));
    await workflow.update(project, { script });
    return { audio_url: deps.signer.sign(spoken.key), duration: spoken.duration, video_id: project.id };
  }

  return {
    async save(userId: string, request: { videoId?: string; script: string; voice: VoiceName; instructions: string }) {
      const project = await workflow.resolve(userId, request.videoId);
      assertSpeakable(request.script);
      const spoken = await store(userId, project.id, (outputPath) =>
        deps.tts.synthesize({ text: request.script, voice: request.voice, instructions: request.instructions, outputPath }),
      );
      return keep(project, request.script, spoken, { voice: request.voice, instructions: request.instructions });
    },

    /** The user's cloned voice; who may use which voice id is the caller's rule (cloned-voice.ts). */
    async saveCloned(userId: string, cloner: VoiceCloner, request: { videoId?: string; script: string; voiceId: string; emotion: ClonedVoiceEmotion }) {
      const project = await workflow.resolve(userId, request.videoId);
      assertSpeakable(request.script);
      const spoken = await store(userId, project.id, (outputPath) =>
        cloner.synthesizeCloned({ text: request.script, voiceId: request.voiceId, emotion: request.emotion, outputPath }),
      );
      return keep(project, request.script, spoken, { voice: 'cloned', instructions: request.emotion });
    },

    async adjustTempo(userId: string, request: { videoId?: string; tempo: number }) {
      const project = await workflow.resolve(userId, request.videoId);
      const current = workflow.document(project).voiceover;
      if (!current) throw new UserFacingError(409, voiceoverMessages.noVoiceover);
      const original = current.original;
      const source: SpeechResult = { path: await storage.localPath(original.key), duration: original.duration, words: original.words };
      const changed = request.tempo === 1 ? original : await store(userId, project.id, (outputPath) => changeSpeechTempo(source, { tempo: request.tempo, outputPath }));
      const save = () => workflow.save(project, { voiceover: { ...current, ...changed, tempo: request.tempo, original } });
      // Back at tempo 1 the first take is reused, and it stays whatever happens to this save.
      await (changed === original ? save() : recorded(changed.key, save));
      return { new_audio_url: deps.signer.sign(changed.key), duration: changed.duration, video_id: project.id };
    },
  };
}

export type VoiceoverService = ReturnType<typeof createVoiceoverService>;
