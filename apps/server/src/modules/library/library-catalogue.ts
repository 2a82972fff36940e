import { scrollStopperBackgrounds, type BackgroundItem, type MusicTrack, type VideoTypePreview } from '@reelsmith/contracts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';
import type { MediaLibrary } from './library.ts';

/**
 * How long a list waits for its first item on a fresh install before answering with what exists: the library renders that kind
 * next, and on a busy two-core machine one render can take most of a minute, so the wait covers it.
 */
const firstItemWaitMs = 60_000;

/** The music and background lists of the library, with signed URLs (fresh on every read). */
export function createLibraryCatalogue(deps: { library: MediaLibrary; signer: FileUrlSigner }) {
  return {
    /** 'No Background Music' (the silent track) first, then the library's tracks and the operator's, by title. */
    async music(): Promise<MusicTrack[]> {
      await deps.library.waitFor('track', firstItemWaitMs);
      const tracks = [...deps.library.list('track')].sort((a, b) => Number(b.silent) - Number(a.silent) || a.title.localeCompare(b.title));
      return tracks.map((t) => ({ id: t.id, title: t.title, url: deps.signer.sign(t.key), duration: t.duration, mood: t.mood, silent: t.silent }));
    },

    /** The Scroll Stopper backgrounds that exist so far, in the spec's order. */
    async backgrounds(): Promise<BackgroundItem[]> {
      await deps.library.waitFor('background', firstItemWaitMs);
      const made = new Map(deps.library.list('background').map((b) => [b.id, b]));
      return scrollStopperBackgrounds.flatMap(({ id, name }) => {
        const item = made.get(id);
        return item ? [{ id, name, thumbnail_url: deps.signer.sign(item.thumbnailKey), video_url: deps.signer.sign(item.videoKey), duration: item.duration }] : [];
      });
    },

    /** The tiles' previews made so far; a tile without one shows its words alone, so nothing waits for them. */
    previews(): VideoTypePreview[] {
      void deps.library.start();
      return deps.library.list('preview').map((p) => ({ id: p.id, video_url: deps.signer.sign(p.videoKey), poster_url: deps.signer.sign(p.posterKey), duration: p.duration }));
    },
  };
}

export type LibraryCatalogue = ReturnType<typeof createLibraryCatalogue>;
