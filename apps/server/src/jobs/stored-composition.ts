import { cueSchema, focusSchema, localPathSchema as mediaLocalPath, logoCorners, subtitlePositions, subtitleSizes, subtitleStyleNames, transitionNames, wordSchema, type CompositionInput } from '@reelsmith/media';
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
    .object({ cues: z.array(cueSchema), style: z.enum(subtitleStyleNames), position: z.enum(subtitlePositions), fontSize: z.enum(subtitleSizes) })
    .optional(),
  closingImage: z.object({ key: storageKeySchema, duration: positiveSeconds }).optional(),
  logo: z.object({ key: storageKeySchema, corner: z.enum(logoCorners) }).optional(),
});
export type StoredComposition = z.output<typeof storedCompositionSchema>;
/** A stored composition before its keys are checked and branded. */
export type StoredCompositionInput = z.input<typeof storedCompositionSchema>;

type LocalCopy = (key: StorageKey) => Promise<LocalPath>;

/** The video's length where the composition says it (its own or its voiceover's): how much a render of it has to do. */
export const compositionSeconds = (composition: StoredComposition): number | null => composition.duration ?? composition.voiceover?.duration ?? null;

/** A render's whole wait before any has finished here: a start, then about as long as the video plays. */
export const typicalRenderSeconds = (size: number | null) => 15 + (size ?? 30);

/** The renderable composition: each storage key replaced by the path of a local copy. */
export async function resolveCompositionPaths(stored: StoredComposition, toLocal: LocalCopy): Promise<CompositionInput> {
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
  };
}

/** A user's render may read only that user's files and the shared libraries. */
export function isReadableBy(userId: string, key: StorageKey): boolean {
  return key.startsWith(`users/${userId}/`) || key.startsWith('library/');
}
