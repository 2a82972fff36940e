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
