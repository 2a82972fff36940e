import { maxVideoSeconds, subtitleTexts, workflowMessages } from '@reelsmith/contracts';
import type { MediaInfo, Silence } from '@reelsmith/media';
import { UserFacingError } from '../../errors.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { currentOwnSound, ownVideoClip, type ProjectDocument, type TimedWord } from './project-document.ts';
import { soundSpans, type Span } from './subtitles-cues.ts';
import type { Transcriptions } from '../files/transcriptions.ts';

export type OwnSound = NonNullable<ProjectDocument['ownSound']>;

export interface OwnSoundDependencies {
  storage: ObjectStorage;
  transcriptions: Pick<Transcriptions, 'listen'>;
  probe(path: string): Promise<Pick<MediaInfo, 'duration' | 'hasAudio'>>;
  /** Where the audio of the first `seconds` of a media file is silent (ffmpeg silencedetect). */
  silences(path: string, seconds: number): Promise<Silence[]>;
  /** Where a failed silence detection's detail goes. */
  logError(line: string): void;
}

/** The sound of a user's own video (Add B-Rolls): whether it has any, and the words said in its first 59 s. */
export function createOwnSound(deps: OwnSoundDependencies) {
  async function measure(clip: { key: string }): Promise<OwnSound> {
    const info = await deps.probe(await deps.storage.localPath(clip.key));
    return { key: clip.key, duration: Math.min(info.duration, maxVideoSeconds), hasAudio: info.hasAudio };
  }

  return {
    /** The own video's sound for the final video: measured once per video; undefined when the project has a voiceover or no own video. */
    async measured(doc: ProjectDocument): Promise<OwnSound | undefined> {
      const clip = ownVideoClip(doc);
      if (!clip) return undefined;
      return currentOwnSound(doc) ?? measure(clip);
    },

    /**
     * The own sound with the words heard in it, for subtitles. A video without an audio stream has nothing to hear
     * (SPEC §8 text); one with sound but no words the recogniser is sure of has no subtitles to make.
     */
    async heard(userId: string, doc: ProjectDocument): Promise<OwnSound & { words: TimedWord[] }> {
      const clip = ownVideoClip(doc);
      if (!clip) throw new UserFacingError(400, workflowMessages.noAudio);
      const sound = currentOwnSound(doc) ?? (await measure(clip));
      if (!sound.hasAudio) throw new UserFacingError(400, workflowMessages.noAudio);
      if (sound.words) return { ...sound, words: sound.words };
      const transcript = await deps.transcriptions.listen(userId, sound.key, sound.duration);
      return { ...sound, words: transcript.words };
    },

    /**
     * Where the own video makes a sound, for captions the user wrote because nothing was heard. Silence detection
     * failing is no reason to refuse them: they are spread over the whole video instead.
     */
    async soundSpans(sound: OwnSound): Promise<Span[]> {
      const silences = await deps.silences(await deps.storage.localPath(sound.key), sound.duration).catch((error: unknown) => {
        deps.logError(`silence detection of ${sound.key} failed: ${error instanceof Error ? error.message : String(error)}`);
        return [];
      });
      return soundSpans(silences, sound.duration);
    },
  };
}

export type OwnSoundService = ReturnType<typeof createOwnSound>;

/** Words heard in a video that says nothing: a 400 whose text has no 'audio' in it, so the page shows it as it is. */
export const noSpeechError = () => new UserFacingError(400, subtitleTexts.noSpeech);
