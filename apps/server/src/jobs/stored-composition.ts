import type { CompositionInput } from '@reelsmith/media';

/**
 * A composition as the database keeps it: every media field names a storage key, not a path on some machine.
 * Any worker turns it into a renderable composition by asking its own storage for local copies.
 */
export type StoredComposition = CompositionInput;

type PathMapper = (key: string) => Promise<string>;

export async function resolveCompositionPaths(stored: StoredComposition, toLocal: PathMapper): Promise<CompositionInput> {
  const background =
    stored.background.kind === 'clips'
      ? { ...stored.background, clips: await Promise.all(stored.background.clips.map(async (c) => ({ ...c, path: await toLocal(c.path) }))) }
      : {
          ...stored.background,
          scenes: await Promise.all(stored.background.scenes.map(async (s) => ({ ...s, imagePath: await toLocal(s.imagePath) }))),
        };
  return {
    ...stored,
    background,
    overlays: stored.overlays && (await Promise.all(stored.overlays.map(async (o) => ({ ...o, imagePath: await toLocal(o.imagePath) })))),
    voiceover: stored.voiceover && { ...stored.voiceover, path: await toLocal(stored.voiceover.path) },
    music: stored.music && { ...stored.music, path: await toLocal(stored.music.path) },
    closingImage: stored.closingImage && { ...stored.closingImage, path: await toLocal(stored.closingImage.path) },
    logo: stored.logo && { ...stored.logo, path: await toLocal(stored.logo.path) },
  };
}

/** A user's render may read only that user's files and the shared libraries. */
export function isReadableBy(userId: string, key: string): boolean {
  return key.startsWith(`users/${userId}/`) || key.startsWith('library/');
}
