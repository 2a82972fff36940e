import {
  cueWords,
  maxWrittenSubtitleChars,
  parseSrt,
  subtitleStyleNames,
  subtitleTexts,
  workflowMessages,
  type LatestSubtitlesResponse,
  type SubtitleFontSize,
  type SubtitlePosition,
  type SubtitleStyleName,
  type SubtitleStylePreview,
  type WordsPerChunk,
} from '@reelsmith/contracts';
import { assColour, chunkWords, subtitlePreview, subtitleStyles } from '@reelsmith/media';
import type { ProjectRecord } from '../db/repositories/projects.ts';
import { UserFacingError } from '../errors.ts';
import type { FileUrlSigner } from './file-urls.ts';
import { noSpeechError, type OwnSoundService } from './own-sound.ts';
import { currentOwnSound, spokenTrack, type ProjectDocument } from './project-document.ts';
import { cuesFromSrt, cuesToSrt, cueTimingProblem, layWords, type Span } from './subtitles-cues.ts';
import type { WorkflowProjects } from './workflow-projects.ts';

export type DocumentSubtitles = NonNullable<ProjectDocument['subtitles']>;

export interface SubtitleSettings {
  position: SubtitlePosition;
  fontSize: SubtitleFontSize;
  wordsPerChunk: WordsPerChunk;
}

const defaults = { position: 'bottom', fontSize: 'medium', wordsPerChunk: 3, style: 'Default' } as const;

const isStyleName = (name: string | undefined): name is SubtitleStyleName => (subtitleStyleNames as readonly string[]).includes(name ?? '');

/** SPEC §3 subtitle preview, plus the highlight the page animates for the styles that follow the voice. */
export function stylePreview(style: SubtitleStyleName, fontSize: SubtitleFontSize, position: SubtitlePosition): SubtitleStylePreview {
  const s = subtitleStyles[style];
  return {
    ...subtitlePreview(style, fontSize, position),
    highlight_colour: s.highlightColour ? assColour(s.highlightColour) : null,
    pop_scale: s.popScale ?? null,
    uppercase: s.uppercase,
    box: s.border === 'box',
    shadow: s.shadow,
  };
}

/** The voiceover with its word timings, or the speech heard in the user's own video; subtitles come from nothing else. */
function spokenVoice(doc: ProjectDocument) {
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
function assertWordsPerChunk(current: DocumentSubtitles | undefined, wordsPerChunk: WordsPerChunk): void {
  if (current && current.wordsPerChunk !== wordsPerChunk) throw new UserFacingError(409, subtitleTexts.wordsPerChunkLocked(current.wordsPerChunk));
}

/** Fresh captions from the voice's word timings, so each starts exactly when its first word is spoken. */
export function generatedSubtitles(doc: ProjectDocument, settings: SubtitleSettings): DocumentSubtitles {
  const voice = spokenVoice(doc);
  assertWordsPerChunk(currentSubtitles(doc), settings.wordsPerChunk);
  return {
    enabled: doc.subtitles?.enabled ?? true,
    style: doc.subtitles?.style ?? defaults.style,
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
    style: existing?.style ?? defaults.style,
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
    style: doc.subtitles?.style ?? defaults.style,
    cues: chunkWords(words, settings.wordsPerChunk),
    position: settings.position,
    fontSize: settings.fontSize,
    wordsPerChunk: settings.wordsPerChunk,
    voiceoverKey: voice.key,
  };
}

/**
 * What the final video shows under the captions: the latest preview render of the document (voiceover combined,
 * B-rolls laid over; always made without captions), else the video the user started from, else the first background
 * clip. Stills not yet rendered into a video have none.
 */
function pictureKey(record: ProjectRecord, doc: ProjectDocument): string | null {
  const firstClip = doc.background?.kind === 'clips' ? doc.background.clips[0]?.key : undefined;
  return record.previewVideoKey ?? record.sourceVideoKey ?? firstClip ?? null;
}

export function createSubtitlesService(deps: { workflow: WorkflowProjects; ownSound: OwnSoundService; signer: FileUrlSigner }) {
  const { workflow } = deps;

  /** A project without a voiceover of ours has its own video listened to once (up to 59 s), what was heard kept even when nothing was. */
  async function listened(project: ProjectRecord): Promise<ProjectRecord> {
    const doc = workflow.document(project);
    if (doc.voiceover || currentOwnSound(doc)?.words) return project;
    return workflow.save(project, { ownSound: await deps.ownSound.heard(project.userId, doc) });
  }

  return {
    async latest(userId: string, videoId?: string): Promise<LatestSubtitlesResponse> {
      const project = await workflow.resolve(userId, videoId);
      const doc = workflow.document(project);
      const current = currentSubtitles(doc);
      const saved = doc.subtitles;
      const picture = pictureKey(project, doc);
      return {
        video_id: project.id,
        has_audio: (spokenTrack(doc)?.words.length ?? 0) > 0,
        subtitle_srt: current ? cuesToSrt(current.cues) : null,
        subtitle_position: saved?.position ?? defaults.position,
        subtitle_font_size: saved?.fontSize ?? defaults.fontSize,
        words_per_chunk: saved?.wordsPerChunk ?? defaults.wordsPerChunk,
        subtitle_style: isStyleName(saved?.style) ? saved.style : defaults.style,
        subtitle_enabled: saved?.enabled === false ? 'No' : 'Yes',
        preview_video_url: picture ? deps.signer.sign(picture) : null,
      };
    },

    async generate(userId: string, request: SubtitleSettings & { videoId?: string }) {
      const project = await listened(await workflow.resolve(userId, request.videoId));
      const doc = workflow.document(project);
      if (!doc.voiceover && !spokenTrack(doc)?.words.length) throw noSpeechError();
      const subtitles = generatedSubtitles(doc, request);
      await workflow.save(project, { subtitles });
      return { subtitle_srt: cuesToSrt(subtitles.cues), video_id: project.id };
    },

    /** Captions typed by the user (the page offers it when nothing was heard), timed like generated ones. */
    async write(userId: string, request: SubtitleSettings & { videoId?: string; text: string }) {
      checkWrittenText(request.text);
      const resolved = await workflow.resolve(userId, request.videoId);
      assertWordsPerChunk(currentSubtitles(workflow.document(resolved)), request.wordsPerChunk);
      const project = await listened(resolved);
      const doc = workflow.document(project);
      const own = currentOwnSound(doc);
      const spans = own ? await deps.ownSound.soundSpans(own) : [{ start: 0, end: spokenVoice(doc).duration }];
      const subtitles = writtenSubtitles(doc, request, request.text, spans);
      await workflow.save(project, { subtitles });
      return { subtitle_srt: cuesToSrt(subtitles.cues), video_id: project.id };
    },
    async update(userId: string, request: SubtitleSettings & { videoId?: string; srt: string }) {
      const project = await workflow.resolve(userId, request.videoId);
      const subtitles = editedSubtitles(workflow.document(project), request, request.srt);
      await workflow.save(project, { subtitles });
      return { status: 'success' as const, subtitle_srt: cuesToSrt(subtitles.cues) };
    },
  };
}

export type SubtitlesService = ReturnType<typeof createSubtitlesService>;
