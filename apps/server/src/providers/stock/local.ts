import { basename } from 'node:path';
import type { StockPhoto, StockSearchQuery, StockSearchResponse, StockVideo } from '@reelsmith/contracts';
import MiniSearch from 'minisearch';
import type { ObjectStorage } from '../storage/types.ts';
import { StockSourceRefused, type KeySigner, type LibraryImage, type LibraryVideo, type StockLibrary, type StockProvider } from './types.ts';

type Entry = LibraryImage | LibraryVideo;
interface Doc {
  id: string;
  kind: Entry['kind'];
  alt: string;
  tags: string;
  subjects: string;
}

/**
 * How long a first search waits for the first generated item of its kind on a fresh install: the library renders that kind
 * next, and on a busy two-core machine one render can take most of a minute, so the wait covers it.
 */
const firstItemWaitMs = 60_000;

// A word naming what a picture shows outranks the same word among its tags: 'coffee' finds the café before the
// coffee-coloured textures.
const newIndex = () =>
  new MiniSearch<Doc>({
    fields: ['alt', 'tags', 'subjects'],
    storeFields: ['kind'],
    searchOptions: { boost: { tags: 2, subjects: 4 }, prefix: true, fuzzy: 0.2, combineWith: 'OR' },
  });

const docOf = (id: string, e: Entry): Doc => ({ id, kind: e.kind, alt: e.alt, tags: e.tags.join(' '), subjects: (e.subjects ?? []).join(' ') });

/**
 * On a first start: the items not made yet that this search would find. They are moved to the front of the
 * library's queue, and the answer says how many are coming.
 */
function arrivingMatches(library: StockLibrary, query: StockSearchQuery): number {
  const upcoming = library.upcoming(query.type).filter(({ item }) => orientationOf(item) === query.orientation);
  if (upcoming.length === 0) return 0;
  const pending = newIndex();
  pending.addAll(upcoming.map(({ taskId, item }) => docOf(taskId, item)));
  const matched = pending.search(query.q).map((hit) => hit.id as string);
  library.prefer(matched);
  return matched.length;
}

function orientationOf(e: Entry): StockSearchQuery['orientation'] {
  if (e.height > e.width * 1.05) return 'portrait';
  return e.width > e.height * 1.05 ? 'landscape' : 'square';
}

/**
 * The local library as a stock provider: a minisearch index over the alt texts, tags and subjects of the library's stills and
 * loops (generated and the operator's), caught up whenever the library has grown. Results rank by relevance (prefix
 * and fuzzy matches count less than exact words); ties keep a stable order, so paging is exact.
 */
export function createLocalStockProvider(deps: { library: StockLibrary; storage: ObjectStorage; signer: KeySigner }): StockProvider {
  const index = newIndex();
  const entries = new Map<string, Entry>();
  let indexedVersion = -1;

  const catchUp = () => {
    if (indexedVersion === deps.library.version) return;
    indexedVersion = deps.library.version;
    for (const entry of [...deps.library.list('image'), ...deps.library.list('video')]) {
      const id = `${entry.kind}:${entry.id}`;
      if (entries.has(id)) continue;
      entries.set(id, entry);
      index.add(docOf(id, entry));
    }
  };

  const photo = (e: LibraryImage): StockPhoto => ({
    id: e.id,
    width: e.width,
    height: e.height,
    alt: e.alt,
    photographer: 'Reelsmith library',
    src: { original: deps.signer.sign(e.keys.original), large2x: deps.signer.sign(e.keys.original), large: deps.signer.sign(e.keys.large), portrait: deps.signer.sign(e.keys.portrait) },
  });

  const video = (e: LibraryVideo): StockVideo => ({
    id: e.id,
    width: e.width,
    height: e.height,
    duration: e.duration,
    alt: e.alt,
    image: deps.signer.sign(e.posterKey),
    user: { name: 'Reelsmith library' },
    video_files: e.files.map((f, i) => ({ id: e.id * 10 + i, quality: f.quality, file_type: 'video/mp4', width: f.width, height: f.height, link: deps.signer.sign(f.key) })),
  });

  return {
    name: 'library',

    async search(query) {
      await deps.library.waitFor(query.type, firstItemWaitMs);
      catchUp();
      const kind = query.type;
      const hits = index
        .search(query.q, { filter: (hit) => hit.kind === kind })
        .map((hit) => ({ score: hit.score, entry: entries.get(hit.id as string)! }))
        .filter((hit) => orientationOf(hit.entry) === query.orientation)
        .sort((a, b) => b.score - a.score || a.entry.id - b.entry.id);
      const pageOf = hits.slice((query.page - 1) * query.per_page, query.page * query.per_page).map((h) => h.entry);
      const arriving = arrivingMatches(deps.library, query);
      const common = { page: query.page, per_page: query.per_page, total_results: hits.length, attribution: null, ...(arriving > 0 && { more_arriving: arriving }) };
      const response: StockSearchResponse =
        kind === 'image'
          ? { ...common, photos: pageOf.map((e) => photo(e as LibraryImage)) }
          : { ...common, videos: pageOf.map((e) => video(e as LibraryVideo)) };
      return response;
    },

    async open(url) {
      // Only a same-origin /files/ link to a file of the library qualifies; it is read from storage, not fetched.
      const parsed = URL.canParse(url, 'http://library.invalid') ? new URL(url, 'http://library.invalid') : null;
      if (!parsed || parsed.origin !== 'http://library.invalid' || !parsed.pathname.startsWith('/files/')) throw new StockSourceRefused(url);
      let key: string;
      try {
        key = parsed.pathname.slice('/files/'.length).split('/').map(decodeURIComponent).join('/');
      } catch {
        throw new StockSourceRefused(url);
      }
      if (!deps.library.owns(key)) throw new StockSourceRefused(url);
      return { stream: await deps.storage.read(key), filename: basename(key) };
    },
  };
}
