import type { Readable } from 'node:stream';
import type { StockSearchQuery, StockSearchResponse } from '@reelsmith/contracts';

/** A stock media source answering in the spec's (Pexels') shapes: {photos | videos, total_results}. */
export interface StockProvider {
  /** Names the spec's route: POST /api/{name}-search. */
  readonly name: string;
  search(query: StockSearchQuery): Promise<StockSearchResponse>;
  /**
   * Opens a file this provider offered in its results. Anything else (another host, a user's file, a made-up path)
   * is refused with StockSourceRefused before a single byte is fetched.
   */
  open(url: string): Promise<StockFile>;
}

export interface StockFile {
  stream: Readable;
  filename: string;
}

/** The URL is not one of the provider's own: nothing was fetched. */
export class StockSourceRefused extends Error {
  override name = 'StockSourceRefused';
}

/** The provider could not answer (network, rate limit, bad reply): the user sees 'Search failed. Please try again.'. */
export class StockUnavailable extends Error {
  override name = 'StockUnavailable';
}

/** A picture the offline library made, with the storage keys of its sizes. */
export interface LibraryImage {
  kind: 'image';
  id: number;
  alt: string;
  tags: string[];
  /** What the picture shows (a bakery, its croissants), where that is known: found before pictures that only look the part. */
  subjects?: string[];
  width: number;
  height: number;
  keys: { original: string; large: string; portrait: string };
}

export interface LibraryVideoFile {
  quality: 'hd' | 'sd' | 'uhd';
  width: number;
  height: number;
  key: string;
}

export interface LibraryVideo {
  kind: 'video';
  id: number;
  alt: string;
  tags: string[];
  subjects?: string[];
  width: number;
  height: number;
  duration: number;
  posterKey: string;
  files: LibraryVideoFile[];
}

/**
 * What the local stock provider reads from the media library (modules/library/library.ts satisfies it), so the provider
 * does not reach up into the feature modules.
 */
export interface StockLibrary {
  readonly version: number;
  list<K extends 'image' | 'video'>(kind: K): Extract<LibraryImage | LibraryVideo, { kind: K }>[];
  waitFor(kind: 'image' | 'video', ms: number): Promise<void>;
  /** Items not made yet whose alt text and tags are known, so a search on a first start can ask for them first. */
  upcoming<K extends 'image' | 'video'>(kind: K): { taskId: string; item: Extract<LibraryImage | LibraryVideo, { kind: K }> }[];
  prefer(taskIds: string[]): void;
  owns(key: string): boolean;
}

/** Signs a storage key into a same-origin URL the browser may fetch for a while. */
export interface KeySigner {
  sign(key: string): string;
}
