import { maxVideoSeconds } from '@reelsmith/contracts';
import { closingImageSeconds, defaultMusicVolume, sceneTransitionSeconds } from '@reelsmith/media';
import type { StoredComposition } from '../jobs/stored-composition.ts';

/** What a project's background video render is for; the document remembers the one running (`videoJob`). */
export const videoJobPurposes = ['combine', 'images', 'storyboard', 'own-videos'] as const;
export type VideoJobPurpose = (typeof videoJobPurposes)[number];

export interface TimedWord {
  text: string;
  start: number;
  end: number;
  /** '#RRGGBB' of a caption word the user emphasised. */
  colour?: string;
}

/**
 * What the workflow steps write into a project (the `composition` column). Media fields name storage keys; the
 * renderer gets a composition built from this by `toStoredComposition`, so the document is the one source of truth
 * and the final video is rendered from it once.
 */
export interface ProjectDocument {
  /** The idea or brief the script was asked for ("Use this idea" starts a project with it). */
  prompt?: string;
  scenes?: string[];
  /** sha256 of the script the scenes were written from: another script means new scenes. */
  scenesScript?: string;
  voiceover?: {
    key: string;
    duration: number;
    words: TimedWord[];
    voice: string;
    instructions: string;
    tempo: number;
    /** The voiceover at tempo 1, so a tempo change never stacks on an earlier one. */
    original: { key: string; duration: number; words: TimedWord[] };
  };
  background?:
    | { kind: 'clips'; clips: { key: string; duration: number; length?: number }[]; fit: 'loop' | 'trim'; hasSpeech?: boolean }
    | { kind: 'scenes'; scenes: { imageKey: string; duration: number; zoom: boolean }[]; transition: 'fade' | 'wipeleft' | 'wiperight' | 'smoothleft' | 'smoothright' };
  overlays?: { imageKey: string; start: number; end: number }[];
  /** The B-roll preview the user settled on (SPEC §7 save-broll-url); the final video is rendered from the document. */
  brollPreviewKey?: string;
  /** null is 'No Background Music' (a silent track). */
  music?: { key: string | null; title: string };
  subtitles?: {
    enabled: boolean;
    cues: { start: number; end: number; words: TimedWord[] }[];
    position: 'middle' | 'bottom';
    fontSize: 'small' | 'medium' | 'large';
    wordsPerChunk: 3 | 4 | 5;
    style: string;
    /** The voiceover the cues were timed from; another voiceover makes them stale. */
    voiceoverKey?: string;
  };
  /** null: the user chose no closing image for the final video. */
  closingImageKey?: string | null;
  /** The latest final render: a repeated request for the same document joins it instead of starting another. */
  finalRender?: { jobId: string; fingerprint: string; idempotencyKey: string };
  /**
   * The voiceover (or own video's sound) of the latest finished final video. Re-rendering with the same one is
   * free; another one makes a new video that uses a credit. Absent on videos finished before it was recorded.
   */
  finalAudioKey?: string | null;
  /** The latest preview render of the document (combine, storyboard, …) that check-video-status reports on. */
  videoJob?: { jobId: string; purpose: VideoJobPurpose };
  /** The user's logo at the final render; null: none uploaded, or left out on the final step. */
  logoKey?: string | null;
  /**
   * The sound of the user's own video (Add B-Rolls) in a project with no voiceover of ours: it stays the final
   * video's soundtrack, the music ducking under it, and its heard words time the subtitles. `key` is the video it
   * was taken from (another main video makes it stale); `words` is absent until someone listened.
   */
  ownSound?: { key: string; duration: number; hasAudio: boolean; words?: TimedWord[] };
}

/** The user's own video the project plays and keeps the sound of: one clip, no voiceover, not a silent library clip. */
export function ownVideoClip(doc: ProjectDocument): { key: string; duration: number } | undefined {
  const background = doc.background;
  if (doc.voiceover || background?.kind !== 'clips' || background.hasSpeech === false || background.clips.length !== 1) return undefined;
  return background.clips[0];
}

/** The own sound measured on the video the project plays now; undefined when none was, or another video was. */
export function currentOwnSound(doc: ProjectDocument): ProjectDocument['ownSound'] {
  const clip = ownVideoClip(doc);
  return clip && doc.ownSound?.key === clip.key ? doc.ownSound : undefined;
}

/** What the project's subtitles are timed from: the voiceover, else the own video's heard speech. */
export function spokenTrack(doc: ProjectDocument): { key: string; duration: number; words: TimedWord[] } | undefined {
  if (doc.voiceover) return doc.voiceover;
  const own = currentOwnSound(doc);
  return own?.hasAudio && own.words ? { key: own.key, duration: own.duration, words: own.words } : undefined;
}

/**
 * How long the user's own media runs when played once: a slideshow of their images, or their own clips played
 * through. The final video keeps all of it, however short the voiceover. Undefined for a looped background (a
 * library clip repeats under the voiceover) and for storyboard clips, which are cut to their scenes' share of it.
 */
export function ownMediaSeconds(background: NonNullable<ProjectDocument['background']>): number | undefined {
  if (background.kind === 'scenes') {
    return background.scenes.reduce((sum, s) => sum + s.duration, 0) - (background.scenes.length - 1) * sceneTransitionSeconds;
  }
  if (background.fit !== 'trim' || background.clips.some((c) => c.length)) return undefined;
  return background.clips.reduce((sum, c) => sum + c.duration, 0);
}

/** The render document for the project as it stands; throws if the project has nothing to show yet. */

export function toStoredComposition(doc: ProjectDocument, options: { maxSeconds?: number; withSubtitles?: boolean } = {}): StoredComposition {
  if (!doc.background) throw new Error('the project has no background yet');
  const own = currentOwnSound(doc);
  // A user's own video speaks for itself: its sound is the voice track (cut at 59 s, SPEC §9), the music ducks under it.
  const voice = doc.voiceover ?? (own?.hasAudio ? { key: own.key, duration: own.duration, words: own.words ?? [] } : undefined);
  const background: StoredComposition['background'] =
    doc.background.kind === 'clips'
      ? { kind: 'clips', fit: doc.background.fit, clips: doc.background.clips.map((c) => ({ path: c.key, duration: c.duration, ...(c.length ? { length: c.length } : {}) })) }
      : {
          kind: 'scenes',
          transition: doc.background.transition,
          transitionDuration: sceneTransitionSeconds,
          scenes: doc.background.scenes.map((s) => ({ imagePath: s.imageKey, duration: s.duration, zoom: s.zoom })),
        };
  // The voiceover may end before the user's own video does: the music carries the rest. Past 59 s nothing of it is
  // ever shown (SPEC §9), so not even a preview runs longer.
  const ownMedia = Math.min(ownMediaSeconds(doc.background) ?? 0, maxVideoSeconds);
  const natural = Math.max(voice?.duration ?? 0, ownMedia) || undefined;
  // The closing image is part of the video, so the cap leaves room for it.
  const limit = options.maxSeconds ? options.maxSeconds - (doc.closingImageKey ? closingImageSeconds : 0) : undefined;
  const duration = natural && limit ? Math.min(natural, limit) : (natural ?? undefined);
  const subtitles = options.withSubtitles !== false && doc.subtitles?.enabled && doc.subtitles.cues.length > 0 ? doc.subtitles : undefined;
  return {
    ...(duration ? { duration } : {}),
    background,
    overlays: (doc.overlays ?? []).map((o) => ({ imagePath: o.imageKey, start: o.start, end: o.end })),
    ...(voice ? { voiceover: { path: voice.key, duration: voice.duration, words: voice.words } } : {}),
    ...(doc.music?.key ? { music: { path: doc.music.key, volume: defaultMusicVolume, duck: true } } : {}),
    ...(subtitles
      ? {
          subtitles: {
            cues: subtitles.cues,
            style: subtitles.style as NonNullable<StoredComposition['subtitles']>['style'],
            position: subtitles.position,
            fontSize: subtitles.fontSize,
          },
        }
      : {}),
    ...(doc.closingImageKey ? { closingImage: { path: doc.closingImageKey, duration: closingImageSeconds } } : {}),
    // Captions sit in the middle or at the bottom, so a top corner never covers them.
    ...(doc.logoKey ? { logo: { path: doc.logoKey, corner: 'top-right' as const } } : {}),
  };
}
