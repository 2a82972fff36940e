import {
  subtitlePositions,
  subtitleStyleNames,
  type LatestSubtitlesResponse,
  type SubtitleFontSize,
  type SubtitlePosition,
  type SubtitleStyleName,
  type SubtitleStylePreview,
} from '@reelsmith/contracts';
import { assColour, subtitlePreview, subtitleStyles } from '@reelsmith/media';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import {
  assertWordsPerChunk,
  checkWrittenText,
  currentSubtitles,
  editedSubtitles,
  generatedSubtitles,
  spokenVoice,
  subtitleDefaults,
  type SubtitleSettings,
  writtenSubtitles,
} from '../../core/project/document-subtitles.ts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';
import { noSpeechError, type OwnSoundService } from '../../core/project/own-sound.ts';
import { currentOwnSound, spokenTrack, type ProjectDocument } from '../../core/project/project-document.ts';
import { cuesToSrt } from '../../core/project/subtitles-cues.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

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

/**
 * What the final video shows under the captions: the latest preview render of the document (voiceover combined,
 * B-rolls laid over; always made without captions), else the video the user started from, else the first background
 * clip. Stills not yet rendered into a video have none.
 */
function pictureKey(record: ProjectRecord, doc: ProjectDocument): string | null {
  const firstClip = doc.background?.kind === 'clips' ? doc.background.clips[0]?.key : undefined;
  return record.previewVideoKey ?? record.sourceVideoKey ?? firstClip ?? null;
}

export interface SubtitlesServiceDependencies {
  workflow: WorkflowProjects;
  ownSound: OwnSoundService;
  signer: FileUrlSigner;
  /** The caption style of the project's brand: the style a project starts with until the user picks one. */
  brandDefaults: (userId: string, projectId: string) => Promise<{ captionStyle: SubtitleStyleName }>;
}

export function createSubtitlesService(deps: SubtitlesServiceDependencies) {
  const { workflow } = deps;

  /** A project without a voiceover of ours has its own video listened to once (up to 59 s), what was heard kept even when nothing was. */
  async function listened(project: ProjectRecord): Promise<ProjectRecord> {
    const doc = workflow.document(project);
    if (doc.voiceover || currentOwnSound(doc)?.words) return project;
    return workflow.save(project, { ownSound: await deps.ownSound.heard(project.userId, doc) });
  }

  /** The settings with the style new captions start with: the project's brand's. */
  async function branded<S extends SubtitleSettings>(userId: string, projectId: string, settings: S): Promise<S> {
    return { ...settings, startStyle: (await deps.brandDefaults(userId, projectId)).captionStyle };
  }

  return {
    async latest(userId: string, videoId?: string): Promise<LatestSubtitlesResponse> {
      const project = await workflow.resolve(userId, videoId);
      const doc = workflow.document(project);
      const current = currentSubtitles(doc);
      const saved = doc.subtitles;
      const picture = pictureKey(project, doc);
      const textAt = doc.background?.kind === 'clips' ? (doc.background.textAt ?? null) : null;
      // Until the user picks a position, subtitles start clear of the picture's own text (issue 29 §2).
      const defaultPosition = textAt === subtitleDefaults.position ? subtitlePositions.find((position) => position !== textAt)! : subtitleDefaults.position;
      return {
        video_id: project.id,
        has_audio: (spokenTrack(doc)?.words.length ?? 0) > 0,
        subtitle_srt: current ? cuesToSrt(current.cues) : null,
        subtitle_position: saved?.position ?? defaultPosition,
        subtitle_font_size: saved?.fontSize ?? subtitleDefaults.fontSize,
        words_per_chunk: saved?.wordsPerChunk ?? subtitleDefaults.wordsPerChunk,
        subtitle_style: isStyleName(saved?.style) ? saved.style : (await deps.brandDefaults(userId, project.id)).captionStyle,
        subtitle_enabled: saved?.enabled === false ? 'No' : 'Yes',
        preview_video_url: picture ? deps.signer.sign(picture) : null,
        picture_text_at: textAt,
      };
    },

    async generate(userId: string, request: SubtitleSettings & { videoId?: string }) {
      const project = await listened(await workflow.resolve(userId, request.videoId));
      const doc = workflow.document(project);
      if (!doc.voiceover && !spokenTrack(doc)?.words.length) throw noSpeechError();
      const subtitles = generatedSubtitles(doc, await branded(userId, project.id, request));
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
      const subtitles = writtenSubtitles(doc, await branded(userId, project.id, request), request.text, spans);
      await workflow.save(project, { subtitles });
      return { subtitle_srt: cuesToSrt(subtitles.cues), video_id: project.id };
    },
    async update(userId: string, request: SubtitleSettings & { videoId?: string; srt: string }) {
      const project = await workflow.resolve(userId, request.videoId);
      const subtitles = editedSubtitles(workflow.document(project), await branded(userId, project.id, request), request.srt);
      await workflow.save(project, { subtitles });
      return { status: 'success' as const, subtitle_srt: cuesToSrt(subtitles.cues) };
    },
  };
}

export type SubtitlesService = ReturnType<typeof createSubtitlesService>;
