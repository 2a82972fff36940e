import { basename } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { stockPhoto, stockVideo, type StockSearchQuery, type StockSearchResponse } from '@reelsmith/contracts';
import { z } from 'zod';
import { StockSourceRefused, StockUnavailable, type StockProvider } from './types.ts';

export interface PexelsSettings {
  apiKey: string;
  /** https://api.pexels.com, or a stand-in that answers like it (tests, a caching proxy). */
  baseUrl: string;
}

/** Where Pexels serves the files its results link to. A stand-in base URL serves its own files. */
const pexelsMediaHosts = ['images.pexels.com', 'videos.pexels.com'];
const cacheTtlMs = 24 * 60 * 60 * 1000;
const maxCacheEntries = 500;
const requestTimeoutMs = 15_000;
const maxRedirects = 3;

const photosReply = z.object({ total_results: z.number(), photos: z.array(z.unknown()) });
const videosReply = z.object({ total_results: z.number(), videos: z.array(z.unknown()) });

/** Keeps the results that fit the contract; Pexels adds fields over time and the odd result lacks one. */
function valid<T>(schema: z.ZodType<T>, items: unknown[]): T[] {
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Pexels photo and video search. Replies are cached for 24 hours (Pexels allows 200 requests an hour, and the same
 * query is asked again and again while a user pages back and forth); the rate-limit headers are read, and once the
 * allowance is spent no request is sent until it resets. Files are opened only from Pexels' own hosts.
 */
export function createPexelsProvider(settings: PexelsSettings, clock: () => number = Date.now): StockProvider {
  const base = new URL(settings.baseUrl);
  const cache = new Map<string, { at: number; response: StockSearchResponse }>();
  let spentUntil = 0;

  const allowed = (url: URL) =>
    url.origin === base.origin || (url.protocol === 'https:' && url.port === '' && pexelsMediaHosts.includes(url.hostname));

  async function request(query: StockSearchQuery): Promise<StockSearchResponse> {
    if (clock() < spentUntil) throw new StockUnavailable('the Pexels rate limit is spent');
    const path = query.type === 'image' ? '/v1/search' : '/videos/search';
    const url = new URL(path, base);
    url.search = new URLSearchParams({ query: query.q, page: String(query.page), per_page: String(query.per_page), orientation: query.orientation }).toString();
    let response: Response;
    try {
      response = await fetch(url, { headers: { Authorization: settings.apiKey }, signal: AbortSignal.timeout(requestTimeoutMs) });
    } catch (error) {
      throw new StockUnavailable(`Pexels could not be reached: ${(error as Error).message}`);
    }
    const remaining = Number(response.headers.get('x-ratelimit-remaining'));
    const reset = Number(response.headers.get('x-ratelimit-reset'));
    if (response.status === 429 || (response.headers.has('x-ratelimit-remaining') && remaining <= 0)) {
      // Reset is the epoch second the allowance refills; without it, wait a minute before asking again.
      spentUntil = Number.isFinite(reset) && reset > 0 ? reset * 1000 : clock() + 60_000;
    }
    if (!response.ok) throw new StockUnavailable(`Pexels answered ${response.status}`);
    const body: unknown = await response.json().catch(() => null);
    const common = { page: query.page, per_page: query.per_page, attribution: { text: 'Photos and videos provided by Pexels', url: 'https://www.pexels.com' } };
    if (query.type === 'image') {
      const reply = photosReply.safeParse(body);
      if (!reply.success) throw new StockUnavailable('Pexels sent an unexpected reply');
      return { ...common, total_results: reply.data.total_results, photos: valid(stockPhoto, reply.data.photos) };
    }
    const reply = videosReply.safeParse(body);
    if (!reply.success) throw new StockUnavailable('Pexels sent an unexpected reply');
    return { ...common, total_results: reply.data.total_results, videos: valid(stockVideo, reply.data.videos) };
  }

  return {
    name: 'pexels',

    async search(query) {
      const key = JSON.stringify([query.type, query.q.toLowerCase(), query.page, query.per_page, query.orientation]);
      const hit = cache.get(key);
      if (hit && clock() - hit.at < cacheTtlMs) return hit.response;
      const response = await request(query);
      cache.delete(key);
      cache.set(key, { at: clock(), response });
      // A Map keeps insertion order: dropping the first key drops the oldest entry.
      if (cache.size > maxCacheEntries) cache.delete(cache.keys().next().value!);
      return response;
    },

    async open(link) {
      let url = URL.canParse(link) ? new URL(link) : null;
      // Redirects are followed by hand so that every hop is checked against the same hosts.
      for (let hop = 0; url && allowed(url) && hop <= maxRedirects; hop++) {
        const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(requestTimeoutMs) });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          url = URL.canParse(location, url.href) ? new URL(location, url) : null;
          continue;
        }
        if (!response.ok || !response.body) throw new StockUnavailable(`the file answered ${response.status}`);
        return { stream: Readable.fromWeb(response.body as WebReadableStream), filename: basename(url.pathname) || 'stock' };
      }
      throw new StockSourceRefused(link);
    },
  };
}
