import {
  cueWords,
  maxWrittenSubtitleChars,
  parseSrt,
  subtitleTexts,
  workflowMessages,
  type SubtitleStyleName,
  type SubtitleFontSize,
  type SubtitlePosition,
  type WordsPerChunk,
} from '@reelsmith/contracts';
import { chunkWords } from '@reelsmith/media';
import { UserFacingError } from '../../errors.ts';
import { spokenTrack, type ProjectDocument } from './project-document.ts';
import { cuesFromSrt, cueTimingProblem, layWords, type Span } from './subtitles-cues.ts';

/** The subtitles part of the project document: how captions are made, edited and checked (the subtitles step and the final video both need these rules). */
export type DocumentSubtitles = NonNullable<ProjectDocument['subtitles']>;

export interface SubtitleSettings {
  position: SubtitlePosition;
  fontSize: SubtitleFontSize;
  wordsPerChunk: WordsPerChunk;
  /** The style captions start with when the project has none yet: its brand's caption style. */
  startStyle?: SubtitleStyleName;
}

export const subtitleDefaults = { position: 'bottom', fontSize: 'medium', wordsPerChunk: 3, style: 'Default' } as const;

/** The voiceover with its word timings, or the speech heard in the user's own video; subtitles come from nothing else. */
export function spokenVoice(doc: ProjectDocument) {
  const voice = spokenTrack(doc);
  if (!voice || voice.words.length === 0) throw new UserFacingError(400, workflowMessages.noAudio);
  return voice;
}

/** Subtitles timed from the project's current speech; those of an earlier voiceover (or video) count as none. */
export function currentSubtitles(doc: ProjectDocument): DocumentSubtitles | undefined {
  const subtitles = doc.subtitles;
  if (!subtitles || subtitles.cues.length === 0) return undefined;
  return subtitles.voiceoverKey === undefined || subtitles.voiceoverKey === spokenTrack(doc)?.key ? subtitles : undefined;
}

/** SPEC §4: the words-per-chunk choice is locked once subtitles exist. */
export function assertWordsPerChunk(current: DocumentSubtitles | undefined, wordsPerChunk: WordsPerChunk): void {
  if (current && current.wordsPerChunk !== wordsPerChunk) throw new UserFacingError(409, subtitleTexts.wordsPerChunkLocked(current.wordsPerChunk));
}

/** Fresh captions from the voice's word timings, so each starts exactly when its first word is spoken. */
export function generatedSubtitles(doc: ProjectDocument, settings: SubtitleSettings): DocumentSubtitles {
  const voice = spokenVoice(doc);
  assertWordsPerChunk(currentSubtitles(doc), settings.wordsPerChunk);
  return {
    enabled: doc.subtitles?.enabled ?? true,
    style: doc.subtitles?.style ?? settings.startStyle ?? subtitleDefaults.style,
    cues: chunkWords(voice.words, settings.wordsPerChunk),
    position: settings.position,
    fontSize: settings.fontSize,
    wordsPerChunk: settings.wordsPerChunk,
    voiceoverKey: voice.key,
  };
}

/**
 * The user's edited captions (SRT); timings stay, words keep or share out the voice's timings (subtitles-cues.ts).
 * An own video in which no words were heard takes them too: they are the captions the user wrote by hand.
 */
export function editedSubtitles(doc: ProjectDocument, settings: SubtitleSettings, srt: string): DocumentSubtitles {
  const voice = spokenTrack(doc);
  if (!voice) throw new UserFacingError(400, workflowMessages.noAudio);
  const existing = doc.subtitles;
  if (existing?.voiceoverKey !== undefined && existing.voiceoverKey !== voice.key && existing.cues.length > 0) {
    throw new UserFacingError(409, subtitleTexts.staleSubtitles);
  }
  assertWordsPerChunk(currentSubtitles(doc), settings.wordsPerChunk);
  const edited = parseSrt(srt);
  if (!edited) throw new UserFacingError(400, subtitleTexts.invalidSrt);
  const problem = cueTimingProblem(edited, voice.duration);
  if (problem) throw new UserFacingError(400, problem === 'overlap' ? subtitleTexts.invalidSrt : subtitleTexts.cueOutsideVoiceover);
  return {
    enabled: existing?.enabled ?? true,
    style: existing?.style ?? settings.startStyle ?? subtitleDefaults.style,
    cues: cuesFromSrt(edited, existing?.cues ?? []),
    position: settings.position,
    fontSize: settings.fontSize,
    wordsPerChunk: settings.wordsPerChunk,
    voiceoverKey: voice.key,
  };
}

/** The text a user typed for captions: something to show, and no more than a few screens of it. */
export function checkWrittenText(text: string): void {
  if (text.length > maxWrittenSubtitleChars) throw new UserFacingError(400, subtitleTexts.writtenTooLong);
  if (text.trim() === '') throw new UserFacingError(400, subtitleTexts.writtenEmpty);
}

/**
 * Captions the user typed, for speech the recogniser did not hear: the words are laid over where the video makes a
 * sound (`spans`) and grouped like generated captions (words per screen, a new caption at each sentence end).
 */
export function writtenSubtitles(doc: ProjectDocument, settings: SubtitleSettings, text: string, spans: readonly Span[]): DocumentSubtitles {
  checkWrittenText(text);
  const voice = spokenTrack(doc);
  if (!voice) throw new UserFacingError(400, workflowMessages.noAudio);
  assertWordsPerChunk(currentSubtitles(doc), settings.wordsPerChunk);
  const typed = cueWords(text);
  const timed = layWords(
    typed.map((word) => word.text),
    spans,
  );
  const words = typed.map((word, i) => ({ ...timed[i]!, ...(word.colour ? { colour: word.colour } : {}) }));
  return {
    enabled: doc.subtitles?.enabled ?? true,
    style: doc.subtitles?.style ?? settings.startStyle ?? subtitleDefaults.style,
    cues: chunkWords(words, settings.wordsPerChunk),
    position: settings.position,
    fontSize: settings.fontSize,
    wordsPerChunk: settings.wordsPerChunk,
    voiceoverKey: voice.key,
  };
}

