import { maxVideoSeconds } from '@reelsmith/contracts';
import { closingImageSeconds, defaultMusicVolume, endCardSeconds, sceneTransitionSeconds, type logoCorners } from '@reelsmith/media';
import { storedCompositionSchema, type StoredComposition, type StoredCompositionInput } from '../../jobs/stored-composition.ts';
import type { ProjectDocument, TimedWord } from './project-document-schema.ts';

export * from './project-document-schema.ts';

type LogoCorner = (typeof logoCorners)[number];

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

/**
 * Where the logo goes: the brand's corner, else the top right. Captions at the bottom would run over a bottom corner,
 * so there the logo takes the top corner on the same side (the brand page says so).
 */
export function logoCorner(brandCorner: LogoCorner | undefined, captions: 'middle' | 'bottom' | undefined): LogoCorner {
  const corner = brandCorner ?? 'top-right';
  return captions === 'bottom' && corner.startsWith('bottom') ? (corner.replace('bottom', 'top') as LogoCorner) : corner;
}

/**
 * The render document for the project as it stands, naming storage keys (a render job resolves them to local paths);
 * throws if the project has nothing to show yet.
 */
export function toStoredComposition(doc: ProjectDocument, options: { maxSeconds?: number; withSubtitles?: boolean } = {}): StoredComposition {
  if (!doc.background) throw new Error('the project has no background yet');
  const own = currentOwnSound(doc);
  // A user's own video speaks for itself: its sound is the voice track (cut at 59 s, SPEC §9), the music ducks under it.
  const voice = doc.voiceover ?? (own?.hasAudio ? { key: own.key, duration: own.duration, words: own.words ?? [] } : undefined);
  const background: StoredCompositionInput['background'] =
    doc.background.kind === 'clips'
      ? { kind: 'clips', fit: doc.background.fit, clips: doc.background.clips.map((c) => ({ key: c.key, duration: c.duration, ...(c.length ? { length: c.length } : {}) })) }
      : {
          kind: 'scenes',
          transition: doc.background.transition,
          transitionDuration: sceneTransitionSeconds,
          scenes: doc.background.scenes.map((s) => ({ imageKey: s.imageKey, duration: s.duration, zoom: s.zoom, ...(s.focus ? { focus: s.focus } : {}) })),
        };
  // The voiceover may end before the user's own video does: the music carries the rest. Past 59 s nothing of it is
  // ever shown (SPEC §9), so not even a preview runs longer.
  const ownMedia = Math.min(ownMediaSeconds(doc.background) ?? 0, maxVideoSeconds);
  const natural = Math.max(voice?.duration ?? 0, ownMedia) || undefined;
  // The closing image and the end card are part of the video, so the cap leaves room for them.
  const endCard = doc.brandLook?.endCard;
  const stills = (doc.closingImageKey ? closingImageSeconds : 0) + (endCard ? endCardSeconds : 0);
  const limit = options.maxSeconds ? options.maxSeconds - stills : undefined;
  const look = doc.brandLook;
  const duration = natural && limit ? Math.min(natural, limit) : (natural ?? undefined);
  const subtitles = options.withSubtitles !== false && doc.subtitles?.enabled && doc.subtitles.cues.length > 0 ? doc.subtitles : undefined;
  const composition: StoredCompositionInput = {
    ...(duration ? { duration } : {}),
    background,
    overlays: (doc.overlays ?? []).map((o) => ({ imageKey: o.imageKey, start: o.start, end: o.end })),
    ...(voice ? { voiceover: { key: voice.key, duration: voice.duration, words: voice.words } } : {}),
    ...(doc.music?.key ? { music: { key: doc.music.key, volume: defaultMusicVolume, duck: true } } : {}),
    ...(subtitles
      ? { subtitles: { cues: subtitles.cues, style: subtitles.style, position: subtitles.position, fontSize: subtitles.fontSize, ...(look ? { highlightColour: look.highlightColour } : {}) } }
      : {}),
    ...(doc.closingImageKey ? { closingImage: { key: doc.closingImageKey, duration: closingImageSeconds } } : {}),
    ...(doc.logoKey ? { logo: { key: doc.logoKey, corner: logoCorner(look?.logo?.corner, subtitles?.position), ...(look?.logo ? { width: look.logo.width, opacity: look.logo.opacity } : {}) } } : {}),
    ...(endCard
      ? {
          endCard: {
            text: endCard.text,
            contact: endCard.contact,
            ...(endCard.logoKey ? { logoKey: endCard.logoKey } : {}),
            colors: endCard.colors,
            headingFont: endCard.headingFont,
            bodyFont: endCard.bodyFont,
            duration: endCardSeconds,
          },
        }
      : {}),
  };
  // Parsed, so every key is checked to be one (and branded) before a job carries it.
  return storedCompositionSchema.parse(composition);
}
