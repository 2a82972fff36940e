import { quotaKinds, subtitleFontSizes, subtitlePositions, subtitleStyleNames, ugcConfig, ugcLengths, wordsPerChunkOptions } from '@reelsmith/contracts';
import { focusSchema as focus, transitionNames } from '@reelsmith/media';
import { z } from 'zod';
import type { OwnVideoEntry } from '../../db/repositories/own-videos.ts';
import { storageKeyString } from '../../jobs/stored-composition.ts';

/** What a project's background video render is for; the document remembers the one running (`videoJob`). */
export const videoJobPurposes = ['combine', 'images', 'storyboard', 'own-videos', 'ai-video', 'showcase', 'before-after', 'intro', 'ugc'] as const;
export type VideoJobPurpose = (typeof videoJobPurposes)[number];

const key = storageKeyString;

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
/** A font by the family the render machines know, or an uploaded file of the brand (its storage key). */
const fontRef = z.object({ family: z.string().min(1).max(80), key: key.optional() });
export const brandLookSchema = z.object({
  logo: z.object({ corner: z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right']), width: z.number().positive().max(1080), opacity: z.number().min(0.2).max(1) }).nullable(),
  highlightColour: colour,
  endCard: z
    .object({
      text: z.string().min(1).max(60),
      contact: z.string().max(80),
      logoKey: key.nullable(),
      colors: z.object({ background: colour, accent: colour, text: colour }),
      headingFont: fontRef,
      bodyFont: fontRef,
    })
    .nullable(),
});
export type BrandLook = z.infer<typeof brandLookSchema>;
const seconds = z.number().finite().nonnegative();

const timedWord = z.object({
  text: z.string(),
  start: seconds,
  end: seconds,
  /** '#RRGGBB' of a caption word the user emphasised. */
  colour: z.string().optional(),
});
export type TimedWord = z.infer<typeof timedWord>;

const spoken = z.object({ key, duration: seconds, words: z.array(timedWord) });

const ownVideoEntry = z.object({ id: z.string(), key, size: z.number(), duration: seconds }) satisfies z.ZodType<OwnVideoEntry>;

/**
 * The parts of a project document (the `composition` column), as the workflow steps write them. Media fields name
 * storage keys; the renderer gets a composition built from this by `toStoredComposition`, so the document is the one
 * source of truth and the final video is rendered from it once. A part not declared here is refused.
 */
export const projectDocumentSchema = z.strictObject({
  /** The idea or brief the script was asked for ("Use this idea" starts a project with it). */
  prompt: z.string().optional(),
  scenes: z.array(z.string()).optional(),
  /** Each scene's image and video as the user gave them (their uploads), kept so a reload finds them. */
  sceneMedia: z
    .array(z.object({ image: z.object({ key, name: z.string(), size: z.number() }).nullable(), video: z.object({ key, name: z.string(), size: z.number() }).nullable() }))
    .optional(),
  /** sha256 of the script the scenes were written from: another script means new scenes. */
  scenesScript: z.string().optional(),
  voiceover: spoken
    .extend({
      voice: z.string(),
      instructions: z.string(),
      tempo: z.number().positive(),
      /** The voiceover at tempo 1, so a tempo change never stacks on an earlier one. */
      original: spoken,
    })
    .optional(),
  background: z
    .discriminatedUnion('kind', [
      z.object({
        kind: z.literal('clips'),
        clips: z.array(z.object({ key, duration: seconds, length: seconds.optional() })),
        fit: z.enum(['loop', 'trim']),
        hasSpeech: z.boolean().optional(),
        /** Where the picture already carries burnt-in text (a showcase's captions): subtitles keep clear of it. */
        textAt: z.enum(subtitlePositions).optional(),
      }),
      z.object({
        kind: z.literal('scenes'),
        /** focus: where the user framed the image (Animated Images); absent is centred. */
        scenes: z.array(z.object({ imageKey: key, duration: seconds, zoom: z.boolean(), focus: focus.optional() })),
        transition: z.enum(transitionNames),
      }),
    ])
    .optional(),
  overlays: z.array(z.object({ imageKey: key, start: seconds, end: seconds })).optional(),
  /** The B-roll preview the user settled on (SPEC §7 save-broll-url); the final video is rendered from the document. */
  brollPreviewKey: key.optional(),
  /** null is 'No Background Music' (a silent track). */
  music: z.object({ key: key.nullable(), title: z.string() }).optional(),
  subtitles: z
    .object({
      enabled: z.boolean(),
      cues: z.array(z.object({ start: seconds, end: seconds, words: z.array(timedWord) })),
      position: z.enum(subtitlePositions),
      fontSize: z.enum(subtitleFontSizes),
      wordsPerChunk: z.union(wordsPerChunkOptions.map((n) => z.literal(n))),
      style: z.enum(subtitleStyleNames),
      /** The voiceover the cues were timed from; another voiceover makes them stale. */
      voiceoverKey: key.optional(),
    })
    .optional(),
  /** null: the user chose no closing image for the final video. */
  closingImageKey: key.nullable().optional(),
  /** The latest final render: a repeated request for the same document joins it instead of starting another. */
  finalRender: z.object({ jobId: z.string(), fingerprint: z.string(), idempotencyKey: z.string() }).optional(),
  /**
   * The voiceover (or own video's sound) of the latest finished final video. Re-rendering with the same one is
   * free; another one makes a new video that uses a credit. Absent on videos finished before it was recorded.
   */
  finalAudioKey: key.nullable().optional(),
  /** The latest preview render of the document (combine, storyboard, …) that check-video-status reports on. */
  videoJob: z.object({ jobId: z.string(), purpose: z.enum(videoJobPurposes) }).optional(),
  /** The user's logo at the final render; null: none uploaded, or left out on the final step. */
  logoKey: key.nullable().optional(),
  /** The project's brand as the latest final render drew it (core/brand/brand-look.ts): logo placement, colours, end card. */
  brandLook: brandLookSchema.optional(),
  /**
   * The sound of the user's own video (Add B-Rolls) in a project with no voiceover of ours: it stays the final
   * video's soundtrack, the music ducking under it, and its heard words time the subtitles. `key` is the video it
   * was taken from (another main video makes it stale); `words` is absent until someone listened.
   */
  ownSound: z.object({ key, duration: seconds, hasAudio: z.boolean(), words: z.array(timedWord).optional() }).optional(),
  /** The videos the Use Own Video page saved, written by its repository with a compare-and-swap. */
  ownVideos: z.array(ownVideoEntry).optional(),
  /**
   * A UGC video's first step: the form's choices, the product photo, and the still being made for them (the image
   * job writes `imageKey`); then the prompt and length step 2 last sent, and the video made from this still.
   */
  ugc: z
    .object({
      config: ugcConfig,
      productKey: key,
      imageJobId: z.string(),
      imageKey: key,
      prompt: z.string().optional(),
      length: z.enum(ugcLengths).optional(),
      /** The video made from this still (step 2), once one was started. */
      videoJobId: z.string().optional(),
    })
    .optional(),
  /** Credits held for video jobs that may still fail ({ [jobId]: kind }), written by the video-credits repository. */
  creditHolds: z.record(z.string(), z.enum(quotaKinds)).optional(),
});
export type ProjectDocument = z.infer<typeof projectDocumentSchema>;

/**
 * Some top-level parts, as a step saves them; the others stay as they are. Each part is checked whole, and an
 * unknown part is refused, before anything is written.
 */
export const projectDocumentPatchSchema = projectDocumentSchema.partial();
export type ProjectDocumentPatch = z.infer<typeof projectDocumentPatchSchema>;

export const currentDocumentVersion = 1;
/** The document as stored: its parts and the version of their shape. */
export type StoredProjectDocument = ProjectDocument & { version: typeof currentDocumentVersion };

type UnknownDocument = Record<string, unknown>;

/**
 * `migrations[n]` turns a document of version n into version n + 1. Version 0 is a document written before versions
 * were recorded; its parts already have the shape of version 1. A document is migrated when it is read and written
 * whole the next time a step saves into it (workflow-projects.ts), so parts that repositories write into the jsonb
 * directly (creditHolds, ownVideos, finalAudioKey) must keep a shape every version reads.
 */
const migrations: readonly ((older: UnknownDocument) => UnknownDocument)[] = [(legacy) => ({ ...legacy, version: 1 })];

export class InvalidProjectDocumentError extends Error {
  override name = 'InvalidProjectDocumentError';
}

/** The version a stored document was written in; 0 when it records none. */
export function storedDocumentVersion(raw: Record<string, unknown>): unknown {
  return raw.version ?? 0;
}

/**
 * The document in the current shape, from the raw jsonb of the `composition` column: an older version is migrated,
 * and a document that does not fit the schema is refused with what is wrong where, rather than passed on to fail
 * somewhere later.
 */
export function readProjectDocument(raw: unknown, projectId?: string): ProjectDocument {
  const named = projectId ? `project document ${projectId}` : 'project document';
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InvalidProjectDocumentError(`${named} is not an object`);
  const version = storedDocumentVersion(raw as UnknownDocument);
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0 || version > currentDocumentVersion) {
    throw new InvalidProjectDocumentError(`${named} has an unknown version: ${JSON.stringify(version)}`);
  }
  const { version: _current, ...parts } = migrations.slice(version).reduce((document, migrate) => migrate(document), raw as UnknownDocument);
  const parsed = projectDocumentSchema.safeParse(parts);
  if (!parsed.success) throw new InvalidProjectDocumentError(`${named} (version ${version}) is invalid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** A patch checked against the schema: a part that is not the document's, or not in its shape, throws. */
export function validProjectDocumentPatch(patch: ProjectDocumentPatch): ProjectDocumentPatch {
  const parsed = projectDocumentPatchSchema.safeParse(patch);
  if (!parsed.success) throw new InvalidProjectDocumentError(`project document patch is invalid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** A new project's document, stamped with the current version. */
export function newProjectDocument(parts: ProjectDocumentPatch = {}): StoredProjectDocument {
  return { ...validProjectDocumentPatch(parts), version: currentDocumentVersion };
}
