import { z } from 'zod';
import { updateBgMusicRequest, updateBgMusicResponse, uploadMusicResponse } from '../bg-music.ts';
import { defineEndpoint } from '../endpoint.ts';
import { genericMessages } from '../messages.ts';
import { backgroundsResponse, videoTypePreviewsResponse, musicListResponse, stockAddRequest, stockMessages, stockSearchRequest, stockSearchResponse } from '../stock.ts';
import { uploadResponse } from '../uploads.ts';

const none = z.object({});
/** SPEC §5: an empty query has its own text; any other malformed search the generic one. */
const searchRefusal = (body: unknown) => {
  const q = (body as { q?: unknown } | null)?.q;
  return q === undefined || (typeof q === 'string' && q.trim() === '') ? stockMessages.emptyQuery : genericMessages.badRequest;
};

/** SPEC §7 `/{stock-provider}-search`: the path carries the configured provider's name. */
const searchAt = <const Path extends string>(path: Path, summary: string, onlyWhen?: string) =>
  defineEndpoint({
    method: 'POST',
    path,
    summary,
    onlyWhen,
    tag: 'stock',
    access: 'session',
    body: 'json',
    request: stockSearchRequest,
    response: stockSearchResponse,
    badRequestMessage: searchRefusal,
  });

export const mediaEndpoints = {
  stockSearch: searchAt('/api/stock-search', 'Stock search, whichever provider is configured (the web app calls this one).'),
  pexelsSearch: searchAt('/api/pexels-search', 'SPEC §7 {stock-provider}-search with Pexels.', 'PEXELS_API_KEY is set'),
  librarySearch: searchAt('/api/library-search', 'SPEC §7 {stock-provider}-search with the offline library.', 'PEXELS_API_KEY is not set'),
  stockAdd: defineEndpoint({
    method: 'POST',
    path: '/api/stock-add',
    summary: "Keeps a chosen stock result as the user's upload (fetched only from the provider's own hosts).",
    tag: 'stock',
    access: 'session',
    body: 'json',
    request: stockAddRequest,
    response: uploadResponse,
  }),
  music: defineEndpoint({
    method: 'POST',
    path: '/api/music',
    summary: 'SPEC §7 music: the list of tracks.',
    tag: 'music',
    access: 'session',
    body: 'none',
    request: none,
    response: musicListResponse,
  }),
  backgrounds: defineEndpoint({
    method: 'GET',
    path: '/api/backgrounds',
    summary: 'The Scroll Stopper backgrounds made so far.',
    tag: 'scroll-stopper',
    access: 'session',
    body: 'none',
    request: none,
    response: backgroundsResponse,
  }),
  videoTypePreviews: defineEndpoint({
    method: 'GET',
    path: '/api/video-type-previews',
    summary: 'The Create Video tiles\' looping previews made so far (the library makes them on the first start).',
    tag: 'dashboard',
    access: 'session',
    body: 'none',
    request: none,
    response: videoTypePreviewsResponse,
  }),
  uploadMusic: defineEndpoint({
    method: 'POST',
    path: '/api/upload-music',
    summary: "SPEC §7 upload-music (form: file, user_id, type 'bg_music').",
    tag: 'music',
    access: 'session',
    body: 'upload',
    request: z.object({ user_id: z.string().min(1), type: z.literal('bg_music').default('bg_music') }),
    upload: { files: { file: { policy: 'music', required: true } }, maxFiles: 1, storage: 'memory' },
    response: uploadMusicResponse,
    namesUser: { id: 'user_id' },
  }),
  updateBgMusic: defineEndpoint({
    method: 'POST',
    path: '/api/update-bg-music',
    summary: 'SPEC §7 update-bg-music: the chosen track (or none) for the project.',
    tag: 'music',
    access: 'session',
    body: 'json',
    request: updateBgMusicRequest,
    response: updateBgMusicResponse,
    namesUser: { id: 'user_id' },
  }),
} as const;
