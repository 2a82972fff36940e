import {
  cueSchema,
  focusSchema,
  localPathSchema as mediaLocalPath,
  logoCorners,
  subtitlePositions,
  subtitleSizes,
  subtitleStyleNames,
  transitionNames,
  wordSchema,
  type CompositionInput,
  type EndCardSpec,
} from '@reelsmith/media';
import { z } from 'zod';

/**
 * The shape of a storage key (`users/<id>/…`, `library/…`) without the brand, for documents that keep keys as plain
 * strings. A key is relative to the storage: a leading '/' is a path on some machine, a scheme a URL, and '..'
 * would climb out of the storage's folder.
 */
export const storageKeyString = z
  .string()
  .min(1)
  .refine((key) => !key.startsWith('/'), 'must be a storage key, not a file path')
  .refine((key) => !/^[a-z][a-z0-9+.-]*:/i.test(key), 'must be a storage key, not a URL')
  .refine((key) => !key.includes('\\') && !key.includes('\0') && !key.split('/').includes('..'), 'must be a storage key');

export const storageKeySchema = storageKeyString.brand<'StorageKey'>();
/** Names a file in the object storage; any worker can ask its own storage for a local copy. */
export type StorageKey = z.infer<typeof storageKeySchema>;

export const localPathSchema = mediaLocalPath.brand<'LocalPath'>();
/** An absolute path to a file on this machine, only meaningful to the worker that made it. */
export type LocalPath = z.infer<typeof localPathSchema>;

const seconds = z.number().finite().nonnegative();
const positiveSeconds = z.number().finite().positive();
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
/** A family the render machines have, or the brand's uploaded font file. */
const storedFont = z.object({ family: z.string().min(1).max(80), key: storageKeySchema.optional() });

/** The brand's end card as a job carries it: what to draw, not the drawn picture (each worker draws it once). */
export const storedEndCardSchema = z.object({
  text: z.string().min(1).max(60),
  contact: z.string().max(80),
  logoKey: storageKeySchema.optional(),
  colors: z.object({ background: colour, accent: colour, text: colour }),
  headingFont: storedFont,
  bodyFont: storedFont,
  duration: positiveSeconds,
});
export type StoredEndCard = z.output<typeof storedEndCardSchema>;

/**
 * A composition as a render job carries it: the render document of `packages/media`, except that every media field
 * names a storage key (`key`, `imageKey`), not a path on some machine. Any worker turns it into a renderable
 * composition with `resolveCompositionPaths`.
 */
export const storedCompositionSchema = z.object({
  duration: positiveSeconds.optional(),
  background: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('clips'),
      fit: z.enum(['loop', 'trim']),
      clips: z.array(z.object({ key: storageKeySchema, duration: positiveSeconds, length: positiveSeconds.optional() })).min(1),
    }),
    z.object({
      kind: z.literal('scenes'),
      transition: z.enum(transitionNames),
      transitionDuration: positiveSeconds,
      scenes: z.array(z.object({ imageKey: storageKeySchema, duration: positiveSeconds, zoom: z.boolean(), focus: focusSchema.optional() })).min(1),
    }),
  ]),
  overlays: z.array(z.object({ imageKey: storageKeySchema, start: seconds, end: positiveSeconds })).default([]),
  voiceover: z.object({ key: storageKeySchema, duration: positiveSeconds, words: z.array(wordSchema) }).optional(),
  music: z.object({ key: storageKeySchema, volume: z.number().min(0).max(2), duck: z.boolean() }).optional(),
  subtitles: z
    .object({
      cues: z.array(cueSchema),
      style: z.enum(subtitleStyleNames),
      position: z.enum(subtitlePositions),
      fontSize: z.enum(subtitleSizes),
      highlightColour: colour.optional(),
    })
    .optional(),
  closingImage: z.object({ key: storageKeySchema, duration: positiveSeconds }).optional(),
  logo: z
    .object({ key: storageKeySchema, corner: z.enum(logoCorners), width: z.number().positive().max(1080).optional(), opacity: z.number().min(0.2).max(1).optional() })
    .optional(),
  endCard: storedEndCardSchema.optional(),
});
export type StoredComposition = z.output<typeof storedCompositionSchema>;
/** A stored composition before its keys are checked and branded. */
export type StoredCompositionInput = z.input<typeof storedCompositionSchema>;

type LocalCopy = (key: StorageKey) => Promise<LocalPath>;
/** Draws the end card (its files already local) and answers the picture's path. */
export type EndCardDrawer = (spec: EndCardSpec) => Promise<LocalPath>;

/** The end card with local files: the brand's uploaded font from storage, a family from the machine's fonts. */
export async function localEndCard(card: StoredEndCard, toLocal: LocalCopy, fontFile: (family: string, bold: boolean) => Promise<string>): Promise<EndCardSpec> {
  const fontOf = async (font: StoredEndCard['headingFont'], bold: boolean) => (font.key ? toLocal(font.key) : fontFile(font.family, bold));
  return {
    text: card.text,
    contact: card.contact,
    ...(card.logoKey ? { logoPath: await toLocal(card.logoKey) } : {}),
    background: card.colors.background,
    accent: card.colors.accent,
    textColour: card.colors.text,
    headingFontFile: await fontOf(card.headingFont, true),
    bodyFontFile: await fontOf(card.bodyFont, false),
  };
}

/** The video's length where the composition says it (its own or its voiceover's): how much a render of it has to do. */
export const compositionSeconds = (composition: StoredComposition): number | null => composition.duration ?? composition.voiceover?.duration ?? null;

/** A render's whole wait before any has finished here: a start, then about as long as the video plays. */
export const typicalRenderSeconds = (size: number | null) => 15 + (size ?? 30);

/** The renderable composition: each storage key replaced by the path of a local copy. */
export async function resolveCompositionPaths(
  stored: StoredComposition,
  toLocal: LocalCopy,
  endCards?: { draw: EndCardDrawer; fontFile: (family: string, bold: boolean) => Promise<string> },
): Promise<CompositionInput> {
  if (stored.endCard && !endCards) throw new Error('a composition with an end card needs an end card drawer');
  const background: CompositionInput['background'] =
    stored.background.kind === 'clips'
      ? {
          kind: 'clips',
          fit: stored.background.fit,
          clips: await Promise.all(stored.background.clips.map(async ({ key, ...clip }) => ({ ...clip, path: await toLocal(key) }))),
        }
      : {
          kind: 'scenes',
          transition: stored.background.transition,
          transitionDuration: stored.background.transitionDuration,
          scenes: await Promise.all(stored.background.scenes.map(async ({ imageKey, ...scene }) => ({ ...scene, imagePath: await toLocal(imageKey) }))),
        };
  const withPath = async <T extends { key: StorageKey }>({ key, ...rest }: T) => ({ ...rest, path: await toLocal(key) });
  return {
    ...(stored.duration ? { duration: stored.duration } : {}),
    background,
    overlays: await Promise.all(stored.overlays.map(async ({ imageKey, ...overlay }) => ({ ...overlay, imagePath: await toLocal(imageKey) }))),
    ...(stored.voiceover ? { voiceover: await withPath(stored.voiceover) } : {}),
    ...(stored.music ? { music: await withPath(stored.music) } : {}),
    ...(stored.subtitles ? { subtitles: stored.subtitles } : {}),
    ...(stored.closingImage ? { closingImage: await withPath(stored.closingImage) } : {}),
    ...(stored.logo ? { logo: await withPath(stored.logo) } : {}),
    ...(stored.endCard && endCards
      ? { endCard: { path: await endCards.draw(await localEndCard(stored.endCard, toLocal, endCards.fontFile)), duration: stored.endCard.duration } }
      : {}),
  };
}

/** A user's render may read only that user's files and the shared libraries. */
export function isReadableBy(userId: string, key: StorageKey): boolean {
  return key.startsWith(`users/${userId}/`) || key.startsWith('library/');
}
