import { maxVideoSeconds } from '@reelsmith/contracts';
import type { MediaInfo } from '@reelsmith/media';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';
import { readProjectDocument } from '../../core/project/project-document.ts';
import type { Transcriptions } from '../../core/files/transcriptions.ts';

export interface ScriptVideoDependencies {
  storage: ObjectStorage;
  signer: FileUrlSigner;
  transcriptions: Pick<Transcriptions, 'listen'>;
  probe(path: string): Promise<Pick<MediaInfo, 'duration' | 'hasAudio'>>;
}

export interface ProjectVideoFacts {
  durationSeconds: number;
  /** What is said in the video; empty when it has no audio or no speech. */
  transcript: string;
}

interface VideoFile {
  key: string;
  /** Known to hold no speech (a stock or library background), so there is nothing to listen to. */
  silent: boolean;
}

const documentOf = (record: ProjectRecord) => readProjectDocument(record.composition, record.id);

/** The video a page shows: the combined preview once a step made one, else the video the user started with. */
function shownVideoKey(record: ProjectRecord): string | null {
  return record.previewVideoKey ?? record.sourceVideoKey;
}

/** The files the script has to fit: the shown video, or else the background clips a video-first page chose. */
function videoFiles(record: ProjectRecord): VideoFile[] {
  const key = shownVideoKey(record);
  if (key) return [{ key, silent: false }];
  const background = documentOf(record).background;
  if (background?.kind !== 'clips') return [];
  return background.clips.map((clip) => ({ key: clip.key, silent: background.hasSpeech === false }));
}

/** The project's video as the script step needs it: where to watch it, how long it runs and what is said in it. */
export function createScriptVideo(deps: ScriptVideoDependencies) {
  return {
    videoUrl(record: ProjectRecord): string | null {
      const key = shownVideoKey(record);
      return key ? deps.signer.sign(key) : null;
    },

    audioUrl(record: ProjectRecord): string | null {
      const key = documentOf(record).voiceover?.key;
      return key ? deps.signer.sign(key) : null;
    },

    /**
     * Length and speech of the project's video, or null when it has none yet. Only the first 59 seconds reach the
     * final video (SPEC §9), so only they are listened to.
     */
    async describe(record: ProjectRecord): Promise<ProjectVideoFacts | null> {
      const files = videoFiles(record);
      if (files.length === 0) return null;
      let durationSeconds = 0;
      const heard: string[] = [];
      for (const file of files) {
        const path = await deps.storage.localPath(file.key);
        const info = await deps.probe(path);
        const startsAt = durationSeconds;
        durationSeconds += info.duration;
        if (!info.hasAudio || file.silent || startsAt >= maxVideoSeconds) continue;
        const { text } = await deps.transcriptions.listen(record.userId, file.key, maxVideoSeconds - startsAt);
        if (text) heard.push(text);
      }
      return { durationSeconds, transcript: heard.join(' ') };
    },
  };
}

export type ScriptVideo = ReturnType<typeof createScriptVideo>;
