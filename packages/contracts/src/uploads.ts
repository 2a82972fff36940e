import { z } from 'zod';

export type MediaKind = 'image' | 'video' | 'audio';

export interface UploadPolicy {
  kinds: MediaKind[];
  /** When set, only these sniffed MIME types pass (e.g. music is mp3 only). */
  mimeTypes?: string[];
  maxBytes: number;
  /** Longest accepted video/audio, in seconds; longer sources are refused rather than trimmed. */
  maxDurationSeconds?: number;
  tooLargeMessage: (bytes: number) => string;
  wrongTypeMessage: string;
}

const MB = 1024 * 1024;
const tenMinutes = 600;
const imageTypeMessage = 'Please upload a valid image file.';
const videoTypeMessage = 'Please upload a valid video file (MP4, MOV or WebM).';

const scrollStopperVideo = {
  kinds: ['video'],
  maxBytes: 20 * MB,
  maxDurationSeconds: tenMinutes,
  tooLargeMessage: () => 'File size exceeds 20 MB. Please upload a smaller video.',
  wrongTypeMessage: videoTypeMessage,
} satisfies UploadPolicy;

/** SPEC §5 and §9 sizes per place a file enters the product; the server enforces each while the bytes stream in. */
export const uploadPolicies = {
  logo: { kinds: ['image'], maxBytes: 5 * MB, tooLargeMessage: () => 'The logo must be at most 5 MB.', wrongTypeMessage: imageTypeMessage },
  music: {
    kinds: ['audio'],
    mimeTypes: ['audio/mpeg'],
    maxBytes: 4 * MB,
    maxDurationSeconds: tenMinutes,
    tooLargeMessage: () => 'The music file must be at most 4 MB.',
    wrongTypeMessage: 'Please upload an MP3 file.',
  },
  'storyboard-video': {
    kinds: ['video'],
    maxBytes: 8 * MB,
    maxDurationSeconds: tenMinutes,
    tooLargeMessage: () => 'File size exceeds 8MB limit.',
    wrongTypeMessage: videoTypeMessage,
  },
  'scene-image': { kinds: ['image'], maxBytes: 10 * MB, tooLargeMessage: () => 'The image must be at most 10 MB.', wrongTypeMessage: imageTypeMessage },
  'scroll-stopper-video': scrollStopperVideo,
  // A stock video picked on the Scroll Stopper page: the page's limits, yet not the user's own media, so it loops
  // under the voiceover as the library backgrounds do.
  'scroll-stopper-stock': scrollStopperVideo,
  'own-video': {
    kinds: ['video'],
    maxBytes: 41943040,
    maxDurationSeconds: tenMinutes,
    tooLargeMessage: () => 'Adding this video would exceed the 40MB limit.',
    wrongTypeMessage: videoTypeMessage,
  },
  'main-video': {
    kinds: ['video'],
    maxBytes: 100 * MB,
    maxDurationSeconds: tenMinutes,
    tooLargeMessage: () => 'The video must be at most 100 MB.',
    wrongTypeMessage: videoTypeMessage,
  },
  'showcase-image': {
    kinds: ['image'],
    maxBytes: Math.round(1.8 * MB),
    // Two decimals: with one, a file just over the limit would read as the limit itself ('1.8 MB').
    tooLargeMessage: (bytes) => `File too large (${(bytes / MB).toFixed(2)} MB). Max 1.8 MB allowed.`,
    wrongTypeMessage: imageTypeMessage,
  },
  // A Product Intro scene's product image (four to a form, so each is kept small).
  'intro-image': { kinds: ['image'], maxBytes: 5 * MB, tooLargeMessage: () => 'The image must be at most 5 MB.', wrongTypeMessage: imageTypeMessage },
  'broll-image': { kinds: ['image'], maxBytes: 10 * MB, tooLargeMessage: () => 'The image must be at most 10 MB.', wrongTypeMessage: imageTypeMessage },
  'cta-image': { kinds: ['image'], maxBytes: 10 * MB, tooLargeMessage: () => 'The image must be at most 10 MB.', wrongTypeMessage: imageTypeMessage },
  // SPEC §5: the page's hint says 5 MB and does not enforce it; the server's own limit is this one.
  'ugc-product': { kinds: ['image'], maxBytes: 10 * MB, tooLargeMessage: () => 'The image must be at most 10 MB.', wrongTypeMessage: imageTypeMessage },
  'product-image': { kinds: ['image'], maxBytes: 10 * MB, tooLargeMessage: () => 'The image must be at most 10 MB.', wrongTypeMessage: imageTypeMessage },
  'before-after': {
    kinds: ['image', 'video'],
    maxBytes: 20 * MB,
    maxDurationSeconds: tenMinutes,
    tooLargeMessage: () => 'The file must be at most 20 MB.',
    wrongTypeMessage: 'Please upload an image or a video.',
  },
  // Files added from the stock search: the server fetched them from the provider, then checked them like any upload.
  'stock-image': { kinds: ['image'], maxBytes: 25 * MB, tooLargeMessage: () => "Couldn't add this image. Try another one.", wrongTypeMessage: "Couldn't add this image. Try another one." },
  'stock-video': {
    kinds: ['video'],
    maxBytes: 150 * MB,
    maxDurationSeconds: tenMinutes,
    tooLargeMessage: () => 'Could not add that stock video. Please try another.',
    wrongTypeMessage: 'Could not add that stock video. Please try another.',
  },
} satisfies Record<string, UploadPolicy>;

export type UploadPurpose = keyof typeof uploadPolicies;
export const uploadPurposes = Object.keys(uploadPolicies) as UploadPurpose[];
export const uploadPurposeSchema = z.enum(uploadPurposes as [UploadPurpose, ...UploadPurpose[]]);

/** Checks on the content itself, shared by every purpose. */
export const uploadMessages = {
  empty: 'The file is empty.',
  corrupt: 'This file is damaged or incomplete and cannot be read.',
  noVideo: 'This file has no video in it.',
  noAudio: 'This file has no sound in it.',
  tooLong: (maxSeconds: number) => `This file is too long: at most ${Math.round(maxSeconds / 60)} minutes.`,
  imageTooLarge: 'This image has too many pixels (at most 50 megapixels).',
  missingFile: 'Choose a file to upload.',
  failed: 'Upload failed',
} as const;

/** The largest image (in pixels) the server will decode: keeps decompression bombs out. */
export const maxImagePixels = 50_000_000;

export const uploadResponse = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video', 'audio']),
  url: z.string(),
  size: z.number(),
  content_type: z.string(),
  duration: z.number().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type UploadResponse = z.infer<typeof uploadResponse>;
