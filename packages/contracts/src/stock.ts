import { z } from 'zod';
import { uploadPurposeSchema } from './uploads.ts';

/**
 * Stock media search (SPEC §7 `/{stock-provider}-search`, §9 Stock search). The shapes are Pexels': a local library
 * answers in the same shape, so the modal and every later flow read one contract whichever provider is configured.
 */
export const stockPageSize = 80;
/** The auto B-roll step asks for fewer results per page (SPEC §7). */
export const stockAutoBrollPageSize = 30;
export const stockMediaTypes = ['image', 'video'] as const;
export type StockMediaType = (typeof stockMediaTypes)[number];

export const stockSearchRequest = z.object({
  // SPEC §5: the query must be non-empty once trimmed, in every place a search starts.
  q: z.string().trim().min(1).max(200),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(stockPageSize).default(stockPageSize),
  orientation: z.enum(['portrait', 'landscape', 'square']).default('portrait'),
  type: z.enum(stockMediaTypes).default('image'),
});
export type StockSearchRequest = z.input<typeof stockSearchRequest>;
export type StockSearchQuery = z.output<typeof stockSearchRequest>;

export const stockPhoto = z.object({
  id: z.number(),
  width: z.number(),
  height: z.number(),
  alt: z.string(),
  photographer: z.string().optional(),
  photographer_url: z.string().optional(),
  url: z.string().optional(),
  src: z.object({ original: z.string(), large2x: z.string(), large: z.string(), portrait: z.string() }),
});
export type StockPhoto = z.infer<typeof stockPhoto>;

export const stockVideoFile = z.object({
  id: z.number().optional(),
  quality: z.string().nullable(),
  file_type: z.string().optional(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  link: z.string(),
});
export type StockVideoFile = z.infer<typeof stockVideoFile>;

export const stockVideo = z.object({
  id: z.number(),
  width: z.number(),
  height: z.number(),
  duration: z.number(),
  alt: z.string().optional(),
  url: z.string().optional(),
  image: z.string(),
  user: z.object({ name: z.string(), url: z.string().optional() }).optional(),
  video_files: z.array(stockVideoFile).min(1),
});
export type StockVideo = z.infer<typeof stockVideo>;

/** Who the results come from, when the provider asks to be credited (Pexels does). */
export const stockAttribution = z.object({ text: z.string(), url: z.string() });

const page = {
  page: z.number(),
  per_page: z.number(),
  total_results: z.number(),
  attribution: stockAttribution.nullable(),
  /** The built-in library on its first start: how many more matches are still being made (they come within a minute). */
  more_arriving: z.number().int().min(0).optional(),
};
export const stockPhotosResponse = z.object({ ...page, photos: z.array(stockPhoto) });
export const stockVideosResponse = z.object({ ...page, videos: z.array(stockVideo) });
export const stockSearchResponse = z.union([stockPhotosResponse, stockVideosResponse]);
export type StockSearchResponse = z.infer<typeof stockSearchResponse>;

/** SPEC §9: 'Page X of Y' with Y = ceil(total / 80). */
export function stockPageCount(totalResults: number, perPage = stockPageSize): number {
  return Math.max(1, Math.ceil(totalResults / perPage));
}

/** The pager line of SPEC §2. */
export const stockPagerText = (page: number, totalResults: number, perPage = stockPageSize) =>
  `Page ${page} of ${stockPageCount(totalResults, perPage)} • ${totalResults} results`;

/**
 * SPEC §9: the storyboard takes the highest-resolution file, every other flow the HD one (falling back to the
 * highest when a result has no file marked HD).
 */
export function pickStockVideoFile(files: readonly StockVideoFile[], choice: 'highest' | 'hd'): StockVideoFile | undefined {
  const byHeight = [...files].sort((a, b) => (b.height ?? 0) - (a.height ?? 0));
  if (choice === 'hd') return byHeight.find((f) => f.quality === 'hd') ?? byHeight[0];
  return byHeight[0];
}

/** Adding a result: the server fetches the file itself (only from the provider) and keeps it as the user's upload. */
export const stockAddRequest = z.object({
  type: z.enum(stockMediaTypes),
  url: z.string().min(1).max(2048),
  /** Where the file will be used; its upload policy (size, kind) applies. Defaults to the stock purpose of the type. */
  purpose: uploadPurposeSchema.optional(),
  /** A tighter cut than the purpose's, when the page has less room left (Use Own Video's 40 MB across its videos). */
  max_bytes: z.number().int().positive().optional(),
});
export type StockAddRequest = z.infer<typeof stockAddRequest>;

export const stockMessages = {
  searchFailed: 'Search failed. Please try again.',
  addImageFailed: "Couldn't add this image. Try another one.",
  addVideoFailed: 'Could not add that stock video. Please try another.',
  emptyQuery: 'Type something to search for.',
  noResults: 'No results. Try other words.',
  moreArriving: (count: number, type: 'image' | 'video') =>
    `${count} more ${type === 'image' ? (count === 1 ? 'still' : 'stills') : count === 1 ? 'loop' : 'loops'} matching your search ${count === 1 ? 'is' : 'are'} still being made for the built-in library: they appear here within a minute.`,
} as const;

/** SPEC §3 Music track; the library adds what the page can show beside the title. */
export const musicTrack = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  duration: z.number(),
  mood: z.string().nullable(),
  /** The 'No Background Music' entry: a silent track, so a composition always has a music input. */
  silent: z.boolean(),
});
export type MusicTrack = z.infer<typeof musicTrack>;
export const musicListResponse = z.array(musicTrack);
export const noBackgroundMusicTitle = 'No Background Music';

/** SPEC §2 Scroll Stopper: the 18 named background videos, in the spec's order. */
export const scrollStopperBackgrounds = [
  { id: 'minecraft', name: 'Minecraft' },
  { id: 'temple-run', name: 'Temple Run' },
  { id: 'subway-surfer', name: 'Subway Surfer' },
  { id: 'matrix', name: 'Matrix' },
  { id: 'product', name: 'Product' },
  { id: 'calm-yellow', name: 'Calm Yellow' },
  { id: 'restaurant', name: 'Restaurant' },
  { id: 'car-diving', name: 'Car Diving' },
  { id: 'jellyfish', name: 'Jellyfish' },
  { id: 'fire', name: 'Fire' },
  { id: 'exercise', name: 'Exercise' },
  { id: 'salon', name: 'Salon' },
  { id: 'offer', name: 'Offer' },
  { id: 'burger', name: 'Burger' },
  { id: 'gym', name: 'Gym' },
  { id: 'cafe', name: 'Cafe' },
  { id: 'dental', name: 'Dental' },
  { id: 'pizza', name: 'Pizza' },
] as const;

export const backgroundItem = z.object({ id: z.string(), name: z.string(), thumbnail_url: z.string(), video_url: z.string(), duration: z.number() });
export type BackgroundItem = z.infer<typeof backgroundItem>;
export const backgroundsResponse = z.array(backgroundItem);

/** GET /api/video-type-previews: each Create Video tile's looping preview made so far, by the tile's preview id. */
export const videoTypePreview = z.object({ id: z.string(), video_url: z.string(), poster_url: z.string(), duration: z.number() });
export const videoTypePreviewsResponse = z.object({ previews: z.array(videoTypePreview) });
export type VideoTypePreview = z.infer<typeof videoTypePreview>;
